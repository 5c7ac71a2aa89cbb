// Helpers shared by the project's Node scripts (start, test, bench): run a step, find Chromium,
// build when the sources changed.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LARGE_PAGES_ENV } from "./large-pages.mjs";

export const TSX = ["--conditions=react-server", "--import", "tsx"];

export { LARGE_PAGES_ENV };

/**
 * The server's memory allocator settings (glibc reads them when the process starts, so whoever
 * starts scripts/serve.mjs passes them). A large table passes through buffers of tens of
 * megabytes on several threads; by default each thread may get its own arena and the allocator
 * raises its mmap threshold after freeing one, so freed memory stays in the process: 550 MB a
 * minute after a 1M-row approval. With two arenas and a fixed threshold, about 445 MB.
 */
export const SERVER_MEMORY_ENV = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  ...LARGE_PAGES_ENV,
};

/** Runs a command with inherited output; resolves on exit code 0, rejects otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${[command, ...args].join(" ")} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Runs a TypeScript script of this project with the same module conditions as the server. */
export function runScript(file, args = [], options = {}) {
  return run(process.execPath, [...TSX, file, ...args], options);
}

export function chromiumPath(env = process.env) {
  const candidates = env.CHROMIUM_PATH
    ? [env.CHROMIUM_PATH]
    : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export const CHROMIUM_HELP = `Browser tests need Chromium, and it was not found.
  Install Debian's build:   sudo apt-get update && sudo apt-get install -y chromium
  or point to a binary:     CHROMIUM_PATH=/path/to/chromium npm test`;

/**
 * The folder of Debian's PostgreSQL server programs, newest version first (what
 * tests/support/postgres.ts starts), or null when the package is not installed.
 */
export function postgresBinDir() {
  const debian = "/usr/lib/postgresql";
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  const found = versions.find((version) => existsSync(`${debian}/${version}/bin/initdb`));
  return found ? `${debian}/${found}/bin` : null;
}

export const POSTGRES_HELP = `The PostgreSQL tests need Debian's PostgreSQL server, and it was not found.
  Install it:   sudo apt-get update && sudo apt-get install -y postgresql`;

/** What a production build is made from: a change to any of these needs a new build. */
const BUILD_INPUTS = [
  "app",
  "components",
  "lib",
  "prisma/schema.prisma",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];

function* buildInputFiles(root, entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === "generated" || name.endsWith(".test.ts")) continue;
      yield* buildInputFiles(root, path.join(entry, name));
    }
  } else {
    yield entry;
  }
}

function sourceStamp(root) {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    for (const file of buildInputFiles(root, input)) {
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex");
}

/**
 * Runs `next build` unless `distDir` holds a build of the current sources (`npm start`, and the
 * benchmarks that serve a build). `env` reaches next.config.ts: SIGNOFF_DEV_PAGES=1 builds the
 * benchmark's pages into .next-dev-pages.
 */
export async function buildWhenChanged({ root, env = process.env, distDir = ".next" }) {
  const stampFile = path.join(root, distDir, "signoff-build-stamp");
  const stamp = sourceStamp(root);
  const built = existsSync(path.join(root, distDir, "BUILD_ID")) && existsSync(stampFile);
  if (built && readFileSync(stampFile, "utf8") === stamp) return;
  console.log("Building the app (sources changed since the last build)…");
  await run("npx", ["next", "build"], { cwd: root, env });
  writeFileSync(stampFile, stamp);
}

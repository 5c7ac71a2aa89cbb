// `npm start`: migrate, seed, build when the sources changed since the last build, serve.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { run, runScript, SERVER_MEMORY_ENV } from "./lib.mjs";

const root = path.resolve(import.meta.dirname, "..");
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
const stampFile = path.join(root, ".next", "signoff-build-stamp");

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === "generated" || name.endsWith(".test.ts")) continue;
      yield* files(path.join(entry, name));
    }
  } else {
    yield entry;
  }
}

function sourceStamp() {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    for (const file of files(input)) {
      hash
        .update(file)
        .update("\0")
        .update(readFileSync(path.join(root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex");
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
await runScript("scripts/db-migrate.ts", [], { cwd: root, env });
await runScript("scripts/db-seed.ts", [], { cwd: root, env });

const stamp = sourceStamp();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile);
if (!built || readFileSync(stampFile, "utf8") !== stamp) {
  console.log("Building the app (sources changed since the last build)…");
  await run("npx", ["next", "build"], { cwd: root, env });
  writeFileSync(stampFile, stamp);
}

const port = process.env.PORT ?? "3000";
console.log(`Signoff is starting on http://localhost:${port}`);
await run(process.execPath, ["scripts/serve.mjs", "--port", port], {
  cwd: root,
  env: { ...SERVER_MEMORY_ENV, ...env },
});

// The CLI as one bundled JavaScript module, built from cli/ and lib/ when they change. Loading
// the TypeScript sources through tsx costs about half a second of every run (each module is
// resolved and compiled through tsx's loader thread); the bundle loads in a few tens of
// milliseconds. It lives in node_modules/.cache, so the packages it imports resolve from the
// repository as before, and it is rebuilt (about 0.2 s, with esbuild, which tsx brings along) the
// first time the CLI runs after a source it was built from changed.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const CACHE = path.join("node_modules", ".cache", "signoff-cli");
/** Superseded builds older than this are removed (a run may still be loading one). */
const KEEP_OLD_BUILDS_MS = 10 * 60_000;

/**
 * The bundle's entry for this checkout, building it first when it is missing or older than one
 * of its sources; null when it cannot be built (then the caller runs the sources through tsx).
 */
export async function currentCliBundle(root) {
  const cache = path.join(root, CACHE);
  const current = readCurrent(cache);
  if (current && isFresh(root, current)) return path.join(cache, current.dir, "signoff.mjs");
  try {
    return await build(root, cache);
  } catch (error) {
    console.warn(
      `signoff: running from the sources; the CLI bundle could not be built (${error.message})`,
    );
    return null;
  }
}

function readCurrent(cache) {
  try {
    return JSON.parse(fs.readFileSync(path.join(cache, "current.json"), "utf8"));
  } catch {
    return null;
  }
}

/** Every file the bundle was built from is unchanged (same size and modification time). */
function isFresh(root, current) {
  if (!fs.existsSync(path.join(root, CACHE, current.dir, "signoff.mjs"))) return false;
  for (const [file, stamp] of Object.entries(current.inputs)) {
    const stat = fs.statSync(path.join(root, file), { throwIfNoEntry: false });
    if (!stat || stampOf(stat) !== stamp) return false;
  }
  return true;
}

function stampOf(stat) {
  return `${stat.size}:${stat.mtimeMs}`;
}

async function build(root, cache) {
  const require = createRequire(path.join(root, "package.json"));
  const esbuild = await import(pathToFileURL(require.resolve("esbuild")).href);
  // Each build gets its own directory: a run started from the previous one may still be
  // loading its lazily imported commands.
  const dir = `build-${Date.now()}-${randomUUID().slice(0, 8)}`;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ["cli/signoff.ts"],
    outdir: path.join(cache, dir),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // The packages stay imports, resolved from node_modules as before, but for zod (its hundred
    // modules are most of what loading the CLI costs). `server-only` is what it is under the
    // app's server conditions: nothing.
    plugins: [serverOnlyIsEmpty, packagesExceptZodStayImports],
    tsconfig: "tsconfig.json",
    sourcemap: "linked",
    metafile: true,
    logLevel: "silent",
  });
  const inputs = {};
  // Inputs are paths relative to the root, but for modules made up here ("empty:server-only").
  const sources = Object.keys(result.metafile.inputs).filter((file) => !file.includes(":"));
  for (const file of [...sources, "tsconfig.json", "package.json"]) {
    inputs[file] = stampOf(fs.statSync(path.join(root, file)));
  }
  const next = path.join(cache, `current.${process.pid}.json`);
  fs.writeFileSync(next, JSON.stringify({ dir, inputs }));
  fs.renameSync(next, path.join(cache, "current.json"));
  removeOldBuilds(cache, dir);
  return path.join(cache, dir, "signoff.mjs");
}

/** `import "server-only"` guards server code against client bundles; the CLI is server code. */
const serverOnlyIsEmpty = {
  name: "server-only-is-empty",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({
      path: "server-only",
      namespace: "empty",
    }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

const packagesExceptZodStayImports = {
  name: "packages-except-zod-stay-imports",
  setup(build) {
    build.onResolve({ filter: /.*/ }, ({ path: specifier, kind }) => {
      // Our own modules: relative, or through the tsconfig path `@/…`.
      if (kind === "entry-point" || /^(\.|\/|@\/)/.test(specifier)) return undefined;
      if (specifier === "zod" || specifier.startsWith("zod/")) return undefined;
      return { external: true };
    });
  },
};

function removeOldBuilds(cache, keep) {
  for (const entry of fs.readdirSync(cache, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === keep) continue;
    const full = path.join(cache, entry.name);
    if (Date.now() - fs.statSync(full).mtimeMs > KEEP_OLD_BUILDS_MS) {
      fs.rmSync(full, { recursive: true, force: true });
    }
  }
}

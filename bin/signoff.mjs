#!/usr/bin/env node
// The `signoff` bin: runs the CLI (cli/signoff.ts) from its bundle, built from the sources when
// they changed (scripts/cli-bundle.mjs), in this process. When the bundle cannot be built it runs
// the sources through tsx, a dependency of this package, in a child process that has the app's
// server module conditions (server-only modules load). Paths are resolved relative to this file,
// so it works from any directory.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { currentCliBundle } from "../scripts/cli-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Where the schema and migrations are (lib/db/migrations.ts), wherever the CLI runs from.
process.env.SIGNOFF_ROOT ??= root;
const bundle = await currentCliBundle(root);
if (bundle) await import(pathToFileURL(bundle).href);
else runSources();

function runSources() {
  const require = createRequire(path.join(root, "package.json"));
  const tsx = pathToFileURL(require.resolve("tsx")).href;
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      "--conditions=react-server",
      "--import",
      tsx,
      path.join(root, "cli", "signoff.ts"),
      ...process.argv.slice(2),
    ],
    {
      stdio: "inherit",
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") },
    },
  );
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("error", (error) => {
    console.error(`signoff: cannot start the CLI: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

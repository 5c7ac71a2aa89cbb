#!/usr/bin/env node
// The `signoff` bin: runs the CLI (cli/signoff.ts) from its bundle, built from the sources when
// they changed (scripts/cli-bundle.mjs), in this process. When the bundle cannot be built it runs
// the sources through tsx, a dependency of this package, in a child process that has the app's
// server module conditions (server-only modules load). Paths are resolved relative to this file,
// so it works from any directory.
//
// On Linux, given a large CSV file, it first starts itself again with glibc's large pages for
// large buffers (`LARGE_PAGES_ENV`, read only as a process starts): a second start of Node, about
// 0.1 s, against a third of the time of reading and parsing the file.
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LARGE_PAGES_ENV } from "../scripts/large-pages.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Where the schema and migrations are (lib/db/migrations.ts), wherever the CLI runs from.
process.env.SIGNOFF_ROOT ??= root;
if (process.platform === "linux" && process.env.GLIBC_TUNABLES === undefined && largeCsv()) {
  runChild([...process.execArgv, fileURLToPath(import.meta.url)], LARGE_PAGES_ENV);
} else {
  // Loaded only here: a process that starts itself again has no use for it.
  const { currentCliBundle } = await import("../scripts/cli-bundle.mjs");
  const bundle = await currentCliBundle(root);
  if (bundle) await import(pathToFileURL(bundle).href);
  else runSources();
}

/** Whether the command reads a CSV file (`--csv FILE`) of more than a few megabytes. */
function largeCsv() {
  const args = process.argv.slice(2);
  const at = args.indexOf("--csv");
  const file = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith("--csv="))?.slice(6);
  try {
    return file !== undefined && statSync(file).size >= 8 * 1024 * 1024;
  } catch {
    return false;
  }
}

function runSources() {
  const require = createRequire(path.join(root, "package.json"));
  const tsx = pathToFileURL(require.resolve("tsx")).href;
  runChild(
    [
      ...process.execArgv,
      "--conditions=react-server",
      "--import",
      tsx,
      path.join(root, "cli", "signoff.ts"),
    ],
    { TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json") },
  );
}

/** Runs node with `args` and this process's arguments, as this process: its exit is ours. */
function runChild(args, env) {
  const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("error", (error) => {
    console.error(`signoff: cannot start the CLI: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    // Ended by a signal: so is this process (without the handler above, which would ignore it).
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

#!/usr/bin/env node
// The `signoff` bin: runs the TypeScript CLI (cli/signoff.ts) through tsx, a dependency of this
// package, with paths resolved relative to this file so it works from any directory.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "package.json"));
const tsx = pathToFileURL(require.resolve("tsx")).href;
const entry = path.join(root, "cli", "signoff.ts");

const child = spawn(
  process.execPath,
  // react-server: the same module conditions as the app's server code (server-only modules load).
  // A larger young generation: a run over a million rows keeps hundreds of thousands of small
  // objects alive for its whole length, and with the default each collection copies them again
  // (about 0.5 s of a 1M-row apply).
  [
    ...process.execArgv,
    "--max-semi-space-size=64",
    "--conditions=react-server",
    "--import",
    tsx,
    entry,
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

// Entry of the compute thread (thread.mjs). It runs the TypeScript sources of lib/ through tsx,
// as the CLI does, with `server-only` resolved to an empty module as in the tests: the thread is
// server code, outside React's server bundle.
import "./server-only-hook.mjs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { register as registerTypeScript } from "tsx/esm/api";

// The repository's tsconfig, wherever the server was started from: it maps the `@/` paths.
registerTypeScript({ tsconfig: fileURLToPath(new URL("../../tsconfig.json", import.meta.url)) });
// Idle caches ask the collector to give memory back (lib/services/idle-release.ts); the server
// turned --expose-gc on for the process, and each thread needs its own handle on it.
globalThis.gc ??= vm.runInNewContext("gc");

const { runTask } = await import("./tasks.ts");
export default runTask;

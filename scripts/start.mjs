// `npm start`: migrate, seed, build when the sources changed since the last build, serve.
import path from "node:path";
import { buildWhenChanged, run, runScript, SERVER_MEMORY_ENV } from "./lib.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
await runScript("scripts/db-migrate.ts", [], { cwd: root, env });
await runScript("scripts/db-seed.ts", [], { cwd: root, env });

await buildWhenChanged({ root, env });

const port = process.env.PORT ?? "3000";
console.log(`Signoff is starting on http://localhost:${port}`);
await run(process.execPath, ["scripts/serve.mjs", "--port", port], {
  cwd: root,
  env: { ...SERVER_MEMORY_ENV, ...env },
});

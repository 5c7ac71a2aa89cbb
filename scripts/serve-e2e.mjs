// The server under browser test: a fresh database in data/e2e, migrated and seeded, then the
// production build served on E2E_PORT. Run by playwright.config.ts's webServer.
import { rmSync } from "node:fs";
import path from "node:path";
import { run, runScript, SERVER_MEMORY_ENV } from "./lib.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, "data", "e2e");
rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: `file:${path.join(dataDir, "signoff.db")}`,
  SIGNOFF_PLANNER: "rules",
  // The suite signs in many times from one address; the limit itself has an integration test.
  SIGNOFF_SIGN_IN_ATTEMPTS: "10000",
};
delete env.GOOGLE_GENERATIVE_AI_API_KEY;

await runScript("scripts/db-migrate.ts", [], { cwd: root, env });
await runScript("scripts/db-seed.ts", [], { cwd: root, env });
await runScript("scripts/seed-e2e-users.ts", [], { cwd: root, env });
await run(
  process.execPath,
  ["scripts/serve.mjs", "--port", process.env.E2E_PORT ?? "3100", "--hostname", "127.0.0.1"],
  { cwd: root, env: { ...SERVER_MEMORY_ENV, ...env } },
);

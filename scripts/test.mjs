// `npm test`: everything, in CI's order — lint, typecheck, unit and integration (on SQLite, then
// the integration suite again on a throw-away PostgreSQL), build, the production server under
// concurrency, crashes and hostile input, browser.
import { existsSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_HELP, chromiumPath, POSTGRES_HELP, postgresBinDir, run } from "./lib.mjs";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (!chromiumPath(env)) {
  console.error(CHROMIUM_HELP);
  process.exit(1);
}
if (!postgresBinDir()) {
  console.error(POSTGRES_HELP);
  process.exit(1);
}

const steps = [
  ["lint", "npx", ["biome", "check", "."]],
  ["typecheck", "npx", ["tsc", "--noEmit"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  [
    "integration tests on PostgreSQL",
    "npx",
    ["vitest", "run", "--config", "vitest.postgres.config.ts"],
  ],
  ["production build", "npx", ["next", "build"]],
  ["production server tests", "npx", ["vitest", "run", "--config", "vitest.server.config.ts"]],
  ["browser tests", "npx", ["playwright", "test"]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  try {
    await run(command, args, { cwd: root, env });
  } catch (error) {
    console.error(`\n✖ ${name} failed: ${error.message}`);
    process.exit(1);
  }
}
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) process.exit(1);
console.log("\n✔ all checks passed");

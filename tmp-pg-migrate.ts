import { execFileSync } from "node:child_process";
import { startPostgres } from "./tests/support/postgres";
const server = await startPostgres();
try {
  execFileSync("npm", ["run", "db:migrate:new", "--", "change_records_without_foreign_keys"], {
    stdio: "inherit",
    env: { ...process.env, SIGNOFF_POSTGRES_URL: server.url },
  });
} finally {
  await server.stop();
}

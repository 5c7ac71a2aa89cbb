import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The integration suite again, on PostgreSQL: tests/support/postgres-setup.ts starts a throw-away
 * server (Debian's `postgresql` package) and every temporary database (tests/support/temp-db.ts)
 * is a new database on it. `npm run test:postgres`; part of `npm test`.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      "tests/integration/**/*.test.ts",
      "tests/security/**/*.test.ts",
      "lib/db/**/*.test.ts",
      "tests/postgres/**/*.test.ts",
    ],
    exclude: [...configDefaults.exclude, "tests/**/*.server.test.ts"],
    globalSetup: ["tests/support/postgres-setup.ts"],
  },
});

import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": import.meta.dirname,
      // `server-only` throws outside React Server Components; in Node tests it is a no-op.
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only.ts"),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "cli/**/*.test.ts",
      "tests/**/*.test.ts",
      "components/**/*.test.ts",
    ],
    // The production-server tests need a build and run after it: vitest.server.config.ts.
    // tests/postgres/ needs a PostgreSQL server: vitest.postgres.config.ts.
    exclude: [
      ...configDefaults.exclude,
      "tests/server/**",
      "tests/**/*.server.test.ts",
      "tests/postgres/**",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Services and handlers run as the local operator unless a test signs people in
    // (tests/support/auth.ts sets SIGNOFF_AUTH=on for the files that test permissions).
    env: { SIGNOFF_AUTH: "off" },
  },
});

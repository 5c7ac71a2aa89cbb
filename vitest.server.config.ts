import path from "node:path";
import { defineConfig } from "vitest/config";

// The reliability tests: the production build served as `npm start` serves it, called over
// loopback HTTP. They need `.next` built from the current tree; `npm test` runs them after the
// build (scripts/test.mjs), `npm run test:server` on their own.
export default defineConfig({
  resolve: {
    alias: {
      "@": import.meta.dirname,
      // The tests read the database through lib/db, which is server-only in the app.
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only.ts"),
    },
  },
  test: {
    include: ["tests/server/**/*.test.ts", "tests/**/*.server.test.ts"],
    environment: "node",
    globalSetup: ["tests/server/support/global-setup.ts"],
    // One server at a time: the machine has two cores and each file starts its own.
    fileParallelism: false,
    pool: "forks",
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});

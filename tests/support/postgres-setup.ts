import type { TestProject } from "vitest/node";
import { type PostgresServer, startPostgres } from "./postgres";

/** Global setup of vitest.postgres.config.ts: one throw-away server for the whole run. */
let server: PostgresServer | undefined;

export async function setup(project: TestProject) {
  server = await startPostgres();
  project.provide("postgresUrl", server.url);
}

export async function teardown() {
  await server?.stop();
}

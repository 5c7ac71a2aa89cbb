import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDatabase, ROOT, removeDataDir } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, seeded database folder that each test file copies for its own server. */
    serverDataTemplate: string;
  }
}

/**
 * Once per run: checks the production build is there and prepares the database every server
 * under test starts from (migrating and seeding takes seconds; copying it takes none).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("The server tests run the production build: run `npx next build` first.");
  }
  const template = await prepareDatabase();
  project.provide("serverDataTemplate", template);
  return () => removeDataDir(template);
}

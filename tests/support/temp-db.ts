import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDb, type Db } from "@/lib/db/client";
import { migrateDatabase } from "@/lib/db/migrations";

export interface TempDb {
  db: Db;
  url: string;
  file: string;
  dispose(): Promise<void>;
}

/** A migrated SQLite file in a fresh temporary folder, with a Prisma client on it. */
export async function createTempDb(): Promise<TempDb> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "signoff-test-"));
  const file = path.join(dir, "test.db");
  await migrateDatabase(file);
  const url = `file:${file}`;
  const db = createDb(url);
  return {
    db,
    url,
    file,
    async dispose() {
      await db.$disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Points the app's `db()` at a fresh temporary database for the tests of one file, so services
 * run exactly as in production, on a real SQLite file.
 */
export async function installTempDb(): Promise<TempDb> {
  const temp = await createTempDb();
  (globalThis as unknown as { signoffDb?: Db }).signoffDb = temp.db;
  return temp;
}

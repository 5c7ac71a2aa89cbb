import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createDb, type Db, providerOf } from "@/lib/db/client";
import { migrateDatabase, migratePostgres } from "@/lib/db/migrations";

declare module "vitest" {
  export interface ProvidedContext {
    /** Set by tests/support/postgres-setup.ts when the suite runs on PostgreSQL. */
    postgresUrl?: string;
  }
}

export interface TempDb {
  db: Db;
  url: string;
  /** The SQLite file; empty on PostgreSQL. */
  file: string;
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database with a Prisma client on it: a SQLite file in a fresh temporary
 * folder, or — when the suite runs on PostgreSQL (vitest.postgres.config.ts) — a new database on
 * the test server, dropped afterwards.
 */
export async function createTempDb(): Promise<TempDb> {
  const server = inject("postgresUrl");
  return server ? createPostgresDb(server) : createSqliteDb();
}

async function createSqliteDb(): Promise<TempDb> {
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

async function createPostgresDb(serverUrl: string): Promise<TempDb> {
  const name = `signoff_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migratePostgres(url.toString());
  const db = createDb(url.toString());
  return {
    db,
    url: url.toString(),
    file: "",
    async dispose() {
      await db.$disconnect();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/**
 * Points the app's `db()` at a fresh temporary database for the tests of one file, so services
 * run exactly as in production, on a real SQLite file or PostgreSQL database.
 */
export async function installTempDb(): Promise<TempDb> {
  const temp = await createTempDb();
  (globalThis as unknown as { signoffDb?: Db }).signoffDb = temp.db;
  return temp;
}

/**
 * Lets a test write rows that point nowhere (to damage a database on purpose, or to store change
 * records alone): SQLite stops checking on its one connection; on PostgreSQL the throw-away
 * database loses its foreign keys.
 */
export async function withoutForeignKeys(temp: TempDb): Promise<void> {
  if (providerOf(temp.db) === "sqlite") {
    await temp.db.$executeRaw`PRAGMA foreign_keys = OFF`;
    return;
  }
  const constraints = await temp.db.$queryRaw<{ table: string; name: string }[]>`
    SELECT table_name AS "table", constraint_name AS "name"
    FROM information_schema.table_constraints
    WHERE constraint_type = 'FOREIGN KEY' AND table_schema = 'public'`;
  for (const { table, name } of constraints) {
    await temp.db.$executeRawUnsafe(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
  }
}

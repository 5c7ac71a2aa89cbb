import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { env } from "@/lib/env";
import { sqliteFilePath } from "./database-url";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;
/** The client handed to a `$transaction` callback. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Opens a Prisma client on a SQLite file through better-sqlite3.
 *
 * The adapter keeps one connection and serialises interactive transactions with a mutex, so every
 * write in lib/db goes through `$transaction`: that is what keeps concurrent approvals in one
 * process from interleaving. `timeout` is SQLite's busy timeout, for writers in other processes
 * (the CLI) that hold the lock briefly.
 */
export function createDb(databaseUrl: string): Db {
  const filePath = sqliteFilePath(databaseUrl);
  const adapter = new PrismaBetterSqlite3({ url: filePath, timeout: 10_000 });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { signoffDb?: Db };

/** The app's client, one per process (Next's dev server reloads modules, hence the global). */
export function db(): Db {
  globalForDb.signoffDb ??= createDb(env().DATABASE_URL);
  return globalForDb.signoffDb;
}

import "server-only";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type BetterSqlite3 from "better-sqlite3";
import { env } from "@/lib/env";
import { type DatabaseProvider, databaseProvider, sqliteFilePath } from "./database-url";
import { PrismaClient } from "./generated/client";
import { PrismaClient as PostgresPrismaClient } from "./generated-pg/client";

/**
 * The app's Prisma client. Both providers' clients are generated from one schema
 * (scripts/postgres-schema.mjs) and have the same models and methods, so the SQLite client's type
 * stands for both.
 */
export type Db = PrismaClient;
/** The client handed to a `$transaction` callback. */
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/**
 * Opens a Prisma client on DATABASE_URL: a SQLite file through better-sqlite3, or PostgreSQL
 * through node-postgres.
 *
 * SQLite: the adapter keeps one connection and serialises interactive transactions with a mutex,
 * so every write in lib/db goes through `$transaction`: that is what keeps concurrent approvals
 * in one process from interleaving. `timeout` is SQLite's busy timeout, for writers in other
 * processes (the CLI) that hold the lock briefly. PostgreSQL: a pool of connections; approvals
 * serialise on a row lock of their dataset (approve-plan.ts).
 */
export function createDb(databaseUrl: string): Db {
  if (databaseProvider(databaseUrl) === "postgres") {
    const adapter = new PrismaPg({ connectionString: databaseUrl });
    return new PostgresPrismaClient({ adapter }) as unknown as Db;
  }
  const filePath = sqliteFilePath(databaseUrl);
  const adapter = new SqliteAdapter({ url: filePath, timeout: 10_000 });
  const client = new PrismaClient({ adapter });
  sqliteAdapters.set(originalClient(client), adapter);
  return client;
}

/**
 * The better-sqlite3 adapter, holding on to the connection it opens (see `sqliteConnection`), and
 * copying the write-ahead log into the database file after a transaction commits rather than in
 * its commit (see `checkpointSoon`).
 */
class SqliteAdapter extends PrismaBetterSqlite3 {
  connection: BetterSqlite3.Database | undefined;
  override async connect() {
    const adapter = await super.connect();
    const connection = (adapter as unknown as { client: BetterSqlite3.Database }).client;
    this.connection = connection;
    connection.pragma("wal_autocheckpoint = 0");
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const transaction = await startTransaction(isolationLevel);
      const commit = transaction.commit.bind(transaction);
      transaction.commit = async () => {
        await commit();
        checkpointSoon(connection);
      };
      return transaction;
    };
    // Statements outside an interactive transaction (a single create or update) commit on their own.
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      const changed = await executeRaw(query);
      checkpointSoon(connection);
      return changed;
    };
    return adapter;
  }
}

const checkpointPending = new WeakSet<BetterSqlite3.Database>();

/**
 * SQLite writes a transaction to its write-ahead log, and by default the commit that takes the
 * log past 1,000 pages also copies the whole log into the database file: for a million-row
 * approval, about 0.25 s of its wait. So the connection copies nothing itself, and each commit
 * asks for the copy on the next turn of the event loop, after the caller has its answer. The copy
 * is "passive": it never waits for readers, and what it cannot copy yet waits for the next one.
 * Committed data is as safe either way; the log holds it until it is copied.
 */
function checkpointSoon(connection: BetterSqlite3.Database): void {
  if (checkpointPending.has(connection)) return;
  checkpointPending.add(connection);
  setTimeout(() => {
    checkpointPending.delete(connection);
    try {
      connection.pragma("wal_checkpoint(PASSIVE)");
    } catch {
      // A transaction is open on the connection (its commit asks again) or the connection was
      // closed: nothing to do now.
    }
  }, 0).unref();
}

// Per process (per thread), as the client is: a server bundle holds several copies of this
// module, and a copy that did not make the client must still find its connection, or version
// bytes and change records go through the query engine as base64.
const globalForAdapters = globalThis as unknown as {
  signoffSqliteAdapters?: WeakMap<object, SqliteAdapter>;
};
globalForAdapters.signoffSqliteAdapters ??= new WeakMap();
const sqliteAdapters = globalForAdapters.signoffSqliteAdapters;

/**
 * The SQLite connection under a transaction's client, for version bytes (version-storage.ts);
 * undefined on PostgreSQL. The adapter has one connection and runs one
 * transaction on it at a time, so a statement run on it inside a transaction's callback is part
 * of that transaction: committed or rolled back with it.
 */
export function sqliteConnection(tx: Tx): BetterSqlite3.Database | undefined {
  return sqliteAdapters.get(originalClient(tx))?.connection;
}

/** The client a transaction's client (or an extended client) stands for. */
function originalClient(client: Db | Tx): object {
  return (client as unknown as { _originalClient?: object })._originalClient ?? client;
}

/** Which database a client (or a transaction's client) talks to, for the few raw statements. */
export function providerOf(client: Db | Tx): DatabaseProvider {
  const active = (client as unknown as { _activeProvider?: string })._activeProvider;
  return active === "postgresql" ? "postgres" : "sqlite";
}

/**
 * A case-insensitive "contains" filter on text, as search boxes mean it: SQLite's LIKE ignores
 * ASCII case by itself, PostgreSQL's needs to be asked (a mode the SQLite client's types lack).
 */
export function textContains(client: Db | Tx, text: string): { contains: string } {
  return providerOf(client) === "postgres"
    ? ({ contains: text, mode: "insensitive" } as { contains: string })
    : { contains: text };
}

const globalForDb = globalThis as unknown as { signoffDb?: Db };

/** The app's client, one per process (Next's dev server reloads modules, hence the global). */
export function db(): Db {
  globalForDb.signoffDb ??= createDb(env().DATABASE_URL);
  return globalForDb.signoffDb;
}

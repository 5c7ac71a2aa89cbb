import { existsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { loadEnv } from "@/lib/env";
import { postgresSchemaText } from "../../scripts/postgres-schema.mjs";
import { databaseProvider, redactedUrl, sqliteFilePath } from "./database-url";
import {
  type EngineTarget,
  openSchemaEngine,
  type SchemaEngine,
  type SchemaFile,
} from "./schema-engine";

/**
 * Migrations in Prisma's standard layout (`prisma/migrations/<timestamp>_<name>/migration.sql`),
 * applied and created offline through the wasm schema engine: one history for SQLite
 * (`prisma/migrations`) and one for PostgreSQL (`prisma/migrations-postgres`), both from the one
 * schema, `prisma/schema.prisma`.
 */

// The schema and migrations ship with the code, not with the data: the `signoff` bin, which may
// run from any directory, says where the repository is. Read afresh each time (`loadEnv`, not the
// cached `env`): migrating first must not fix the environment of what runs after it.
function prismaDir(): string {
  return path.resolve(loadEnv().SIGNOFF_ROOT ?? process.cwd(), "prisma");
}

export interface MigrationPaths {
  schemaPath: string;
  migrationsDir: string;
  /** PostgreSQL reads the SQLite schema with its provider changed (scripts/postgres-schema.mjs). */
  provider?: "sqlite" | "postgres";
}

export const defaultPaths: MigrationPaths = {
  get schemaPath() {
    return path.join(prismaDir(), "schema.prisma");
  },
  get migrationsDir() {
    return path.join(prismaDir(), "migrations");
  },
};

export const postgresPaths: MigrationPaths = {
  get schemaPath() {
    return path.join(prismaDir(), "schema.prisma");
  },
  get migrationsDir() {
    return path.join(prismaDir(), "migrations-postgres");
  },
  provider: "postgres",
};

const noFilters = { externalTables: [], externalEnums: [] };

async function readSchema(paths: MigrationPaths): Promise<SchemaFile[]> {
  const content = await readFile(paths.schemaPath, "utf8");
  if (paths.provider === "postgres") {
    return [{ path: paths.schemaPath, content: postgresSchemaText(content) }];
  }
  return [{ path: paths.schemaPath, content }];
}

async function readMigrationList(migrationsDir: string) {
  const entries = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      entries.map(async (name) => {
        const file = path.join(migrationsDir, name, "migration.sql");
        const content = existsSync(file)
          ? { tag: "ok" as const, value: await readFile(file, "utf8") }
          : { tag: "error" as const, value: `${file} is missing` };
        return { path: name, migrationFile: { path: "migration.sql", content } };
      }),
    ),
  };
}

async function withEngine<T>(
  target: EngineTarget | string,
  schema: SchemaFile[],
  use: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const opened = await openSchemaEngine(
    typeof target === "string" ? { provider: "sqlite", path: target } : target,
    schema,
  );
  try {
    return await use(opened.engine);
  } finally {
    await opened.close();
  }
}

/** Applies pending migrations to the database at DATABASE_URL; returns the names it applied. */
export async function migrateDatabaseUrl(databaseUrl: string): Promise<string[]> {
  return databaseProvider(databaseUrl) === "postgres"
    ? migratePostgres(databaseUrl)
    : migrateDatabase(sqliteFilePath(databaseUrl));
}

/**
 * Applies pending PostgreSQL migrations. The engine takes an advisory lock, so instances starting
 * together migrate one after the other, and the later ones find nothing to do.
 */
export async function migratePostgres(
  databaseUrl: string,
  paths: MigrationPaths = postgresPaths,
): Promise<string[]> {
  const migrationsList = await readMigrationList(paths.migrationsDir);
  try {
    const result = await withEngine(
      { provider: "postgres", url: databaseUrl },
      await readSchema(paths),
      (engine) => engine.applyMigrations({ migrationsList, filters: noFilters }),
    );
    await preferLz4ForVersionBytes(databaseUrl);
    return result.appliedMigrationNames;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot migrate ${redactedUrl(databaseUrl)}: ${message}`, { cause: error });
  }
}

/** Where version bytes are kept: whole, or in parts (version-storage.ts). */
const VERSION_BYTE_COLUMNS = [
  ["DatasetVersion", "content"],
  ["VersionPart", "bytes"],
] as const;

/** PostgreSQL's answers when a server was built without lz4. */
const NO_LZ4 = new Set(["0A000", "22023"]);

/**
 * Version bytes are compressed with lz4 where the server has it: about four times faster to write
 * than PostgreSQL's default (pglz), and nearly as small. Not a migration: a server built without
 * lz4 refuses the setting, and the migration engine cannot run a statement allowed to fail.
 */
async function preferLz4ForVersionBytes(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [table, column] of VERSION_BYTE_COLUMNS) {
      const { rows } = await client.query<{ attcompression: string }>(
        `SELECT attcompression FROM pg_attribute WHERE attrelid = $1::regclass AND attname = $2`,
        [`"${table}"`, column],
      );
      if (rows[0]?.attcompression === "l") continue;
      await client.query(`ALTER TABLE "${table}" ALTER COLUMN "${column}" SET COMPRESSION lz4`);
    }
  } catch (error) {
    if (!NO_LZ4.has((error as { code?: string }).code ?? "")) throw error;
  } finally {
    await client.end();
  }
}

/** Applies pending migrations to the SQLite file; returns the names it applied (none: no-op). */
export async function migrateDatabase(
  sqlitePath: string,
  paths: MigrationPaths = defaultPaths,
): Promise<string[]> {
  if (sqlitePath !== ":memory:") await mkdir(path.dirname(sqlitePath), { recursive: true });
  const migrationsList = await readMigrationList(paths.migrationsDir);
  // The schema engine wants the file to itself, which a running server never gives it; with
  // nothing to apply there is no reason to ask (the CLI records beside a running server).
  const names = migrationsList.migrationDirectories.map((entry) => entry.path);
  if (sqlitePath !== ":memory:" && allApplied(sqlitePath, names)) return [];
  if (sqlitePath !== ":memory:" && isNewFile(sqlitePath)) createWithPageSize(sqlitePath);
  let result: Awaited<ReturnType<SchemaEngine["applyMigrations"]>>;
  try {
    result = await withEngine(sqlitePath, await readSchema(paths), (engine) =>
      engine.applyMigrations({ migrationsList, filters: noFilters }),
    );
  } catch (error) {
    throw isFileInUse(error) ? new DatabaseInUseError(sqlitePath, error) : error;
  }
  if (sqlitePath !== ":memory:") enableWriteAheadLog(sqlitePath);
  return result.appliedMigrationNames;
}

/** Whether every named migration finished on this file (read through a shared connection). */
function allApplied(sqlitePath: string, names: string[]): boolean {
  if (!existsSync(sqlitePath)) return false;
  const sqlite = new Database(sqlitePath, { readonly: true, timeout: 10_000 });
  try {
    const table = sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'",
      )
      .get();
    if (!table) return false;
    const rows = sqlite
      .prepare(
        "SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      )
      .all() as Array<{ name: string }>;
    const applied = new Set(rows.map((row) => row.name));
    return names.every((name) => applied.has(name));
  } finally {
    sqlite.close();
  }
}

/**
 * The schema engine takes SQLite's exclusive locking mode, so it cannot migrate a file another
 * process has open — typically a running Signoff server. SQLite's "busy" surfaces from the wasm
 * engine as an opaque "unknown variant `SocketTimeout`" error; this names the cause instead.
 */
export class DatabaseInUseError extends Error {
  constructor(sqlitePath: string, cause: unknown) {
    super(
      `Cannot migrate ${sqlitePath}: another process has it open (a running Signoff server or CLI?). Stop it and run the migration again.`,
      { cause },
    );
    this.name = "DatabaseInUseError";
  }
}

function isFileInUse(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /SocketTimeout|SQLITE_BUSY|database is locked/.test(message);
}

/**
 * The page size of a new database. A version is stored whole, as a blob SQLite keeps in a chain
 * of overflow pages, and an approval writes hundreds of thousands of change rows at once. On the
 * 1M-row catalog, in two sets of runs alternating with the default 4 KB pages on a noisy host,
 * an approval took 2.7-3.9 s against 3.3-5.0 s: storing the 77 MB version, the change rows, the
 * previous version's patch and the commit were each quicker. Fixed once the first table is
 * written, so only a new file gets it.
 */
export const SQLITE_PAGE_SIZE = 16_384;

function isNewFile(sqlitePath: string): boolean {
  return !existsSync(sqlitePath) || statSync(sqlitePath).size === 0;
}

function createWithPageSize(sqlitePath: string) {
  const sqlite = new Database(sqlitePath);
  try {
    sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
    // Writes the empty database with that page size, before the schema engine opens it.
    sqlite.exec("VACUUM");
  } finally {
    sqlite.close();
  }
}

/**
 * WAL lets readers (pages, the history explorer) go on while an approval writes, and it is a
 * property of the file, so setting it once here covers every later connection.
 */
function enableWriteAheadLog(sqlitePath: string) {
  const sqlite = new Database(sqlitePath);
  try {
    sqlite.pragma("journal_mode = WAL");
  } finally {
    sqlite.close();
  }
}

/**
 * The SQL that would bring a database built from the existing migrations to `schema.prisma`.
 * Empty when the migrations and the schema agree — the drift check.
 *
 * Diffing from `{ tag: "migrations" }` needs a shadow database, which SQLite cannot provide here,
 * so the migrations are applied to a scratch file, introspected, and that datamodel is diffed.
 */
export async function pendingSchemaChanges(
  paths: MigrationPaths = defaultPaths,
  options: PostgresServerOption = {},
): Promise<string> {
  const schema = await readSchema(paths);
  const migrationsList = await readMigrationList(paths.migrationsDir);
  if (paths.provider === "postgres") return pendingPostgresChanges(paths, schema, options);
  if (migrationsList.migrationDirectories.length === 0) {
    return withEngine(":memory:", schema, async (engine) => {
      const diff = await engine.diff({
        from: { tag: "empty" },
        to: { tag: "schemaDatamodel", files: schema },
        script: true,
        exitCode: null,
        filters: noFilters,
      });
      return diff.stdout ?? "";
    });
  }

  const scratchDir = await mkdtemp(path.join(os.tmpdir(), "signoff-migrate-"));
  try {
    return await driftAfterMigrations(
      { provider: "sqlite", path: path.join(scratchDir, "scratch.db") },
      schema,
      migrationsList,
      paths,
    );
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}

/**
 * Applies the migrations to an empty database, introspects it and diffs that with the schema:
 * the SQL still missing. One engine for both steps: a second connection to a scratch SQLite file
 * would find it locked.
 */
async function driftAfterMigrations(
  target: EngineTarget,
  schema: SchemaFile[],
  migrationsList: Awaited<ReturnType<typeof readMigrationList>>,
  paths: MigrationPaths,
): Promise<string> {
  return withEngine(target, schema, async (engine) => {
    await engine.applyMigrations({ migrationsList, filters: noFilters });
    const introspected = await engine.introspect({
      schema: { files: schema },
      baseDirectoryPath: path.dirname(paths.schemaPath),
      force: true,
      compositeTypeDepth: 0,
      namespaces: null,
    });
    const diff = await engine.diff({
      from: { tag: "schemaDatamodel", files: introspected.schema.files },
      to: { tag: "schemaDatamodel", files: schema },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return diff.stdout ?? "";
  });
}

export interface PostgresServerOption {
  /**
   * Any database of a PostgreSQL server (its maintenance `postgres` one will do): the engine
   * needs a connection even to diff two schemas. Nothing is written to it.
   */
  postgresServerUrl?: string;
}

/**
 * PostgreSQL's history keeps, beside each migration, the schema it brings the database to
 * (`schema.prisma`): the engine's introspection cannot read PostgreSQL through the wasm build
 * ("column type 'char' could not be deserialized"), so the SQL still missing is the diff from the
 * last migration's schema to the current one.
 */
async function pendingPostgresChanges(
  paths: MigrationPaths,
  schema: SchemaFile[],
  { postgresServerUrl }: PostgresServerOption,
) {
  if (!postgresServerUrl) {
    throw new Error(
      "A PostgreSQL migration is written with a PostgreSQL server at hand: set SIGNOFF_POSTGRES_URL.",
    );
  }
  const from = await lastPostgresSnapshot(paths.migrationsDir);
  return withEngine({ provider: "postgres", url: postgresServerUrl }, schema, async (engine) => {
    const diff = await engine.diff({
      from: from ? { tag: "schemaDatamodel", files: [from] } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: schema },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return diff.stdout ?? "";
  });
}

const POSTGRES_SNAPSHOT = "schema.prisma";

async function lastPostgresSnapshot(migrationsDir: string): Promise<SchemaFile | null> {
  const list = await readMigrationList(migrationsDir);
  const last = list.migrationDirectories.at(-1);
  if (!last) return null;
  const file = path.join(migrationsDir, last.path, POSTGRES_SNAPSHOT);
  return { path: file, content: await readFile(file, "utf8") };
}

/** True when a diff script contains statements, not just comments and blank lines. */
export function hasStatements(sql: string): boolean {
  return sql
    .split("\n")
    .map((line) => line.trim())
    .some((line) => line !== "" && !line.startsWith("--"));
}

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** Writes `prisma/migrations/<timestamp>_<name>/migration.sql`; null when nothing changed. */
export async function createMigration(
  name: string,
  paths: MigrationPaths = defaultPaths,
  now = new Date(),
  options: PostgresServerOption = {},
): Promise<string | null> {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
  if (!slug) throw new Error("A migration needs a name, e.g. npm run db:migrate:new -- add_users");
  const sql = await pendingSchemaChanges(paths, options);
  if (!hasStatements(sql)) return null;
  const dir = path.join(paths.migrationsDir, `${timestamp(now)}_${slug}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), sql);
  if (paths.provider === "postgres") {
    const [schema] = await readSchema(paths);
    await writeFile(path.join(dir, POSTGRES_SNAPSHOT), schema.content);
  }
  const lockPath = path.join(paths.migrationsDir, "migration_lock.toml");
  if (!existsSync(lockPath)) {
    await writeFile(
      lockPath,
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${paths.provider === "postgres" ? "postgresql" : "sqlite"}"\n`,
    );
  }
  return dir;
}

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import {
  hasStatements,
  migrateDatabase,
  migratePostgres,
  pendingSchemaChanges,
  postgresPaths,
} from "@/lib/db/migrations";
import { withScratchPostgres } from "../support/postgres";

/**
 * One schema, two migration histories: PostgreSQL's is complete (nothing in schema.prisma is
 * missing from it) and builds the same tables, columns and nullability as SQLite's.
 */
const serverUrl = inject("postgresUrl") ?? "";
const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Columns = Record<string, Record<string, { nullable: boolean }>>;

async function sqliteColumns(): Promise<Columns> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "signoff-both-"));
  scratch.push(dir);
  const file = path.join(dir, "app.db");
  await migrateDatabase(file);
  const sqlite = new Database(file, { readonly: true });
  try {
    const tables = sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
      )
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        Object.fromEntries(
          (
            sqlite.prepare(`PRAGMA table_info("${name}")`).all() as {
              name: string;
              notnull: number;
              pk: number;
            }[]
          ).map((column) => [column.name, { nullable: column.notnull === 0 && column.pk === 0 }]),
        ),
      ]),
    );
  } finally {
    sqlite.close();
  }
}

async function postgresColumns(): Promise<Columns> {
  return withScratchPostgres(serverUrl, async (url) => {
    expect((await migratePostgres(url)).length).toBeGreaterThan(0);
    expect(await migratePostgres(url)).toEqual([]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table: string; column: string; nullable: string }>(
        `SELECT table_name AS "table", column_name AS "column", is_nullable AS "nullable"
         FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
      );
      const columns: Columns = {};
      for (const row of rows) {
        columns[row.table] ??= {};
        columns[row.table][row.column] = { nullable: row.nullable === "YES" };
      }
      return columns;
    } finally {
      await client.end();
    }
  });
}

describe("the PostgreSQL migration history", () => {
  it("holds everything schema.prisma says", async () => {
    const missing = await pendingSchemaChanges(postgresPaths, { postgresServerUrl: serverUrl });
    expect(hasStatements(missing) ? missing : "").toBe("");
  });

  it("builds the same tables and columns as SQLite's", async () => {
    const [sqlite, postgres] = await Promise.all([sqliteColumns(), postgresColumns()]);
    expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort());
    expect(postgres).toEqual(sqlite);
  });
});

describe("migrating PostgreSQL", () => {
  it("compresses version bytes with lz4 where the server has it, and leaves change records without foreign keys", async () => {
    await withScratchPostgres(serverUrl, async (url) => {
      await migratePostgres(url);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const compression = await client.query<{ attname: string; attcompression: string }>(
          `SELECT attname, attcompression FROM pg_attribute
           WHERE (attrelid = '"DatasetVersion"'::regclass AND attname = 'content')
              OR (attrelid = '"VersionPart"'::regclass AND attname = 'bytes')
           ORDER BY attname`,
        );
        // Debian's server is built with lz4 (the tests' server is Debian's).
        expect(compression.rows).toEqual([
          { attname: "bytes", attcompression: "l" },
          { attname: "content", attcompression: "l" },
        ]);
        const keys = await client.query(
          `SELECT conname FROM pg_constraint
           WHERE conrelid = '"Change"'::regclass AND contype = 'f'`,
        );
        expect(keys.rows).toEqual([]);
      } finally {
        await client.end();
      }
    });
  });
});

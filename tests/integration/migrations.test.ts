import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import {
  DatabaseInUseError,
  defaultPaths,
  hasStatements,
  migrateDatabase,
  pendingSchemaChanges,
  SQLITE_PAGE_SIZE,
} from "@/lib/db/migrations";

const scratch: string[] = [];
async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "signoff-migrations-"));
  scratch.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("migrations", () => {
  it("produce exactly schema.prisma (no drift)", async () => {
    const sql = await pendingSchemaChanges();
    expect(hasStatements(sql), `schema.prisma differs from prisma/migrations:\n${sql}`).toBe(false);
  });

  it("detect drift when schema.prisma gains a column the migrations lack", async () => {
    const dir = await tempDir();
    const schemaPath = path.join(dir, "schema.prisma");
    const migrationsDir = path.join(dir, "migrations");
    await cp(defaultPaths.migrationsDir, migrationsDir, { recursive: true });
    const schema = await readFile(defaultPaths.schemaPath, "utf8");
    await writeFile(
      schemaPath,
      schema.replace(
        "  keyColumn        String\n",
        "  keyColumn        String\n  colour String?\n",
      ),
    );
    const sql = await pendingSchemaChanges({ schemaPath, migrationsDir });
    expect(sql).toContain('"colour"');
  });

  it("create a new database with large pages, and leave an existing one's as they are", async () => {
    const dir = await tempDir();
    const fresh = path.join(dir, "new.db");
    await migrateDatabase(fresh);
    const pageSize = (file: string) => {
      const db = new Database(file);
      try {
        return db.pragma("page_size", { simple: true });
      } finally {
        db.close();
      }
    };
    expect(pageSize(fresh)).toBe(SQLITE_PAGE_SIZE);
    // A database made before, with SQLite's default pages, keeps them.
    const older = path.join(dir, "old.db");
    const made = new Database(older);
    made.pragma("user_version = 1");
    made.close();
    await migrateDatabase(older);
    expect(pageSize(older)).toBe(4096);
    const migrated = new Database(older);
    try {
      expect(migrated.prepare("SELECT count(*) AS n FROM Dataset").get()).toEqual({ n: 0 });
    } finally {
      migrated.close();
    }
  }, 30_000);

  it("leave a file another process has open alone when nothing is pending", async () => {
    const file = path.join(await tempDir(), "app.db");
    await migrateDatabase(file);
    // A running server's connection: the CLI beside it must still be able to open the ledger.
    const server = new Database(file);
    server.prepare("SELECT count(*) FROM Dataset").get();
    try {
      expect(await migrateDatabase(file)).toEqual([]);
    } finally {
      server.close();
    }
  }, 30_000);

  it("refuse with a clear error to apply a pending one while another process has the file open, and work once it closes", async () => {
    const file = path.join(await tempDir(), "app.db");
    await migrateDatabase(file);
    const migrationsDir = path.join(await tempDir(), "migrations");
    await cp(defaultPaths.migrationsDir, migrationsDir, { recursive: true });
    await mkdir(path.join(migrationsDir, "99990101000000_extra"));
    await writeFile(
      path.join(migrationsDir, "99990101000000_extra", "migration.sql"),
      'CREATE TABLE "Extra" ("id" INTEGER NOT NULL PRIMARY KEY);\n',
    );
    const paths = { schemaPath: defaultPaths.schemaPath, migrationsDir };
    const server = new Database(file);
    server.prepare("SELECT count(*) FROM Dataset").get();
    try {
      const refused = migrateDatabase(file, paths);
      await expect(refused).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(refused).rejects.toThrow(/another process has it open/);
    } finally {
      server.close();
    }
    expect(await migrateDatabase(file, paths)).toEqual(["99990101000000_extra"]);
  }, 30_000);

  it("apply once, record in _prisma_migrations, and are a no-op the second time", async () => {
    const file = path.join(await tempDir(), "app.db");
    const first = await migrateDatabase(file);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrateDatabase(file)).toEqual([]);

    const sqlite = new Database(file, { readonly: true });
    const recorded = sqlite
      .prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL")
      .all() as { migration_name: string }[];
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[];
    sqlite.close();
    expect(recorded.map((row) => row.migration_name)).toEqual(first);
    expect(tables.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        "AuditEvent",
        "Change",
        "Dataset",
        "DatasetVersion",
        "Execution",
        "Plan",
        "PlanRevision",
      ]),
    );
  });
});

import { statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { providerOf, sqliteConnection } from "@/lib/db/client";
import { createTempDb, type TempDb } from "../support/temp-db";

let temp: TempDb;
beforeAll(async () => {
  temp = await createTempDb();
});
afterAll(async () => {
  await temp.dispose();
});

describe("Prisma client on a temporary database", () => {
  it("writes a dataset with its first version in one transaction and reads it back", async () => {
    const { db } = temp;
    const content = Buffer.from("sku,price\nA1,1.00\n");
    const dataset = await db.$transaction(async (tx) => {
      const created = await tx.dataset.create({
        data: { name: "Tiny", keyColumn: "sku", profileJson: "{}", createdBy: "test" },
      });
      const version = await tx.datasetVersion.create({
        data: {
          datasetId: created.id,
          number: 1,
          content,
          sha256: "x",
          rowCount: 1,
          byteSize: content.length,
          source: "upload",
          createdBy: "test",
        },
      });
      return tx.dataset.update({
        where: { id: created.id },
        data: { currentVersionId: version.id },
        include: { currentVersion: true },
      });
    });
    expect(dataset.currentVersion?.number).toBe(1);
    expect(Buffer.from(dataset.currentVersion?.content ?? []).toString()).toBe(content.toString());
  });

  it("rolls back every write when the transaction throws", async () => {
    const { db } = temp;
    await expect(
      db.$transaction(async (tx) => {
        await tx.dataset.create({
          data: { name: "Doomed", keyColumn: "sku", profileJson: "{}", createdBy: "test" },
        });
        throw new Error("injected failure");
      }),
    ).rejects.toThrow("injected failure");
    expect(await db.dataset.findUnique({ where: { name: "Doomed" } })).toBeNull();
  });

  it("runs a statement on SQLite's connection as part of the transaction around it", async () => {
    const { db } = temp;
    const dataset = await db.dataset.findUniqueOrThrow({ where: { name: "Tiny" } });
    const write = (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0], name: string) => {
      const connection = sqliteConnection(tx);
      if (providerOf(tx) === "postgres") {
        expect(connection).toBeUndefined();
        return tx.dataset.update({ where: { id: dataset.id }, data: { name } });
      }
      if (!connection) throw new Error("no SQLite connection under a SQLite transaction");
      connection.prepare(`UPDATE "Dataset" SET "name" = ? WHERE "id" = ?`).run(name, dataset.id);
    };
    await expect(
      db.$transaction(async (tx) => {
        await write(tx, "Renamed and rolled back");
        throw new Error("injected failure");
      }),
    ).rejects.toThrow("injected failure");
    expect((await db.dataset.findUniqueOrThrow({ where: { id: dataset.id } })).name).toBe("Tiny");

    await db.$transaction(async (tx) => {
      await write(tx, "Tiny, renamed");
    });
    expect((await db.dataset.findUniqueOrThrow({ where: { id: dataset.id } })).name).toBe(
      "Tiny, renamed",
    );
    await db.dataset.update({ where: { id: dataset.id }, data: { name: "Tiny" } });
  });

  it("finds SQLite's connection from another copy of the client module", async () => {
    // A production server bundle holds several copies of client.ts; the client is made by one.
    const { db } = temp;
    await db.dataset.count();
    vi.resetModules();
    const copy = await import("@/lib/db/client");
    expect(copy.sqliteConnection).not.toBe(sqliteConnection);
    if (providerOf(db) === "postgres") {
      expect(copy.sqliteConnection(db)).toBeUndefined();
      return;
    }
    expect(copy.sqliteConnection(db)).toBe(sqliteConnection(db));
    expect(copy.sqliteConnection(db)).toBeDefined();
  });

  it("copies SQLite's write-ahead log into the database file after a commit, not in it", async () => {
    const { db, file } = temp;
    if (providerOf(db) === "postgres") {
      // No log of ours to copy: PostgreSQL checkpoints by itself.
      expect(sqliteConnection(db)).toBeUndefined();
      return;
    }
    const before = statSync(file).size;
    await db.$transaction(async (tx) => {
      // About 8 MB of pages: past the 1,000 pages (4 MB) at which SQLite's commit copies the log.
      await tx.dataset.create({
        data: { name: "Large", keyColumn: "sku", profileJson: "x".repeat(8e6), createdBy: "test" },
      });
    });
    // The commit is done and the caller has its answer: the write is in the log only.
    expect(statSync(file).size).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statSync(file).size).toBeGreaterThan(before + 7e6);
    await db.dataset.delete({ where: { name: "Large" } });
  });

  it("enforces the unique idempotency key on executions", async () => {
    const { db } = temp;
    const dataset = await db.dataset.findUniqueOrThrow({ where: { name: "Tiny" } });
    const base = {
      executionId: "plan_dup_v1",
      idempotencyKey: "plan_dup_v1",
      datasetId: dataset.id,
      baseVersionId: dataset.currentVersionId as string,
      status: "completed",
      source: "web",
      instruction: "x",
      operationsCount: 1,
      planHash: "h",
      planSnapshotJson: "{}",
      approvedBy: "test",
      startedAt: new Date(),
    };
    await db.execution.create({ data: base });
    await expect(db.execution.create({ data: base })).rejects.toMatchObject({ code: "P2002" });
  });
});

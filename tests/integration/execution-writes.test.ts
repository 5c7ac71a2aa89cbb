import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerOf } from "@/lib/db/client";
import {
  type ChangeFields,
  type ChangeRecord,
  changeFieldsOf,
  insertChanges,
} from "@/lib/db/execution-writes";
import { loadExecutionChanges } from "@/lib/db/executions";
import { load, planOf } from "@/lib/executor/test-support";
import { installTempDb, type TempDb, withoutForeignKeys } from "../support/temp-db";

let temp: TempDb;

beforeAll(async () => {
  temp = await installTempDb();
  // The records alone are under test: no execution or dataset rows to point at.
  await withoutForeignKeys(temp);
});
afterAll(async () => {
  await temp.dispose();
});

async function roundTrip(executionId: string, changes: ChangeRecord[] | ChangeFields) {
  const fields = Array.isArray(changes) ? changeFieldsOf(changes) : (changes as ChangeFields);
  await temp.db.$transaction((tx) => insertChanges(tx, executionId, "dataset-1", fields));
  return loadExecutionChanges(executionId);
}

describe("insertChanges", () => {
  it("stores every value exactly, text that looks like numbers or JSON included", async () => {
    const values = [
      "",
      "1.50",
      "007",
      '"quoted", with comma',
      "back\\slash",
      "line\nbreak",
      "é😀",
      "null",
      "[1]",
    ];
    const changes = values.map((value, at) => ({
      operationId: "op_01",
      rowKey: `K${at}`,
      column: "name",
      before: value,
      after: `${value}!`,
    }));
    const stored = await roundTrip("exec-values", changes);
    expect(
      stored.map(({ operationId, rowKey, column, before, after }) => ({
        operationId,
        rowKey,
        column,
        before,
        after,
      })),
    ).toEqual(changes);
  });

  it("stores a NUL character exactly on SQLite, and refuses it by name on PostgreSQL", async () => {
    const changes = [
      { operationId: "op_01", rowKey: "K1", column: "name", before: "nul\u0000byte", after: "x" },
    ];
    if (providerOf(temp.db) === "postgres") {
      await expect(roundTrip("exec-nul", changes)).rejects.toMatchObject({
        code: "execution_failed",
        message: expect.stringContaining("Row K1, column name holds a NUL character"),
      });
      expect(await loadExecutionChanges("exec-nul")).toEqual([]);
    } else {
      const [stored] = await roundTrip("exec-nul", changes);
      expect(stored.before).toBe("nul\u0000byte");
    }
  });

  it("replaces a lone surrogate with one U+FFFD, as a bound parameter would", async () => {
    const [stored] = await roundTrip("exec-surrogate", [
      { operationId: "op_01", rowKey: "K1", column: "name", before: "a", after: "x\ud800y" },
    ]);
    expect(stored.after).toBe("x\ufffdy");
  });

  it("numbers records in order across statements", async () => {
    const changes = Array.from({ length: 45_001 }, (_, at) => ({
      operationId: at % 2 === 0 ? "op_01" : "op_02",
      rowKey: `SKU-${at}`,
      column: "price",
      before: String(at),
      after: String(at + 1),
    }));
    const stored = await roundTrip("exec-many", changes);
    expect(stored).toHaveLength(changes.length);
    expect(stored.map((change) => change.seq)).toEqual(changes.map((_, at) => at));
    expect(stored.map((change) => change.rowKey)).toEqual(changes.map((change) => change.rowKey));
    expect(stored[45_000]).toMatchObject({ operationId: "op_01", before: "45000", after: "45001" });
  });

  it("stores a run's records as the executor writes them exactly as their fields", async () => {
    // Keys quoted and not, text beyond ASCII, a value with a lone surrogate, and a run longer
    // than one statement.
    const rows = Array.from({ length: 25_000 }, (_, at) =>
      at % 1000 === 0 ? `"K,${at}",${at}.5,é` : `K${at},${at}.5,n`,
    );
    const result = load(`sku,price,note\n${rows.join("\n")}\n`, "sku").ok(
      planOf([
        { filter: {}, action: { type: "percent_increase", value: 10 } },
        {
          filter: { skus: ["K1", "K,2000"] },
          action: { type: "set_value", column: "note", value: 'x\ud800"' },
        },
      ]),
    );
    const records = result.changeRecords();
    expect(records.runs.map((run) => run.count)).toEqual([25_000, 2]);
    const byRuns = await roundTrip("exec-runs", records);
    const byFields = await roundTrip("exec-fields", changeFieldsOf(result.changes));
    const stored = (changes: typeof byRuns) =>
      changes.map(({ seq, operationId, rowKey, column, before, after }) => [
        seq,
        operationId,
        rowKey,
        column,
        before,
        after,
      ]);
    expect(byRuns).toHaveLength(25_002);
    expect(stored(byRuns)).toEqual(stored(byFields));
    expect(byRuns[25_001]).toMatchObject({ rowKey: "K,2000", column: "note", after: 'x\ufffd"' });
  });
});

import { describe, expect, it } from "vitest";
import { completedAuditInput, fixturePlan, planOf } from "@/lib/executor/test-support";
import { auditLine, auditLineBytes, auditLineChunks } from "./audit-line";
import { buildAuditRecord } from "./audit-record";

const SEED =
  "sku,category,price,in_stock\nA101,fitness,29.99,true\nA102,fitness,39.99,true\nA103,fitness,49.99,false\nB201,yoga,19.99,false\n";

const recordFor = (plan: ReturnType<typeof fixturePlan>, csv = SEED) =>
  completedAuditInput(plan, csv);

describe("audit records in the seed executor's format", () => {
  it("describes the fitness +10% run with whole rows before and after, keyed by the key column", () => {
    const plan = fixturePlan("seed-plan-fitness-10pct.json");
    const { input } = recordFor(plan);
    const record = buildAuditRecord(input);
    expect(Object.keys(record)).toEqual([
      "execution_id",
      "source_instruction",
      "executed_at",
      "status",
      "error",
      "operations_count",
      "rows_changed",
      "keys_changed",
      "changes",
      "plan_snapshot",
    ]);
    expect(record).toMatchObject({
      execution_id: "plan_fitness_price_increase_10pct_v1",
      executed_at: "2024-06-01T10:00:05.000Z",
      status: "completed",
      error: null,
      operations_count: 1,
      rows_changed: 2,
      keys_changed: ["A101", "A102"],
    });
    expect(record.changes).toEqual([
      {
        operation_id: "op_01",
        sku: "A101",
        before: { sku: "A101", category: "fitness", price: "29.99", in_stock: "true" },
        after: { sku: "A101", category: "fitness", price: "32.99", in_stock: "true" },
      },
      {
        operation_id: "op_01",
        sku: "A102",
        before: { sku: "A102", category: "fitness", price: "39.99", in_stock: "true" },
        after: { sku: "A102", category: "fitness", price: "43.99", in_stock: "true" },
      },
    ]);
    expect(record.plan_snapshot).toEqual(plan);
  });

  it("lists a row once per operation that changed it, each seeing the previous one's result", () => {
    const plan = planOf([
      { filter: { skus: ["A101"] }, action: { type: "set_price", value: 10 } },
      { filter: { skus: ["A101", "B201"] }, action: { type: "set_stock", value: true } },
    ]);
    const { input } = recordFor(plan);
    const record = buildAuditRecord(input);
    expect(record.keys_changed).toEqual(["A101", "B201"]);
    expect(record.changes.map((c) => [c.operation_id, c.sku])).toEqual([
      ["op_01", "A101"],
      ["op_02", "B201"],
    ]);
    expect(record.changes[0].after).toMatchObject({ price: "10.00", in_stock: "true" });
    expect(record.changes[1].before).toMatchObject({ price: "19.99", in_stock: "false" });
    expect(record.changes[1].after).toMatchObject({ price: "19.99", in_stock: "true" });
  });

  it("lists keys_changed once each in the input file's order, whichever operation reached them first", () => {
    const plan = planOf([
      { filter: { skus: ["B201"] }, action: { type: "set_price", value: 10 } },
      { filter: { skus: ["A103", "A101"] }, action: { type: "set_stock", value: true } },
      { filter: { skus: ["B201"] }, action: { type: "set_stock", value: true } },
    ]);
    const { input } = recordFor(plan);
    const record = buildAuditRecord(input);
    expect(record.changes.map((c) => [c.operation_id, c.sku])).toEqual([
      ["op_01", "B201"],
      ["op_02", "A103"],
      ["op_03", "B201"],
    ]);
    expect(record.keys_changed).toEqual(["A103", "B201"]);
    const line = JSON.parse(auditLine(input));
    expect(line.keys_changed).toEqual(["A103", "B201"]);
  });

  it("puts a writer's extra fields after plan_snapshot, in the object and in the line alike", () => {
    const { input } = recordFor(fixturePlan("seed-plan-fitness-10pct.json"));
    const extras = { actor: "tester", guards: [], override_reason: null };
    const record = buildAuditRecord(input, extras);
    expect(Object.keys(record).slice(-4)).toEqual([
      "plan_snapshot",
      "actor",
      "guards",
      "override_reason",
    ]);
    expect(auditLine(input, extras)).toBe(`${JSON.stringify(record)}\n`);
  });

  it("refuses an extra that would overwrite one of the seed's fields", () => {
    const { input } = recordFor(fixturePlan("seed-plan-fitness-10pct.json"));
    expect(() => auditLine(input, { keys_changed: [] })).toThrow(/seed audit field/);
    expect(() => buildAuditRecord(input, { status: "ok" })).toThrow(/seed audit field/);
  });

  it("writes one JSON line whose pieces join to the record", () => {
    const { input } = recordFor(fixturePlan("seed-plan-fitness-10pct.json"));
    const line = auditLine(input);
    expect(line.endsWith("}\n")).toBe(true);
    expect(line.indexOf("\n")).toBe(line.length - 1);
    expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(buildAuditRecord(input))));
    expect([...auditLineChunks(input)].join("")).toBe(
      `${JSON.stringify(buildAuditRecord(input))}\n`,
    );
  });

  it("writes a line of many pieces byte for byte, characters beyond ASCII split between pieces included", () => {
    const rows = Array.from(
      { length: 12_000 },
      (_, k) => `K${k},fitness,${(k % 90) + 10}.50,true,"ø漢 ""${k}"", é"`,
    );
    const csv = `sku,category,price,in_stock,note\n${rows.join("\n")}\n`;
    const { input } = recordFor(fixturePlan("seed-plan-fitness-10pct.json"), csv);
    const pieces = [...auditLineBytes(input, { actor: "Zoë" })];
    expect(pieces.length).toBeGreaterThan(3);
    const expected = `${JSON.stringify(buildAuditRecord(input, { actor: "Zoë" }))}\n`;
    expect(Buffer.concat(pieces).toString("utf8")).toBe(expected);
    expect([...auditLineChunks(input, { actor: "Zoë" })].join("")).toBe(expected);
    // Pieces written over by the next: each copied as it comes, they make the same line.
    const reused: Buffer[] = [];
    for (const piece of auditLineBytes(input, { actor: "Zoë" }, { reusePieces: true })) {
      reused.push(Buffer.from(piece));
    }
    expect(Buffer.concat(reused).toString("utf8")).toBe(expected);
  });

  it("records a failed execution without changes or an input table", () => {
    const line = auditLine({
      executionId: "plan_failed_0001",
      sourceInstruction: "Set prices",
      executedAt: "2024-06-01T10:00:00.000Z",
      status: "failed",
      error: "Price is not a number on 3 rows.",
      operationsCount: 1,
      rowsChanged: 0,
      keyColumn: "sku",
      input: null,
      changes: [],
      planSnapshot: null,
    });
    expect(JSON.parse(line)).toMatchObject({
      status: "failed",
      error: "Price is not a number on 3 rows.",
      keys_changed: [],
      changes: [],
      plan_snapshot: null,
    });
  });
});

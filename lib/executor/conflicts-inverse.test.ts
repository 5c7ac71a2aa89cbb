import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { executionPlanSchema } from "@/lib/plan/schema";
import { findOrderConflicts } from "./conflicts";
import { inversePlan } from "./inverse";
import { load, planOf } from "./test-support";

const CATALOG = `sku,category,price,in_stock
A101,fitness,29.99,true
A102,fitness,39.99,true
B201,yoga,19.99,false
C301,accessories,9.99,true
`;

function conflictsOf(plan: ReturnType<typeof planOf>) {
  const { profile, bytes } = load(CATALOG);
  return findOrderConflicts(plan, parseCsv(bytes), profile);
}

describe("findOrderConflicts", () => {
  it("finds nothing in a chain (no depends_on means list order)", () => {
    const plan = planOf([
      { filter: { categories: ["fitness"] }, action: { type: "percent_increase", value: 10 } },
      { filter: { categories: ["fitness"] }, action: { type: "fixed_increase", value: 1 } },
    ]);
    expect(conflictsOf(plan)).toEqual([]);
  });

  it("independent operations on disjoint rows commute", () => {
    const plan = planOf([
      {
        depends_on: [],
        filter: { categories: ["fitness"] },
        action: { type: "percent_increase", value: 10 },
      },
      {
        depends_on: [],
        filter: { categories: ["yoga"] },
        action: { type: "percent_decrease", value: 10 },
      },
      {
        depends_on: [],
        filter: { categories: ["accessories"] },
        action: { type: "set_stock", value: false },
      },
    ]);
    expect(conflictsOf(plan)).toEqual([]);
  });

  it("two independent writes of the same cells conflict, naming the cells", () => {
    const plan = planOf([
      {
        depends_on: [],
        filter: { categories: ["fitness"] },
        action: { type: "percent_increase", value: 10 },
      },
      { depends_on: [], filter: { skus: ["A102"] }, action: { type: "set_price", value: 5 } },
    ]);
    const [conflict] = conflictsOf(plan);
    expect(conflict).toMatchObject({
      operations: ["op_01", "op_02"],
      reason: "same_cells",
      cells: [{ rowKey: "A102", column: "price" }],
      cellCount: 1,
    });
  });

  it("setting the same value twice commutes", () => {
    const plan = planOf([
      {
        depends_on: [],
        filter: { categories: ["fitness"] },
        action: { type: "set_stock", value: false },
      },
      { depends_on: [], filter: { skus: ["A101"] }, action: { type: "set_stock", value: false } },
    ]);
    expect(conflictsOf(plan)).toEqual([]);
  });

  it("a write that flips another's filter conflicts", () => {
    const plan = planOf([
      { depends_on: [], filter: { skus: ["C301"] }, action: { type: "set_stock", value: false } },
      { depends_on: [], filter: { in_stock: true }, action: { type: "fixed_increase", value: 1 } },
    ]);
    const [conflict] = conflictsOf(plan);
    expect(conflict).toMatchObject({
      reason: "reads_written",
      cells: [{ rowKey: "C301", column: "in_stock" }],
    });
  });

  it("a variable set by an independent aggregate conflicts", () => {
    const plan = planOf([
      {
        depends_on: [],
        filter: {},
        action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg" },
      },
      {
        depends_on: [],
        filter: {},
        action: { type: "set_value", column: "price", value: "${avg}" },
      },
    ]);
    // op_02 runs after op_01 (list order), so the run succeeds, but nothing forces that order.
    const conflicts = conflictsOf(plan);
    expect(conflicts[0]).toMatchObject({ reason: "variable", variable: "avg" });
  });

  it("depends_on removes the conflict", () => {
    const plan = planOf([
      {
        depends_on: [],
        filter: { categories: ["fitness"] },
        action: { type: "percent_increase", value: 10 },
      },
      {
        depends_on: ["op_01"],
        filter: { skus: ["A102"] },
        action: { type: "set_price", value: 5 },
      },
    ]);
    expect(conflictsOf(plan)).toEqual([]);
  });
});

describe("inversePlan", () => {
  it("restores every changed cell and is a valid plan", () => {
    const catalog = load(CATALOG);
    const forward = catalog.ok(
      planOf([
        { filter: { categories: ["fitness"] }, action: { type: "percent_increase", value: 10 } },
        { filter: { categories: ["fitness"] }, action: { type: "fixed_increase", value: 1 } },
        { filter: { categories: ["accessories"] }, action: { type: "set_stock", value: false } },
      ]),
    );
    const inverse = inversePlan(forward.changes, {
      keyColumn: "sku",
      executionId: "revert_test_0001",
      createdAt: "2024-06-02T10:00:00Z",
      sourceInstruction: "Revert",
    });
    expect(inverse.ok).toBe(true);
    if (!inverse.ok) return;
    expect(executionPlanSchema.safeParse(inverse.plan).success).toBe(true);
    // One restore_values per changed column: price and in_stock.
    expect(inverse.plan.operations.map((op) => op.action)).toEqual([
      { type: "restore_values", column: "in_stock", values: { C301: "true" } },
      { type: "restore_values", column: "price", values: { A101: "29.99", A102: "39.99" } },
    ]);
    expect(inverse.plan.operations.every((op) => op.depends_on?.length === 0)).toBe(true);

    const back = load(forward.output).ok(inverse.plan);
    expect(back.output).toEqual(catalog.bytes);
  });

  it("reverts a change over 500 distinct prices byte for byte", () => {
    const rows = Array.from(
      { length: 600 },
      (_, i) =>
        `P${String(i).padStart(4, "0")},${i < 500 ? "fitness" : "yoga"},${(10 + i * 0.37).toFixed(i % 3 === 0 ? 1 : 2)},true`,
    );
    const csv = `sku,category,price,in_stock\n${rows.join("\n")}\n`;
    const catalog = load(csv);
    const forward = catalog.ok(
      planOf([
        { filter: { categories: ["fitness"] }, action: { type: "percent_increase", value: 10 } },
      ]),
    );
    expect(new Set(forward.changes.map((change) => change.before)).size).toBe(500);
    const inverse = inversePlan(forward.changes, {
      keyColumn: "sku",
      executionId: "revert_test_0003",
      createdAt: "2024-06-02T10:00:00Z",
      sourceInstruction: "Revert",
    });
    if (!inverse.ok) throw new Error(inverse.message);
    expect(executionPlanSchema.safeParse(inverse.plan).success).toBe(true);
    expect(inverse.plan.operations).toHaveLength(1);

    const back = load(forward.output).ok(inverse.plan);
    expect(back.output).toEqual(catalog.bytes);
  });

  it("reports when the inverse needs more than 100 operations (columns)", () => {
    const changes = Array.from({ length: 101 }, (_, i) => ({
      operationId: "op_01",
      rowKey: "K1",
      column: `c${i}`,
      before: `${i}.00`,
      after: "999.99",
    }));
    const inverse = inversePlan(changes, {
      keyColumn: "sku",
      executionId: "revert_test_0002",
      createdAt: "2024-06-02T10:00:00Z",
      sourceInstruction: "Revert",
    });
    expect(inverse).toMatchObject({ ok: false, reason: "too_many_groups", groups: 101 });
  });

  it("refuses a row keyed __proto__ instead of silently leaving it out of the revert", () => {
    const inverse = inversePlan(
      [
        { operationId: "op_01", rowKey: "A", column: "price", before: "1.00", after: "2.00" },
        {
          operationId: "op_01",
          rowKey: "__proto__",
          column: "price",
          before: "3.00",
          after: "4.00",
        },
      ],
      {
        keyColumn: "sku",
        executionId: "revert_x",
        createdAt: "2026-01-01T00:00:00Z",
        sourceInstruction: "Revert x",
      },
    );
    expect(inverse).toMatchObject({ ok: false, reason: "unrepresentable_key" });
    if (!inverse.ok) expect(inverse.message).toMatch(/"__proto__".*'price'/);
  });
});

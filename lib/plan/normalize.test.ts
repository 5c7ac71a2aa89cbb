import { describe, expect, it } from "vitest";
import type { DatasetProfile } from "@/lib/dataset/types";
import { normalizePlan, PlanNormalizeError } from "./normalize";
import { type ExecutionPlan, executionPlanSchema } from "./schema";

const profile: DatasetProfile = {
  columns: [
    { name: "sku", index: 0, type: "text", emptyCount: 0, distinctCount: 3 },
    { name: "category", index: 1, type: "text", emptyCount: 0, distinctCount: 2 },
    { name: "price", index: 2, type: "number", emptyCount: 0, distinctCount: 3, decimals: 2 },
    { name: "in_stock", index: 3, type: "boolean", emptyCount: 0, distinctCount: 2 },
    { name: "qty", index: 4, type: "integer", emptyCount: 0, distinctCount: 3 },
  ],
  rowCount: 3,
  keyColumn: "sku",
  shorthand: { key: "sku", category: "category", stock: "in_stock", price: "price" },
  sampleRows: [],
};

const plan = (operations: unknown[], extra: object = {}): ExecutionPlan =>
  executionPlanSchema.parse({
    execution_id: "normalize_01",
    created_at: "2024-06-01T10:00:00Z",
    source_instruction: "test",
    ...extra,
    operations,
  });

describe("normalizePlan", () => {
  it("maps seed aliases and shorthand onto columns", () => {
    const normalized = normalizePlan(
      plan([
        {
          operation_id: "op_01",
          filter: {
            categories: ["fitness"],
            in_stock: true,
            skus: ["A1"],
            price_gte: 1,
            price_lte: 9,
          },
          action: { type: "set_price", value: 15 },
          options: { min_price: 2, max_price: 8 },
        },
        { operation_id: "op_02", filter: {}, action: { type: "set_stock", value: false } },
        { operation_id: "op_03", filter: {}, action: { type: "percent_increase", value: 5 } },
        {
          operation_id: "op_04",
          filter: {},
          action: { type: "fixed_increase", value: 1, column: "qty" },
        },
      ]),
      profile,
    );
    const [first, second, third, fourth] = normalized.operations;
    expect(first.filter.all).toEqual([
      { column: "category", op: "in", value: ["fitness"] },
      { column: "in_stock", op: "eq", value: true },
      { column: "sku", op: "in", value: ["A1"] },
      { column: "price", op: "gte", value: 1 },
      { column: "price", op: "lte", value: 9 },
    ]);
    expect(first.action).toEqual({ kind: "set", column: "price", value: 15 });
    expect(first).toMatchObject({ roundTo: 2, minValue: 2, maxValue: 8, dependsOn: [] });
    expect(second.action).toEqual({ kind: "set", column: "in_stock", value: false });
    expect(second.dependsOn).toEqual(["op_01"]);
    expect(third.action).toEqual({
      kind: "numeric",
      type: "percent_increase",
      column: "price",
      value: 5,
    });
    expect(fourth.roundTo).toBe(0);
    expect(normalized.order).toEqual(["op_01", "op_02", "op_03", "op_04"]);
  });

  it("throws typed errors for unmapped and ambiguous shorthand", () => {
    const noCategory = { ...profile, shorthand: { key: "sku", price: "price" } };
    const error = catchError(() =>
      normalizePlan(
        plan([
          {
            operation_id: "op_01",
            filter: { categories: ["x"] },
            action: { type: "percent_increase", value: 1 },
          },
        ]),
        noCategory,
      ),
    );
    expect(error).toMatchObject({
      code: "unmapped_shorthand",
      path: ["operations", 0, "filter", "categories"],
    });

    const ambiguous = { ...profile, ambiguousShorthand: { price: ["price", "sale_price"] } };
    const second = catchError(() =>
      normalizePlan(
        plan([
          { operation_id: "op_01", filter: {}, action: { type: "percent_increase", value: 1 } },
        ]),
        ambiguous,
      ),
    );
    expect(second).toMatchObject({
      code: "ambiguous_shorthand",
      path: ["operations", 0, "action", "type"],
    });
  });

  it("rejects unknown columns and cycles", () => {
    expect(
      catchError(() =>
        normalizePlan(
          plan([
            {
              operation_id: "op_01",
              filter: { all: [{ column: "colour", op: "eq", value: "red" }] },
              action: { type: "set_stock", value: true },
            },
          ]),
          profile,
        ),
      ),
    ).toMatchObject({
      code: "unknown_column",
      path: ["operations", 0, "filter", "all", 0, "column"],
    });
    expect(
      catchError(() =>
        normalizePlan(
          plan([
            {
              operation_id: "a",
              depends_on: ["b"],
              filter: {},
              action: { type: "set_stock", value: true },
            },
            {
              operation_id: "b",
              depends_on: ["a"],
              filter: {},
              action: { type: "set_stock", value: true },
            },
          ]),
          profile,
        ),
      ),
    ).toMatchObject({ code: "invalid_order" });
  });
});

function catchError(body: () => unknown): PlanNormalizeError {
  try {
    body();
  } catch (error) {
    if (error instanceof PlanNormalizeError) return error;
    throw error;
  }
  throw new Error("expected a PlanNormalizeError");
}

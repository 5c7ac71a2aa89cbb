import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { describePlan } from "./describe";
import type { ExecutionPlan } from "./schema";

const profile = profileDataset(
  parseCsv(
    new TextEncoder().encode(
      "sku,region,category,price,in_stock\nW1,Burgundy,red,40.00,true\nW2,Rioja,red,12.50,false\nW3,Burgundy,white,60.00,true\n",
    ),
  ),
);

const plan = (operations: ExecutionPlan["operations"]): ExecutionPlan => ({
  execution_id: "describe_test_1",
  created_at: "2026-11-25T12:00:00Z",
  source_instruction: "test",
  operations,
});

describe("describePlan", () => {
  it("says what each operation does, to which rows, within which limits", () => {
    expect(
      describePlan(
        plan([
          {
            operation_id: "op_01",
            filter: { all: [{ column: "region", op: "eq", value: "Burgundy" }] },
            action: { type: "percent_increase", column: "price", value: 11 },
            options: { max_value: 55, round_to: 2 },
          },
        ]),
        profile,
      ),
    ).toBe(
      "Raise price by 11% for rows where region is Burgundy, at most 55; round to 2 decimals.",
    );
  });

  it("reads the shorthand, exclusions, variables and set values in words", () => {
    expect(
      describePlan(
        plan([
          {
            operation_id: "avg",
            filter: {},
            action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg_price" },
          },
          {
            operation_id: "cut",
            filter: {
              in_stock: true,
              any: [
                { column: "price", op: "gt", value: "${avg_price}" },
                { column: "region", op: "in", value: ["Rioja", "Burgundy"] },
              ],
              none: [{ column: "category", op: "eq", value: "white" }],
            },
            action: { type: "set_value", column: "in_stock", value: false },
          },
        ]),
        profile,
      ),
    ).toBe(
      "Work out the average price for every row. Set in_stock to no for rows where in_stock is yes and (price is over the average price or region is Rioja or Burgundy), except where category is white.",
    );
  });

  it("still gives words for a plan that does not fit the dataset", () => {
    expect(
      describePlan(
        plan([
          {
            operation_id: "op_01",
            filter: { all: [{ column: "vintage", op: "gt", value: 2019 }] },
            action: { type: "percent_increase", column: "price", value: 5 },
          },
        ]),
        profile,
      ),
    ).toBe("A plan of 1 step that does not fit this dataset yet.");
  });

  it("is deterministic and never throws on any numeric plan", () => {
    const action = fc.record({
      type: fc.constantFrom(
        "percent_increase",
        "percent_decrease",
        "fixed_increase",
        "fixed_decrease",
        "multiply",
      ),
      column: fc.constant("price"),
      value: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    });
    const conditionArb = fc.record({
      column: fc.constantFrom("region", "category", "price"),
      op: fc.constantFrom("eq", "neq", "in", "gt", "lte", "between", "contains", "is_empty"),
      value: fc.oneof(fc.string(), fc.integer(), fc.array(fc.string(), { maxLength: 3 })),
    });
    fc.assert(
      fc.property(action, fc.array(conditionArb, { maxLength: 3 }), (act, all) => {
        const candidate = plan([
          { operation_id: "op_01", filter: { all }, action: act } as ExecutionPlan["operations"][0],
        ]);
        const once = describePlan(candidate, profile);
        expect(describePlan(candidate, profile)).toBe(once);
        expect(once.length).toBeGreaterThan(0);
      }),
    );
  });
});

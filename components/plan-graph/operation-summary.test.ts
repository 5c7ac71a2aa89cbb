import { describe, expect, it } from "vitest";
import { ambiguousProfile, seedProfile } from "@/lib/plan/test-support";
import { actionSummary, conditionSummary, filterSummary } from "./operation-summary";

describe("filterSummary", () => {
  it("names the columns the shorthand maps to", () => {
    expect(
      filterSummary(
        { categories: ["fitness", "yoga"], in_stock: true, price_lte: 50 },
        seedProfile,
      ),
    ).toBe("category in fitness, yoga · in_stock = true · price ≤ 50");
  });

  it("summarises condition groups", () => {
    expect(
      filterSummary({
        all: [{ column: "price", op: "between", value: [10, 20] }],
        any: [
          { column: "category", op: "eq", value: "yoga" },
          { column: "name", op: "contains", value: "mat" },
        ],
        none: [{ column: "supplier", op: "is_empty" }],
      }),
    ).toBe("price 10–20 · (category = yoga or name contains mat) · not (supplier is empty)");
  });

  it("says when every row matches and survives odd shapes", () => {
    expect(filterSummary({})).toBe("every row");
    expect(filterSummary(undefined)).toBe("every row");
    expect(conditionSummary({ column: "a", op: "in", value: ["1", "2", "3", "4", "5"] })).toBe(
      "a in 1, 2, 3 +2",
    );
  });
});

describe("actionSummary", () => {
  it("shows the column and the change", () => {
    expect(actionSummary({ type: "percent_increase", value: 10 }, seedProfile)).toBe("price +10%");
    expect(actionSummary({ type: "multiply", value: 1.1, column: "cost" })).toBe("cost × 1.1");
    expect(actionSummary({ type: "set_stock", value: false }, seedProfile)).toBe(
      "in_stock := false",
    );
    expect(
      actionSummary({
        type: "aggregate",
        fn: "avg",
        column: "price",
        result_variable: "avg_price",
      }),
    ).toBe("avg(price) → ${avg_price}");
    expect(
      actionSummary({ type: "restore_values", column: "price", values: { A: "1.00", B: "2" } }),
    ).toBe("restore 2 cells of price");
  });

  it("counts the rows a restore writes back", () => {
    expect(
      actionSummary({
        type: "restore_values",
        column: "price",
        values: { A101: "29.99", A102: "39.99" },
      }),
    ).toBe("restore 2 cells of price");
  });

  it("falls back to the shorthand names without a mapping", () => {
    expect(actionSummary({ type: "set_price", value: 9.99 }, ambiguousProfile)).toBe(
      "price := 9.99",
    );
  });
});

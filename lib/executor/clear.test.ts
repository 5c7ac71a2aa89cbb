import { describe, expect, it } from "vitest";
import { describePlan } from "@/lib/plan/describe";
import { validatePlan } from "@/lib/plan/validate";
import { load, planOf, text, undone } from "./test-support";

/** set_value "" empties a cell of any type: a promotion price ends, a date is unset. */
const SHOP = `sku,category,price,promo_price,promo_ends
A1,coffee,18.00,15.99,2026-12-31
A2,accessories,3.50,2.99,2026-12-01
A3,accessories,14.00,,
`;

describe("emptying cells", () => {
  const shop = load(SHOP);
  const plan = planOf([
    {
      filter: { all: [{ column: "category", op: "eq", value: "accessories" }] },
      action: { type: "set_value", column: "promo_price", value: "" },
    },
    {
      filter: { all: [{ column: "category", op: "eq", value: "accessories" }] },
      action: { type: "set_value", column: "promo_ends", value: "" },
    },
  ]);

  it("is a valid set_value on a column of numbers or dates, and reads as emptying", () => {
    expect(validatePlan(plan, shop.profile).issues).toEqual([]);
    expect(describePlan(plan, shop.profile)).toBe(
      "Empty promo_price for rows where category is accessories. Empty promo_ends for rows where category is accessories.",
    );
  });

  it("empties only cells that hold something, and a revert puts them back", () => {
    const result = shop.ok(plan);
    expect(result.changes.map((c) => [c.rowKey, c.column, c.before, c.after])).toEqual([
      ["A2", "promo_price", "2.99", ""],
      ["A2", "promo_ends", "2026-12-01", ""],
    ]);
    expect(text(result.output)).toBe(`sku,category,price,promo_price,promo_ends
A1,coffee,18.00,15.99,2026-12-31
A2,accessories,3.50,,
A3,accessories,14.00,,
`);
    expect(text(undone(result, "sku"))).toBe(SHOP);
  });

  it("still refuses another text in a column of numbers", () => {
    const wrong = planOf([
      { filter: {}, action: { type: "set_value", column: "promo_price", value: "none" } },
    ]);
    expect(validatePlan(wrong, shop.profile).issues.map((issue) => issue.code)).toEqual([
      "value_type",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * A shop's catalogue the corpus does not have: a yes/no "Active" column (which takes the stock
 * role, as no column says in stock) beside a numeric "Stock Qty", and a price named "List Price".
 */
const CATEGORIES = ["Shoes", "Bags", "Hats", "Scarves", "Belts"];
const BRANDS = ["Nordwind", "Alpaca & Co", "Terra", "Lumen"];
const shop = tableProfile([
  "SKU,Product Name,Category,Brand,Unit Cost,List Price,Stock Qty,Active,Launch Date",
  ...Array.from({ length: 100 }, (_, i) => {
    const cost = 5 + ((i * 37) % 75);

    const category = CATEGORIES[i % 5];
    return `SH-${String(i).padStart(4, "0")},${category} ${i},${category},${BRANDS[i % 4]},${cost.toFixed(2)},${(cost * 2).toFixed(2)},${(i * 13) % 300},${i % 3 === 0 ? "N" : "Y"},2025-${String((i % 12) + 1).padStart(2, "0")}-15`;
  }),
]);

const { operations, refusal } = rulesOn(shop);

const category = (value: string) => ({ column: "Category", op: "eq", value });

describe("a shop's catalogue", () => {
  it("asks which column a word means when it names the stock flag and a column alike", () => {
    // Read as the Active flag, this raised List Price for active belts.
    expect(refusal("bump stock by 50 for Lumen belts")).toBe(
      '"stock" could mean Active or Stock Qty; name the column you mean.',
    );
    expect(operations("add 50 to stock qty for Lumen belts")[0].action).toEqual({
      type: "fixed_increase",
      column: "Stock Qty",
      value: 50,
    });
  });

  it("switches a yes/no column with its verbs and its negation", () => {
    const inactive = { type: "set_value", column: "Active", value: false };
    expect(operations("deactivate products with stock qty 0")).toEqual([
      { filter: { all: [{ column: "Stock Qty", op: "eq", value: 0 }] }, action: inactive },
    ]);
    expect(operations("set hats to inactive")).toEqual([
      { filter: { all: [category("Hats")] }, action: inactive },
    ]);
    expect(operations("activate all Terra bags")).toEqual([
      {
        filter: { all: [{ column: "Brand", op: "eq", value: "Terra" }, category("Bags")] },
        action: { type: "set_value", column: "Active", value: true },
      },
    ]);
  });

  it("reads a number after a column it has (with, that have … of)", () => {
    const zero = { all: [{ column: "Stock Qty", op: "eq", value: 0 }] };
    expect(operations("raise list price by 5% for products with stock qty 0")[0].filter).toEqual(
      zero,
    );
    expect(operations("deactivate products that have a stock qty of 0")[0].filter).toEqual(zero);
  });

  it("reads a count in stock as the column that counts stock", () => {
    // Once List Price > 250 for active products.
    expect(
      operations("reduce list prices 20% for everything with more than 250 in stock")[0].filter,
    ).toEqual({ all: [{ column: "Stock Qty", op: "gt", value: 250 }] });
  });

  it("reads how people write it down: 5pct, should be", () => {
    expect(operations("increase the price of scarves from Lumen by 5pct")[0].action).toEqual({
      type: "percent_increase",
      column: "List Price",
      value: 5,
    });
    expect(operations("the list price of SH-0007 should be 45")).toEqual([
      {
        filter: { all: [{ column: "SKU", op: "eq", value: "SH-0007" }] },
        action: { type: "set_value", column: "List Price", value: 45 },
      },
    ]);
    expect(operations("Hats should be inactive")[0].action).toEqual({
      type: "set_value",
      column: "Active",
      value: false,
    });
  });

  it("leaves out rows of two kinds, but never widens rows that are both into either", () => {
    // A plan's none leaves out rows matching any condition: "except Terra hats" would have left
    // out every Terra product and every hat.
    for (const instruction of [
      "raise everything 3% except Terra hats",
      "raise prices 3% for products that are not Terra hats",
      "raise everything 3% except where stock qty is 0 and the product is inactive",
    ]) {
      expect(refusal(instruction)).toMatch(/at once, which a plan cannot say/);
    }
    // A list of kinds leaves out each.
    expect(operations("raise everything 3% except hats and Terra")[0].filter).toEqual({
      none: [category("Hats"), { column: "Brand", op: "eq", value: "Terra" }],
    });
    expect(operations("raise hats 3% except Terra ones")[0].filter).toEqual({
      all: [category("Hats")],
      none: [{ column: "Brand", op: "eq", value: "Terra" }],
    });
  });

  it("takes each step's own direction in a list of steps", () => {
    const price = (type: string, value: number) => ({ type, column: "List Price", value });
    expect(operations("Shoes and Bags +4%, Hats -2%")).toEqual([
      {
        filter: { all: [{ column: "Category", op: "in", value: ["Shoes", "Bags"] }] },
        action: price("percent_increase", 4),
      },
      { filter: { all: [category("Hats")] }, action: price("percent_decrease", 2) },
    ]);
    expect(operations("raise shoes 4% and hats -2%").map((op) => op.action)).toEqual([
      price("percent_increase", 4),
      price("percent_decrease", 2),
    ]);
    // Without a direction of its own, a step borrows the verb before it.
    expect(operations("raise Shoes by 4%, Hats by 2%").map((op) => op.action)).toEqual([
      price("percent_increase", 4),
      price("percent_increase", 2),
    ]);
  });
});

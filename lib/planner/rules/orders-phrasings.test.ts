import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** An order book with column names as spreadsheets have them: units, symbols, "#". */
const COUNTRIES = ["USA", "Canada", "Mexico", "Brazil"];
const METHODS = ["Ground", "Air", "Express"];
const orders = tableProfile([
  "Order #,Country,Qty,Unit Price (USD),Discount %,Shipping Method,Shipped,Order Date,Weight kg",
  ...Array.from(
    { length: 60 },
    (_, i) =>
      `${10001 + i},${COUNTRIES[i % 4]},${1 + (i % 20)},${(5 + i * 3).toFixed(2)},${[0, 5, 10][i % 3]},${METHODS[i % 3]},${i % 2 === 0 ? "yes" : "no"},2026-${String((i % 11) + 1).padStart(2, "0")}-10,${(i % 40) / 2}`,
  ),
]);

const { operation } = rulesOn(orders);

describe("an order book", () => {
  it("reads the key column's word as the rows, not as another column that shares it", () => {
    // "order" named Order Date, so "mark order 10005 as shipped" was refused.
    expect(operation("mark order 10005 as shipped")).toEqual({
      filter: { all: [{ column: "Order #", op: "eq", value: 10005 }] },
      action: { type: "set_value", column: "Shipped", value: true },
    });
    expect(operation("switch all Air orders to Express shipping")).toEqual({
      filter: { all: [{ column: "Shipping Method", op: "eq", value: "Air" }] },
      action: { type: "set_value", column: "Shipping Method", value: "Express" },
    });
  });

  it("reads a verb word that is a column's name after a verb as the column", () => {
    expect(operation("set discount to 15% for orders with qty over 10")).toEqual({
      filter: { all: [{ column: "Qty", op: "gt", value: 10 }] },
      action: { type: "set_value", column: "Discount %", value: 15 },
    });
    // As a verb of its own it still lowers the price.
    expect(operation("discount Brazil orders by 10%").action).toEqual({
      type: "percent_decrease",
      column: "Unit Price (USD)",
      value: 10,
    });
  });

  it("reads a unit in a column's name, and when an order was placed", () => {
    expect(
      operation("change shipping method to Ground for orders heavier than 20 kg").filter,
    ).toEqual({ all: [{ column: "Weight kg", op: "gt", value: 20 }] });
    expect(operation("raise unit prices 3% for orders placed before 2026-03-01").filter).toEqual({
      all: [{ column: "Order Date", op: "lt", value: "2026-03-01" }],
    });
  });
});

describe("verbs of motion", () => {
  it("takes the direction from the amount after bring or push", () => {
    expect(operation("bring unit prices down 10% for Brazil").action).toEqual({
      type: "percent_decrease",
      column: "Unit Price (USD)",
      value: 10,
    });
    expect(operation("push unit prices up 3% for Canada").action).toEqual({
      type: "percent_increase",
      column: "Unit Price (USD)",
      value: 3,
    });
  });
});

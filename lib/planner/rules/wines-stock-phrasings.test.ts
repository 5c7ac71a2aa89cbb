import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Wines whose stock is a count, with a yes/no organic column and a rating. */
const wines = tableProfile([
  "wine_id,name,region,vintage,price,stock,rating,organic",
  "W1,Reserve Cabernet,Napa,2018,65.00,24,92,no",
  "W2,Old Vine Zin,Sonoma,2020,38.00,60,89,yes",
  "W3,Chianti Classico,Tuscany,2019,29.00,0,90,no",
  "W4,Rioja Crianza,Rioja,2017,22.00,15,87,yes",
]);

describe("wines: what changes, what names the rows", () => {
  const { operations } = rulesOn(wines);
  const organic = { column: "organic", op: "eq", value: true };

  it("reads 'out of stock' said last as the new value where stock is counted", () => {
    // Organic was set to yes for the wines out of stock.
    expect(operations("mark all organic wines out of stock")).toEqual([
      { filter: { all: [organic] }, action: { type: "set_value", column: "stock", value: 0 } },
    ]);
  });

  it("keeps the price the target when rows are named by a measure or a stock state", () => {
    const tenPercent = { type: "percent_increase", value: 10 };
    expect(operations("raise wines rated under 90 by 10%")).toEqual([
      { filter: { all: [{ column: "rating", op: "lt", value: 90 }] }, action: tenPercent },
    ]);
    expect(operations("raise wines with a rating under 90 by 10%")).toEqual([
      { filter: { all: [{ column: "rating", op: "lt", value: 90 }] }, action: tenPercent },
    ]);
    expect(operations("raise out of stock organic wines by 10%")).toEqual([
      {
        filter: { all: [{ column: "stock", op: "lte", value: 0 }, organic] },
        action: tenPercent,
      },
    ]);
  });

  it("changes a column named right after the verb with its own comparison", () => {
    expect(operations("raise ratings under 90 by 1")).toEqual([
      {
        filter: { all: [{ column: "rating", op: "lt", value: 90 }] },
        action: { type: "fixed_increase", column: "rating", value: 1 },
      },
    ]);
  });
});

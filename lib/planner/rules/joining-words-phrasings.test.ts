import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * A catalog large enough for its profile to list a column's values, one of them a word that
 * joins an instruction ("all").
 */
const catalog = tableProfile([
  "sku,item,coverage,price",
  ...Array.from(
    { length: 30 },
    (_, at) => `K${at},Item ${at},${["all", "full", "partial"][at % 3]},${10 + at}.00`,
  ),
]);

describe("category values that are joining words", () => {
  const { operations, refusal } = rulesOn(catalog);

  it("reads 'all' as every row, not the rows whose coverage is 'all'", () => {
    expect(operations("raise all prices by 5%")).toEqual([
      { filter: {}, action: { type: "percent_increase", value: 5 } },
    ]);
  });

  it("reads such a value after its column's name, and refuses a word that is no value", () => {
    expect(operations("raise prices by 5% where coverage is all")).toEqual([
      {
        filter: { all: [{ column: "coverage", op: "eq", value: "all" }] },
        action: { type: "percent_increase", value: 5 },
      },
    ]);
    // "where coverage is any" was left out of the plan, which raised every price.
    expect(refusal("raise prices by 5% where coverage is any")).toMatch(/what coverage is/);
  });
});

/** A small table (its values read from the rows, not the profile) with a condition column. */
const stall = tableProfile([
  "sku,item,condition,price",
  "K1,Lamp,new,40.00",
  "K2,Chair,used,25.00",
  "K3,Desk,other,90.00",
  "K4,Shelf,new,55.00",
]);

describe("values that are also describing words", () => {
  const { operations } = rulesOn(stall, {
    knownValues: new Map([
      ["item", ["Lamp", "Chair", "Desk", "Shelf"]],
      ["condition", ["new", "used", "other", "new"]],
    ]),
  });

  it("reads 'new items' as the rows whose condition is new", () => {
    // "new" was a filler word: the raise went to every item.
    expect(operations("raise prices of new items by 5%")).toEqual([
      {
        filter: { all: [{ column: "condition", op: "eq", value: "new" }] },
        action: { type: "percent_increase", value: 5 },
      },
    ]);
  });

  it("reads 'new prices' as the prices to set", () => {
    expect(operations("set new prices to 10 for used items")).toEqual([
      {
        filter: { all: [{ column: "condition", op: "eq", value: "used" }] },
        action: { type: "set_price", value: 10 },
      },
    ]);
  });
});

describe("describing words in a table large enough for its profile to list them", () => {
  const { operations } = rulesOn(
    tableProfile([
      "sku,item,condition,price",
      ...Array.from(
        { length: 30 },
        (_, at) => `K${at},Item ${at},${["new", "used", "other"][at % 3]},${20 + at}.00`,
      ),
    ]),
  );

  it("reads 'new prices' as the prices to set, not rows whose condition is new", () => {
    // The rows were those whose condition is new or used.
    expect(operations("set new prices to 10 for used items")).toEqual([
      {
        filter: { all: [{ column: "condition", op: "eq", value: "used" }] },
        action: { type: "set_price", value: 10 },
      },
    ]);
  });
});

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

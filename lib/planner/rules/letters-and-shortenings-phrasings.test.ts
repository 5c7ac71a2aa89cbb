import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A seminar list with Nordic names and departments people shorten. */
const seminars = tableProfile([
  "seminar_id,title,department,lecturer,fee",
  "S1,Game Theory,Economics,Prof. Søren Holm,300",
  "S2,Number Theory,Mathematics,Dr. Åsa Lind,250",
  "S3,Norse Sagas,History,Prof. Søren Holm,200",
  "S4,Topology,Mathematics,Dr. Jørgen Bæk,275",
]);

describe("letters and shortenings", () => {
  const { operations, plan } = rulesOn(seminars, {
    knownValues: new Map([
      ["title", ["Game Theory", "Number Theory", "Norse Sagas", "Topology"]],
      ["department", ["Economics", "Mathematics", "History", "Mathematics"]],
      ["lecturer", ["Prof. Søren Holm", "Dr. Åsa Lind", "Prof. Søren Holm", "Dr. Jørgen Bæk"]],
    ]),
  });
  const raise = { type: "percent_increase", column: "fee", value: 5 };

  it("reads a name typed without its letters ø and æ ('Soren', 'Jorgen Baek')", () => {
    expect(operations("seminars taught by Prof. Soren Holm go up 5%")).toEqual([
      {
        filter: { all: [{ column: "lecturer", op: "eq", value: "Prof. Søren Holm" }] },
        action: raise,
      },
    ]);
    expect(operations("raise the fee of Dr. Jorgen Baek's seminars by 5%")).toEqual([
      {
        filter: { all: [{ column: "lecturer", op: "eq", value: "Dr. Jørgen Bæk" }] },
        action: raise,
      },
    ]);
  });

  it("reads the start of one value as that value, with a note ('math', 'econ')", () => {
    const result = plan("increase fees for math seminars by 5%");
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: { all: [{ column: "department", op: "eq", value: "Mathematics" }] },
        action: raise,
      },
    ]);
    expect(result.notes).toContain('read "math" as department "Mathematics"');
    expect(operations("raise econ fees by 5%")).toEqual([
      { filter: { all: [{ column: "department", op: "eq", value: "Economics" }] }, action: raise },
    ]);
  });

  it("does not read a five-letter word one edit from a column's name as the column", () => {
    // "mark up coats 12%" raised every fee: "coats" was read as "costs" in a table with a cost.
    const shop = rulesOn(
      tableProfile([
        "sku,item,category,price,cost",
        "A1,Rain Jacket,jackets,120.00,60.00",
        "A2,Wool Hat,hats,25.50,9.00",
      ]),
      { knownValues: new Map([["category", ["jackets", "hats"]]]) },
    );
    expect(shop.refusal("mark up coats 12%")).toMatch(/coats/);
    expect(shop.operations("reprice all hats to 19.99")).toEqual([
      // The seed's shorthand, for a table whose columns have the seed's names.
      { filter: { categories: ["hats"] }, action: { type: "set_price", value: 19.99 } },
    ]);
  });
});

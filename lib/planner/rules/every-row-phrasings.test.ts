import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * "every Enterprise customer", "every Napa Valley bottle": a column's name after "every" or
 * "each" says what the rows are, where another column is the one to change.
 */
const accounts = tableProfile([
  "account_id,customer,plan,region,seats,auto_renew",
  "A1,Acme Corp,Enterprise,EMEA,40,no",
  "A2,Globex,Starter,APAC,5,yes",
  "A3,Initech,Enterprise,APAC,25,no",
  "A4,Hooli,Growth,NA,12,no",
]);

describe("a column's name after 'every'", () => {
  const { operations, plan } = rulesOn(accounts, {
    knownValues: new Map([
      ["customer", ["Acme Corp", "Globex", "Initech", "Hooli"]],
      ["plan", ["Enterprise", "Starter", "Enterprise", "Growth"]],
      ["region", ["EMEA", "APAC", "APAC", "NA"]],
    ]),
  });

  it("is the rows when a yes/no phrase is what changes", () => {
    // "names customer and auto_renew; set one column per action".
    expect(operations("turn on auto renew for every Enterprise customer")).toEqual([
      {
        filter: { all: [{ column: "plan", op: "eq", value: "Enterprise" }] },
        action: { type: "set_value", column: "auto_renew", value: true },
      },
    ]);
  });

  it("is the rows when the column right after the verb gets a new value", () => {
    const result = plan("set the plan of every APAC customer to Pro");
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: { all: [{ column: "region", op: "eq", value: "APAC" }] },
        action: { type: "set_value", column: "plan", value: "Pro" },
      },
    ]);
    // The note named the customer column, the one nearest the new value.
    expect(result.notes).toContain("“Pro” is a new value: no row has it in plan yet.");
  });
});

const cellar = tableProfile([
  "wine_id,name,region,price,bottles",
  "W1,Opus One,Napa Valley,420.00,6",
  "W2,Chateau Margaux,Bordeaux,155.99,51",
  "W3,Silver Oak,Napa Valley,140.00,20",
]);

describe("a count's name after 'every' and a value", () => {
  const { operations } = rulesOn(cellar, {
    knownValues: new Map([
      ["name", ["Opus One", "Chateau Margaux", "Silver Oak"]],
      ["region", ["Napa Valley", "Bordeaux", "Napa Valley"]],
    ]),
  });

  it("is the rows, and the price changes", () => {
    // "names price and bottles; change one column per action".
    expect(operations("increase the price of every Napa Valley bottle by 6%")).toEqual([
      {
        filter: { all: [{ column: "region", op: "eq", value: "Napa Valley" }] },
        action: { type: "percent_increase", value: 6 },
      },
    ]);
  });
});

const store = tableProfile([
  "sku,name,department,price",
  "P1,Stapler,Office,12.00",
  "P2,Tent,Outdoor,150.00",
  "P3,Desk Lamp,Office,35.00",
  "P4,Football,Sports,20.00",
]);

describe("words for what a store sells", () => {
  const { operations } = rulesOn(store, {
    knownValues: new Map([
      ["name", ["Stapler", "Tent", "Desk Lamp", "Football"]],
      ["department", ["Office", "Outdoor", "Office", "Sports"]],
    ]),
  });

  it("reads 'supplies' and 'gear' after a value as the rows, and 'office' as a value", () => {
    // "office" was a filler word for a place ("the Madrid office") even where a department is
    // called Office: the discount went to every product.
    const office = { all: [{ column: "department", op: "eq", value: "Office" }] };
    expect(operations("discount office supplies 15%")).toEqual([
      { filter: office, action: { type: "percent_decrease", value: 15 } },
    ]);
    expect(operations("increase the price of sports gear by 5%")).toEqual([
      {
        filter: { all: [{ column: "department", op: "eq", value: "Sports" }] },
        action: { type: "percent_increase", value: 5 },
      },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A team with numbered levels, which the corpus does not have. */
const team = tableProfile([
  "emp_id,name,department,title,salary,level,remote",
  "E01,Ana Ruiz,Sales,Account Executive,62000,2,yes",
  "E02,Ben Ode,Sales,Sales Intern,28000,1,no",
  "E03,Cho Lin,Engineering,Engineer,98000,3,yes",
  "E04,Dev Shah,Engineering,Senior Engineer,125000,4,no",
]);
const names = new Map([["name", ["Ana Ruiz", "Ben Ode", "Cho Lin", "Dev Shah"]]]);

describe("a team with levels", () => {
  const { operations } = rulesOn(team, { knownValues: names });
  const cho = { all: [{ column: "name", op: "eq", value: "Cho Lin" }] };

  it("reads a numeric column between 'to' and a number as the value's column", () => {
    // "to level 4" was "to", then a column and a number no rule placed.
    expect(operations("promote Cho Lin to level 4 and raise her salary by 8%")).toEqual([
      { filter: cho, action: { type: "set_value", column: "level", value: 4 } },
      { filter: cho, action: { type: "percent_increase", column: "salary", value: 8 } },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Changes asked for the way people ask: wishes, questions, a verb after the rows. */
const staff = tableProfile([
  "emp_id,name,department,title,salary,remote,level",
  "E01,Ana Ruiz,Sales,Account Executive,62000,yes,2",
  "E02,Ben Ode,Support,Support Lead,48000,no,1",
  "E03,Cho Lin,Engineering,Engineer,98000,yes,3",
  "E04,Dev Shah,Engineering,Senior Engineer,125000,no,4",
]);

describe("asking for a change", () => {
  const { operations } = rulesOn(staff, {
    knownValues: new Map([
      ["name", ["Ana Ruiz", "Ben Ode", "Cho Lin", "Dev Shah"]],
      ["department", ["Sales", "Support", "Engineering", "Engineering"]],
      ["title", ["Account Executive", "Support Lead", "Engineer", "Senior Engineer"]],
    ]),
  });
  const sales3 = [
    {
      filter: { all: [{ column: "department", op: "eq", value: "Sales" }] },
      action: { type: "percent_increase", column: "salary", value: 3 },
    },
  ];

  it("reads a verb written after the rows or as we do it ('bumped', 'increasing')", () => {
    expect(operations("I need all Sales salaries bumped by 3%")).toEqual(sales3);
    expect(operations("We're increasing Sales salaries by 3%")).toEqual(sales3);
    expect(operations("I want Sales salaries raised 3%")).toEqual(sales3);
    expect(operations("I want remote salaries doubled")).toEqual([
      {
        filter: { all: [{ column: "remote", op: "eq", value: true }] },
        action: { type: "multiply", column: "salary", value: 2 },
      },
    ]);
  });

  it("reads the words around a request as filler ('let's', 'can we', 'it's time to')", () => {
    expect(operations("Let's raise Sales salaries by 3%")).toEqual(sales3);
    expect(operations("Can we raise Sales salaries by 3%?")).toEqual(sales3);
    expect(operations("It's time to raise Sales salaries by 3%")).toEqual(sales3);
    expect(operations("Sales salaries need to go up 3%")).toEqual(sales3);
    expect(operations("Please make sure Sales salaries go up 3%")).toEqual(sales3);
  });

  it("gives a raise to the rows named after 'give', whatever column names them", () => {
    // "give level 3 and above a 2% raise" raised the level.
    expect(operations("give level 3 and above a 2% raise")).toEqual([
      {
        filter: { all: [{ column: "level", op: "gte", value: 3 }] },
        action: { type: "percent_increase", column: "salary", value: 2 },
      },
    ]);
  });

  it("makes a new value of a word of the column's values and a value ('a Senior Account …')", () => {
    // The plan set the title to Account Executive for rows whose title has "Senior".
    expect(operations("make Ana Ruiz a Senior Account Executive")).toEqual([
      {
        filter: { all: [{ column: "name", op: "eq", value: "Ana Ruiz" }] },
        action: { type: "set_value", column: "title", value: "Senior Account Executive" },
      },
    ]);
  });
});

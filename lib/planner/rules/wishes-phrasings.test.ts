import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Changes asked for the way people ask: wishes, questions, a verb after the rows. */
const staff = tableProfile([
  "emp_id,name,department,salary,remote",
  "E01,Ana Ruiz,Sales,62000,yes",
  "E02,Ben Ode,Support,48000,no",
  "E03,Cho Lin,Engineering,98000,yes",
  "E04,Dev Shah,Engineering,125000,no",
]);

describe("asking for a change", () => {
  const { operations } = rulesOn(staff, {
    knownValues: new Map([
      ["name", ["Ana Ruiz", "Ben Ode", "Cho Lin", "Dev Shah"]],
      ["department", ["Sales", "Support", "Engineering", "Engineering"]],
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
});

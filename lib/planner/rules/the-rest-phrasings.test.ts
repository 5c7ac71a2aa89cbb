import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A payroll where raises are given by department and "everyone else" gets the rest. */
const payroll = tableProfile([
  "employee_id,full_name,dept,salary,bonus_pct",
  "E01,Ana Ruiz,Sales,62000,5",
  "E02,Ben Ode,Engineering,98000,8",
  "E03,Cy Park,Engineering,125000,12",
  "E04,Di Sun,Support,54000,3",
]);

describe("the rest of the rows", () => {
  const { operations, refusal } = rulesOn(payroll, {
    knownValues: new Map([["dept", ["Sales", "Engineering", "Engineering", "Support"]]]),
  });
  const dept = (value: string) => ({ column: "dept", op: "eq", value });
  const raise = (value: number) => ({ type: "percent_increase", column: "salary", value });

  it("leaves out the rows earlier changes named ('everyone else', 'the rest')", () => {
    // "Everyone else gets 2%" was refused for naming no rows.
    expect(
      operations("Give Engineering a 5% raise. Sales gets 3%. Everyone else gets 2%."),
    ).toEqual([
      { filter: { all: [dept("Engineering")] }, action: raise(5) },
      { filter: { all: [dept("Sales")] }, action: raise(3) },
      { filter: { none: [dept("Engineering"), dept("Sales")] }, action: raise(2) },
    ]);
    expect(operations("raise Engineering by 5% and the rest by 2%")).toEqual([
      { filter: { all: [dept("Engineering")] }, action: raise(5) },
      { filter: { none: [dept("Engineering")] }, action: raise(2) },
    ]);
  });

  it("reads 'others' and 'otherwise' as the rest", () => {
    const rest = [
      { filter: { all: [dept("Engineering")] }, action: raise(5) },
      { filter: { none: [dept("Engineering")] }, action: raise(3) },
    ];
    expect(operations("Engineering gets 5%, others 3%")).toEqual(rest);
    expect(operations("raise salaries by 5% for Engineering, otherwise by 3%")).toEqual(rest);
  });

  it("refuses the rest of changes that named no rows", () => {
    expect(refusal("raise salaries by 2% and the rest by 1%")).toContain("the rest");
  });

  it("compares the changed column in 'unless they're already above …'", () => {
    // The comparison was of the salary, the table's price.
    expect(operations("bump Sales bonuses by 2 points unless they're already above 10")).toEqual([
      {
        filter: {
          all: [dept("Sales")],
          none: [{ column: "bonus_pct", op: "gt", value: 10 }],
        },
        action: { type: "fixed_increase", column: "bonus_pct", value: 2 },
      },
    ]);
  });
});

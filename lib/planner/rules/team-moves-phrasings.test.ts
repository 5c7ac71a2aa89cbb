import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A company's staff list, with each person's manager among the names. */
const staff = rulesOnTable([
  "emp_no,full_name,dept,title,salary,manager",
  "E-01,Aisha Khan,Finance,Analyst,62000,Tom Wu",
  "E-02,Ben Ortiz,Sales,Account Exec,71000,Lina Popov",
  "E-04,Dan Brooks,Engineering,Senior Engineer,125000,Raj Iyer",
  "E-05,Eva Lind,Sales,Sales Manager,110000,Tom Wu",
]);

const person = (name: string) => ({ all: [{ column: "full_name", op: "eq", value: name }] });

describe("people moving between teams and managers", () => {
  it("reads 'is moving to' and 'is switching to' as moves", () => {
    for (const instruction of ["Ben is moving to Finance", "Ben is switching to Finance"]) {
      expect(staff.operations(instruction)).toEqual([
        {
          filter: person("Ben Ortiz"),
          action: { type: "set_value", column: "dept", value: "Finance" },
        },
      ]);
    }
  });

  it("puts whom someone now reports to in the column of managers, not the column of names", () => {
    // Eva Lind is a name here and no one's manager yet: it had renamed Dan Brooks.
    expect(staff.operations("Dan now reports to Eva Lind")).toEqual([
      {
        filter: person("Dan Brooks"),
        action: { type: "set_value", column: "manager", value: "Eva Lind" },
      },
    ]);
  });
});

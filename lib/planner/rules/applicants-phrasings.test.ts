import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A recruiting pipeline, a table the corpus lacks, with a score and a salary ask. */

const applicants = rulesOnTable([
  "applicant_id,name,role,stage,score,source,applied_on,salary_ask,remote_ok,recruiter",
  "A101,Priya Nair,Data Analyst,screen,72,LinkedIn,2026-10-02,65000,yes,Tom",
  "A102,Jonas Berg,Backend Engineer,interview,85,Referral,2026-10-11,98000,no,Ana",
  "A103,Lucy Chen,Data Analyst,offer,91,Website,2026-09-20,70000,yes,Tom",
  "A104,Omar Haddad,Designer,screen,64,LinkedIn,2026-11-01,60000,yes,Ana",
  "A105,Sofia Russo,Backend Engineer,rejected,58,Agency,2026-09-05,105000,no,Tom",
  "A106,Ken Ito,Designer,interview,79,Referral,2026-10-28,62000,no,Ana",
]);

describe("points said of no column", () => {
  it("go to the one column of scores, not to the salary ask", () => {
    expect(applicants.operations("referrals get 5 extra points")).toEqual([
      {
        filter: { all: [{ column: "source", op: "eq", value: "Referral" }] },
        action: { type: "fixed_increase", column: "score", value: 5 },
      },
    ]);
    expect(applicants.operation("add 3 points to Ken Ito").action).toEqual({
      type: "fixed_increase",
      column: "score",
      value: 3,
    });
  });

  it("leave percentage points to the column named", () => {
    expect(
      applicants.operation("raise salary asks by 2 percentage points for Designers").action,
    ).toEqual({ type: "fixed_increase", column: "salary_ask", value: 2 });
  });
});

describe("a value the rows go 'back to'", () => {
  const toScreen = { type: "set_value", column: "stage", value: "screen" };

  it("is the value set, and 'back' is not the start of Backend Engineer", () => {
    expect(applicants.operations("move Priya back to screen")).toEqual([
      { filter: { all: [{ column: "name", op: "contains", value: "Priya" }] }, action: toScreen },
    ]);
    expect(applicants.operation("put Jonas Berg back into screen").action).toEqual(toScreen);
  });

  it("refuses 'back' with nothing after it rather than reading a role", () => {
    expect(applicants.refusal("move Priya back")).toContain("back");
  });
});

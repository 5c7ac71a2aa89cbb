import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { dryRun } from "@/lib/executor";
import type { Action } from "@/lib/plan/schema";
import { planWithRules } from "./rules/rules-planner";
import { textColumnValues } from "./rules/value-index";

/**
 * Formulas and text actions from the rules planner, on a staff table it was not written for:
 * the phrase that says what to do is read apart, the rows by the usual grammar.
 */
const bytes =
  new TextEncoder().encode(`employee_id,full_name,department,job_title,salary,bonus,manager,remote
E1,ann lee,Sales,Sales Mgr,52000,,Bob Ray,yes
E2,Bob Ray,Sales,Head of Sales,81000,5000,,no
E3,carl  ito,Engineering,Sr Engineer,95000,,Dana Wu,yes
E4,Dana Wu,Engineering,Eng Mgr,120000,8000,,no
E5,eve park,Support,Support Agent,41000,,Fay Ng,yes
E6,Fay Ng,Support,Support Mgr,60000,2000,,no
`);
const profile = profileDataset(parseCsv(bytes));
const knownValues = textColumnValues(parseCsv(bytes), profile);
const now = new Date("2026-01-01T00:00:00Z");
const plan = (instruction: string) => planWithRules({ instruction, profile, knownValues, now });

describe("formulas and text actions in plain words", () => {
  it.each<[string, Action, string[]]>([
    [
      "set bonus to salary * 0.1 for Engineering",
      { type: "set_expression", column: "bonus", expression: "salary * 0.1" },
      ["E3 bonus 9500", "E4 bonus 12000"],
    ],
    [
      "set the bonus to 10% of salary where bonus is empty",
      { type: "set_expression", column: "bonus", expression: "0.1 * salary" },
      ["E1 bonus 5200", "E3 bonus 9500", "E5 bonus 4100"],
    ],
    [
      "bonus should be salary divided by 12 for Support",
      { type: "set_expression", column: "bonus", expression: "salary / 12" },
      ["E5 bonus 3417", "E6 bonus 5000"],
    ],
    [
      "fill empty bonus with 0",
      { type: "fill_empty", column: "bonus", value: 0 },
      ["E1 bonus 0", "E3 bonus 0", "E5 bonus 0"],
    ],
    [
      "fill in missing managers with 'TBD'",
      { type: "fill_empty", column: "manager", value: "TBD" },
      ["E2 manager TBD", "E4 manager TBD", "E6 manager TBD"],
    ],
    [
      "replace 'Mgr' with 'Manager' in job title",
      { type: "replace_text", column: "job_title", find: "Mgr", replace: "Manager" },
      ["E1 job_title Sales Manager", "E4 job_title Eng Manager", "E6 job_title Support Manager"],
    ],
    [
      "capitalise the full names of remote staff",
      { type: "change_case", column: "full_name", case: "title" },
      ["E1 full_name Ann Lee", "E3 full_name Carl  Ito", "E5 full_name Eve Park"],
    ],
    [
      "tidy up the spaces in full name",
      { type: "trim_spaces", column: "full_name" },
      ["E3 full_name carl ito"],
    ],
    [
      "uppercase department for Support",
      { type: "change_case", column: "department", case: "upper" },
      ["E5 department SUPPORT", "E6 department SUPPORT"],
    ],
    [
      "add ' (remote)' to the end of job title where remote",
      { type: "add_suffix", column: "job_title", text: " (remote)" },
      [
        "E1 job_title Sales Mgr (remote)",
        "E3 job_title Sr Engineer (remote)",
        "E5 job_title Support Agent (remote)",
      ],
    ],
    [
      "combine department and job title into manager for Sales, separated by a dash",
      { type: "set_template", column: "manager", template: "{department} - {job_title}" },
      ["E1 manager Sales - Sales Mgr", "E2 manager Sales - Head of Sales"],
    ],
    [
      "copy full name into manager where manager is empty",
      { type: "set_expression", column: "manager", expression: "full_name" },
      ["E2 manager Bob Ray", "E4 manager Dana Wu", "E6 manager Fay Ng"],
    ],
  ])("%s", (instruction, action, changes) => {
    const planned = plan(instruction);
    if (!planned.ok) throw new Error(`refused: ${planned.reason}`);
    expect(planned.plan.operations.map((operation) => operation.action)).toEqual([action]);
    const result = dryRun(planned.plan, parseCsv(bytes), profile);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.changes.map((c) => `${c.rowKey} ${c.column} ${c.after}`)).toEqual(changes);
  });

  it("keeps the other changes of the instruction", () => {
    const planned = plan("uppercase department and raise salary by 2% for Sales");
    if (!planned.ok) throw new Error(planned.reason);
    expect(planned.plan.operations.map((operation) => operation.action.type)).toEqual([
      "change_case",
      "percent_increase",
    ]);
  });

  it.each([
    ["uppercase every employee id", /key that tells rows apart/],
    ["set bonus to salary times rate", /Could not place/],
    ["set bonus to salary * 0.1 for the Legal department", /Could not place/],
    ["uppercase job title, rounded to cents", /apply to numbers/],
  ])("refuses %s with a reason", (instruction, reason) => {
    const planned = plan(instruction);
    expect(planned.ok).toBe(false);
    if (!planned.ok) expect(planned.reason).toMatch(reason);
  });

  it("reads the same words to the same plan, whatever else is asked (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "set bonus to salary * 0.1",
          "fill empty manager with TBD",
          "lowercase job title",
          "replace Mgr with Manager in job title",
        ),
        fc.constantFrom("", " for Sales", " where remote", " for Engineering, except Sr Engineer"),
        (action, rows) => {
          const first = plan(action + rows);
          const second = plan(action + rows);
          if (!first.ok || !second.ok) throw new Error(`refused: ${action}${rows}`);
          expect(JSON.stringify(second.plan)).toBe(JSON.stringify(first.plan));
        },
      ),
    );
  });
});

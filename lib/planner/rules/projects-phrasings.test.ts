import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A portfolio of projects, a table the corpus lacks. */

const projects = rulesOnTable([
  "project_id,project,owner,team,status,budget,spent,percent_complete,due_date,at_risk",
  "PR-01,Website redesign,Maya Chen,Marketing,in progress,40000,31500,70,2026-12-15,no",
  "PR-02,Data warehouse,Luis Ortega,Engineering,in progress,120000,98000,55,2027-02-28,yes",
  "PR-03,Office move,Sara Nilsen,Operations,not started,15000,0,0,2027-03-01,no",
  "PR-05,Brand guidelines,Maya Chen,Marketing,done,8000,7600,90,2026-10-01,no",
]);

const atRisk = { type: "set_value", column: "at_risk", value: true };

describe("rows said, with no verb, to be a yes/no phrase", () => {
  it("are switched on, as rows said to be a value are set to it", () => {
    expect(projects.operations("PR-03 is at risk")).toEqual([
      { filter: { all: [{ column: "project_id", op: "eq", value: "PR-03" }] }, action: atRisk },
    ]);
    expect(projects.operations("Engineering projects are at risk")).toEqual([
      { filter: { all: [{ column: "team", op: "eq", value: "Engineering" }] }, action: atRisk },
    ]);
  });

  it("are switched off when said not to be it ('PR-02 is not at risk anymore')", () => {
    const pr02 = { all: [{ column: "project_id", op: "eq", value: "PR-02" }] };
    for (const instruction of ["PR-02 is not at risk anymore", "PR-02 isn't at risk any longer"]) {
      expect(projects.operations(instruction)).toEqual([
        { filter: pr02, action: { ...atRisk, value: false } },
      ]);
    }
  });

  it("stay the rows after 'that' beside a change", () => {
    expect(projects.operations("projects that are at risk get 10% more budget")).toEqual([
      {
        filter: { all: [{ column: "at_risk", op: "eq", value: true }] },
        action: { type: "percent_increase", column: "budget", value: 10 },
      },
    ]);
  });
});

describe("'marked' before a text column's value after the change's verb", () => {
  it("says which rows have the value ('for projects marked done', 'marked as done')", () => {
    for (const instruction of [
      "set percent complete to 100 for projects marked done",
      "set percent complete to 100 for projects marked as done",
    ]) {
      expect(projects.operations(instruction)).toEqual([
        {
          filter: { all: [{ column: "status", op: "eq", value: "done" }] },
          action: { type: "set_value", column: "percent_complete", value: 100 },
        },
      ]);
    }
  });
});

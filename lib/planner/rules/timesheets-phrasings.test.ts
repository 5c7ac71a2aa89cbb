import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A team's timesheet entries, a table the corpus lacks. */

const timesheets = rulesOnTable([
  "entry_id,employee,project,date,hours,billable,rate,approved",
  "T001,Ana Costa,Apollo,2026-11-23,7.5,yes,85,no",
  "T002,Ben Fry,Apollo,2026-11-23,8,yes,85,no",
  "T004,Chris Lu,Zephyr,2026-11-24,9.5,yes,95,yes",
]);

const cookbook = rulesOnTable([
  "recipe_id,title,cook_minutes,servings",
  "R01,Pad Thai,15,2",
  "R04,Beef Bourguignon,180,6",
]);

describe("rounding to a fraction said in words", () => {
  it("rounds hours to the nearest half or quarter hour", () => {
    expect(timesheets.operation("round hours to the nearest half hour").action).toEqual({
      type: "set_expression",
      column: "hours",
      expression: "round(hours / 0.5) * 0.5",
    });
    expect(timesheets.operation("round all hours up to the nearest quarter hour").action).toEqual({
      type: "set_expression",
      column: "hours",
      expression: "ceil(hours / 0.25) * 0.25",
    });
  });

  it("takes a half hour as 30 of a column of minutes", () => {
    expect(cookbook.operation("round cook minutes to the nearest half hour").action).toEqual({
      type: "set_expression",
      column: "cook_minutes",
      expression: "round(cook_minutes / 30) * 30",
    });
  });
});

describe("'per entry' after a limit", () => {
  it("is each row's own value", () => {
    expect(timesheets.operations("cap hours at 8 per entry")).toEqual([
      {
        filter: { all: [{ column: "hours", op: "gt", value: 8 }] },
        action: { type: "set_value", column: "hours", value: 8 },
      },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A project's task list, a table the corpus does not have, written to as its team would. */

const rules = rulesOnTable([
  "task_id,project,title,assignee,status,priority,due_date,estimate_hours,done",
  "T-101,Website,Fix login bug,Priya Shah,open,high,2026-12-01,4,false",
  "T-102,Website,Update footer links,Tom Berg,in progress,low,2026-12-05,1,false",
  "T-103,Mobile App,Push notifications,Priya Shah,open,medium,2026-12-10,12,false",
  "T-104,Mobile App,Dark mode,Lena Ortiz,blocked,medium,2026-12-15,8,false",
  "T-105,Billing,Invoice PDF export,Tom Berg,done,high,2026-11-20,6,true",
  "T-106,Billing,Tax rounding,Lena Ortiz,open,high,2026-11-30,3,false",
  "T-107,Website,Cookie banner,Sam Okafor,open,low,2026-12-20,2,false",
  "T-108,Mobile App,Offline sync,Sam Okafor,in progress,high,2026-12-31,20,false",
  "T-109,Billing,Refund flow,Priya Shah,blocked,medium,2026-12-12,10,false",
  "T-110,Website,Search page,Tom Berg,done,medium,2026-11-15,5,true",
]);

describe("a task list", () => {
  it("sets a status the table holds, though a column has the same name", () => {
    const result = rules.plan("set status to done for T-106 and T-107");
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: { all: [{ column: "task_id", op: "in", value: ["T-106", "T-107"] }] },
        action: { type: "set_value", column: "status", value: "done" },
      },
    ]);
    expect(result.notes.join(" ")).not.toContain("new value");
  });

  it("reads a first name after 'to' as the one person with it, with a note", () => {
    const result = rules.plan("reassign Priya's open tasks to Sam");
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: {
          all: [
            { column: "status", op: "eq", value: "open" },
            { column: "assignee", op: "contains", value: "Priya" },
          ],
        },
        action: { type: "set_value", column: "assignee", value: "Sam Okafor" },
      },
    ]);
    expect(result.notes).toContain('read "Sam" as assignee "Sam Okafor"');
    expect(rules.operations("move all blocked tasks to Priya")).toEqual([
      {
        filter: { all: [{ column: "status", op: "eq", value: "blocked" }] },
        action: { type: "set_value", column: "assignee", value: "Priya Shah" },
      },
    ]);
    expect(rules.operation("reassign T-104 to Lena").action).toEqual({
      type: "set_value",
      column: "assignee",
      value: "Lena Ortiz",
    });
  });
});

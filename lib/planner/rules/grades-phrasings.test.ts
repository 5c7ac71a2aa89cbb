import { describe, expect, it } from "vitest";
import type { DatasetProfile } from "@/lib/dataset/types";
import { rulesOn, tableProfile } from "./test-support";

/** A class's scores and a team's task list, neither in the corpus. */
const SUBJECTS = ["Maths", "Physics", "History", "Art"];
const grades = tableProfile([
  "student_id,class,subject,score,passed",
  ...Array.from({ length: 80 }, (_, i) => {
    const score = 20 + ((i * 41) % 81);
    return `S${String(i).padStart(3, "0")},${["7A", "7B", "8A"][i % 3]},${SUBJECTS[i % 4]},${score},${score >= 50 ? "yes" : "no"}`;
  }),
]);
const tasks = tableProfile([
  "Task ID,Owner,Status,Priority,Estimate (h),Blocked",
  ...Array.from(
    { length: 60 },
    (_, i) =>
      `T-${i + 1},${["amy", "raj", "li"][i % 3]},${["todo", "review", "done"][i % 3]},P${1 + (i % 3)},${[1, 2, 3, 5, 8, 13][i % 6]},${i % 4 === 0 ? "TRUE" : "FALSE"}`,
  ),
]);

const plan = (instruction: string, profile: DatasetProfile) => rulesOn(profile).plan(instruction);
const operations = (instruction: string, profile: DatasetProfile) =>
  rulesOn(profile).operations(instruction);

describe("caps and goals", () => {
  it("caps a column: what is above the number comes down to it", () => {
    expect(operations("cap scores at 100", grades)).toEqual([
      {
        filter: { all: [{ column: "score", op: "gt", value: 100 }] },
        action: { type: "set_value", column: "score", value: 100 },
      },
    ]);
    expect(operations("cap scores at 95 in Physics", grades)[0].filter).toEqual({
      all: [
        { column: "subject", op: "eq", value: "Physics" },
        { column: "score", op: "gt", value: 95 },
      ],
    });
  });

  it("never drops the rows a goal's subject names", () => {
    // Each of these once capped every subject's scores, Physics unsaid.
    for (const instruction of [
      "no Physics score should be above 95",
      "make sure no score in Physics is above 95",
      "cap Physics scores at 95",
    ]) {
      const result = plan(instruction, grades);
      const keepsPhysics =
        result.ok && JSON.stringify(result.plan.operations[0].filter).includes('"Physics"');
      // Refused, or planned for Physics only.
      expect({ instruction, safe: !result.ok || keepsPhysics }).toEqual({
        instruction,
        safe: true,
      });
    }
  });
});

describe("a task list", () => {
  it("switches a yes/no column off with un- and its verb", () => {
    expect(operations("unblock T-5", tasks)).toEqual([
      {
        filter: { all: [{ column: "Task ID", op: "eq", value: "T-5" }] },
        action: { type: "set_value", column: "Blocked", value: false },
      },
    ]);
  });

  it("refuses a step in another unit than the column's", () => {
    // A column of hours would have taken "1 day" as 1.
    expect(plan("increase estimates by 1 day for P1 tasks", tasks)).toMatchObject({
      ok: false,
      unplaced: ["day"],
    });
  });
});

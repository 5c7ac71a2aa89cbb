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

describe("a gradebook with a percentage, a pass flag and an advisor", () => {
  const gradebook = tableProfile([
    "student_id,name,class,homework,midterm,final_exam,attendance_pct,passed,advisor",
    "ST01,Amy,7A,88,72,80,95,yes,Ms Cole",
    "ST02,Ben,7A,65,58,49,70,no,Ms Cole",
    "ST03,Cal,7B,92,90,95,99,yes,Mr Diaz",
    "ST04,Dee,7B,70,61,55,82,no,Mr Diaz",
    "ST05,Eli,7C,45,40,62,60,no,Ms Cole",
  ]);
  const { operation } = rulesOn(gradebook, {
    knownValues: new Map([
      ["class", ["7A", "7B", "7C"]],
      ["advisor", ["Ms Cole", "Mr Diaz"]],
    ]),
  });
  const lowAttendance = { all: [{ column: "attendance_pct", op: "lt", value: 75 }] };
  const fail = { type: "set_value", column: "passed", value: false };

  it("compares a column of percentages with the number it holds, and reads fail as not passed", () => {
    // "under 75%" was left over: a percentage compared with nothing.
    expect(operation("everyone with attendance under 75% fails")).toEqual({
      filter: lowAttendance,
      action: fail,
    });
    expect(operation("students with attendance below 75 fail")).toEqual({
      filter: lowAttendance,
      action: fail,
    });
    expect(operation("students in 7C pass").action).toEqual({
      type: "set_value",
      column: "passed",
      value: true,
    });
  });

  it("reads who does it by the column named for them, and points of a column", () => {
    expect(operation("give everyone advised by Ms Cole 3 more homework points")).toEqual({
      filter: { all: [{ column: "advisor", op: "eq", value: "Ms Cole" }] },
      action: { type: "fixed_increase", column: "homework", value: 3 },
    });
    expect(operation("set passed to yes for students advised by Mr Diaz").filter).toEqual({
      all: [{ column: "advisor", op: "eq", value: "Mr Diaz" }],
    });
  });
});

import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * A gradebook large enough for its profile to list the grades (A to F): "A" is a grade only
 * where written as one, never the article "a".
 */
const grades = "ABCDF";
const gradebook = tableProfile([
  "student_id,class,midterm,final,grade",
  ...Array.from({ length: 40 }, (_, at) => {
    const id = `S${String(at).padStart(2, "0")}`;
    const subject = ["Biology", "History"][at % 2];
    return `${id},${subject},${50 + at},${55 + at},${grades[at % 5]}`;
  }),
]);

describe("letter grades", () => {
  const { operations } = rulesOn(gradebook);

  it("reads 'a' as an article, not the grade A", () => {
    // "raise a midterm score by 5 for S01" raised only S01's midterm if its grade was A.
    expect(operations("raise a midterm score by 5 for S01")).toEqual([
      {
        filter: { all: [{ column: "student_id", op: "eq", value: "S01" }] },
        action: { type: "fixed_increase", column: "midterm", value: 5 },
      },
    ]);
    expect(operations("A 5 point bump on the final for Biology")).toEqual([
      {
        filter: { all: [{ column: "class", op: "eq", value: "Biology" }] },
        action: { type: "fixed_increase", column: "final", value: 5 },
      },
    ]);
  });

  it("reads 'an A' and 'every A student' as the grade", () => {
    expect(operations("students in History with a final above 90 get an A")).toEqual([
      {
        filter: {
          all: [
            { column: "class", op: "eq", value: "History" },
            { column: "final", op: "gt", value: 90 },
          ],
        },
        action: { type: "set_value", column: "grade", value: "A" },
      },
    ]);
    expect(operations("give every A student in History 2 more points on the final")).toEqual([
      {
        filter: {
          all: [
            { column: "grade", op: "eq", value: "A" },
            { column: "class", op: "eq", value: "History" },
          ],
        },
        action: { type: "fixed_increase", column: "final", value: 2 },
      },
    ]);
  });
});

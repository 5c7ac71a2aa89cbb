import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A school's staff list, a table the corpus lacks. */

const staff = rulesOnTable([
  "staff_id,teacher,subject,room,periods_per_week,salary_band,head_of_dept,on_leave",
  "S-01,Mr. Hughes,Maths,M12,22,B3,yes,no",
  "S-02,Ms. Patel,Maths,M14,20,B2,no,no",
  "S-03,Dr. Okoye,Chemistry,L2,18,B4,yes,no",
  "S-04,Mrs. Lind,English,E5,24,B2,no,yes",
  "S-06,Ms. Baker,English,E7,19,B1,no,no",
]);

describe("a school's staff", () => {
  it("reads who teaches a subject as the rows of that subject ('everyone teaching English')", () => {
    expect(staff.operations("everyone teaching English gets 1 extra period")).toEqual([
      {
        filter: { all: [{ column: "subject", op: "eq", value: "English" }] },
        action: { type: "fixed_increase", column: "periods_per_week", value: 1 },
      },
    ]);
  });

  it("reads 'moves (up) to' as a move ('Ms Baker moves up to band B2')", () => {
    expect(staff.operations("Ms Baker moves up to band B2")).toEqual([
      {
        filter: { all: [{ column: "teacher", op: "eq", value: "Ms. Baker" }] },
        action: { type: "set_value", column: "salary_band", value: "B2" },
      },
    ]);
  });
});

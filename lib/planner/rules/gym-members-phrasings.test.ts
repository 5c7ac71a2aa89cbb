import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A gym's members, a table the corpus lacks, written to as its front desk would. */

const gym = rulesOnTable([
  "member_id,name,plan,monthly_fee,join_date,visits_last_month,status,locker,personal_trainer",
  "G-001,Olivia Hart,Basic,29.99,2024-01-15,12,active,no,",
  "G-002,Noah Fisher,Premium,59.99,2023-06-01,20,active,yes,Marta",
  "G-003,Emma Stone,Basic,29.99,2025-09-10,0,frozen,no,",
  "G-004,Liam Cole,Student,19.99,2026-02-20,8,active,no,",
  "G-005,Ava Price,Premium,59.99,2022-11-05,25,active,yes,Jonas",
  "G-006,Mason Webb,Basic,29.99,2021-03-14,2,cancelled,no,",
  "G-007,Isla Grant,Student,19.99,2026-09-01,15,active,yes,Marta",
]);

describe("a gym's members", () => {
  it("reads a set verb in the passive ('gets upgraded to', 'should be moved to')", () => {
    expect(
      gym.operations("everyone on Basic who visited more than 10 times gets upgraded to Premium"),
    ).toEqual([
      {
        filter: {
          all: [
            { column: "plan", op: "eq", value: "Basic" },
            { column: "visits_last_month", op: "gt", value: 10 },
          ],
        },
        action: { type: "set_value", column: "plan", value: "Premium" },
      },
    ]);
    expect(gym.operation("Student members should be moved to Basic").action).toEqual({
      type: "set_value",
      column: "plan",
      value: "Basic",
    });
  });

  it("gives the rows a yes/no column ('give Marta's clients a locker')", () => {
    expect(gym.operations("give Marta's clients a locker")).toEqual([
      {
        filter: { all: [{ column: "personal_trainer", op: "eq", value: "Marta" }] },
        action: { type: "set_value", column: "locker", value: true },
      },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { planWithRules } from "./rules-planner";
import { rulesOn, tableProfile } from "./test-support";

/** A clinic's services and a course list: lengths, starts and fees. */
const services = tableProfile([
  "service_id,service,minutes,fee,starts",
  ...Array.from(
    { length: 40 },
    (_, i) =>
      `S${String(i).padStart(3, "0")},Service ${i},${[15, 20, 30, 45, 60, 90][i % 6]},${(40 + i * 5).toFixed(2)},2026-${String((i % 12) + 1).padStart(2, "0")}-01`,
  ),
]);

const { operation } = rulesOn(services);

describe("comparisons people write", () => {
  it("reads longer than, shorter than and a count with its bound after the column", () => {
    expect(operation("services longer than 60 minutes go up 5%").filter).toEqual({
      all: [{ column: "minutes", op: "gt", value: 60 }],
    });
    expect(operation("services shorter than 30 minutes go down 5%").filter).toEqual({
      all: [{ column: "minutes", op: "lt", value: 30 }],
    });
    expect(operation("services of 20 minutes or less get a $5 cut")).toEqual({
      filter: { all: [{ column: "minutes", op: "lte", value: 20 }] },
      action: { type: "fixed_decrease", column: "fee", value: 5 },
    });
  });

  it("reads the other forms of a date column named by a verb in -s", () => {
    expect(operation("raise fees by 4% for services starting after June 2026").filter).toEqual({
      all: [{ column: "starts", op: "gte", value: "2026-07-01" }],
    });
  });

  it("reads a dollar as one", () => {
    expect(operation("lower the fee of S004 by a dollar").action).toEqual({
      type: "fixed_decrease",
      column: "fee",
      value: 1,
    });
  });
});

describe("a hotel's rooms", () => {
  const VIEWS = ["City", "Garden", "Sea"];
  const rooms = tableProfile([
    "Room,View,Nightly Rate,Max Guests",
    ...Array.from(
      { length: 30 },
      (_, i) => `${101 + i},${VIEWS[i % 3]},${180 + i * 5},${1 + (i % 4)}`,
    ),
  ]);
  const filterOf = (instruction: string) => rulesOn(rooms).operation(instruction).filter;

  it("reads a value joined to its column by a hyphen after a preposition", () => {
    expect(filterOf("Lower the rate for garden-view rooms by 5%")).toEqual({
      all: [{ column: "View", op: "eq", value: "Garden" }],
    });
  });

  it("reads what a room sleeps as a comparison of its capacity", () => {
    expect(filterOf("Increase rates by 3% for rooms that sleep at least 3 guests")).toEqual({
      all: [{ column: "Max Guests", op: "gte", value: 3 }],
    });
  });
});

describe("who the rows are by", () => {
  it("reads by before a value as the rows with it, and by before a number as the amount", () => {
    const CLINICIANS = ["Dr. Sofia Marín", "Dr. Tom Becker", "Dr. Amira Haddad"];
    const clinic = tableProfile([
      "service_id,clinician,fee",
      ...Array.from(
        { length: 30 },
        (_, i) => `S${String(i).padStart(3, "0")},${CLINICIANS[i % 3]},${50 + i}.00`,
      ),
    ]);
    const result = planWithRules({
      instruction: "services by Dr Sofia Marin go down by 4%",
      profile: clinic,
      now: new Date("2026-11-26"),
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: { all: [{ column: "clinician", op: "eq", value: "Dr. Sofia Marín" }] },
        action: { type: "percent_decrease", column: "fee", value: 4 },
      },
    ]);
  });
});

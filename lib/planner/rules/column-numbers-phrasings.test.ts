import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A column and its whole number naming rows: "level 2 salaries", "floor 3 rooms". */
const staff = tableProfile([
  "emp_id,name,level,salary",
  "E01,Ana Ruiz,1,40000",
  "E02,Ben Ode,2,52000",
  "E03,Cho Lin,3,68000",
  "E04,Dev Shah,2,55000",
]);
const rooms = tableProfile([
  "room,floor,view,nightly_rate",
  "101,1,city,120",
  "204,2,sea,180",
  "305,3,sea,210",
  "306,3,city,160",
]);

describe("a column's number naming the rows", () => {
  const { operations } = rulesOn(staff, {
    knownValues: new Map([["name", ["Ana Ruiz", "Ben Ode", "Cho Lin", "Dev Shah"]]]),
  });
  const raise = (value: number) => ({ type: "percent_increase", column: "salary", value });

  it("reads 'level 2 salaries' as the rows at level 2", () => {
    // Read as salaries of 2, with the level raised by 3%.
    expect(operations("raise level 2 salaries by 3% and level 3 salaries by 2%")).toEqual([
      { filter: { all: [{ column: "level", op: "eq", value: 2 }] }, action: raise(3) },
      { filter: { all: [{ column: "level", op: "eq", value: 3 }] }, action: raise(2) },
    ]);
  });

  it("reads several numbers of a column as any of them, and a bound before the column", () => {
    expect(operations("raise salaries by 2% for level 1 or 2")).toEqual([
      { filter: { all: [{ column: "level", op: "in", value: [1, 2] }] }, action: raise(2) },
    ]);
    expect(operations("raise salaries by 2% for levels 1 and 2")).toEqual([
      { filter: { all: [{ column: "level", op: "in", value: [1, 2] }] }, action: raise(2) },
    ]);
    expect(operations("raise salaries by 2% for anyone below level 3")).toEqual([
      { filter: { all: [{ column: "level", op: "lt", value: 3 }] }, action: raise(2) },
    ]);
  });

  it("keeps a number after a step verb an amount ('raise level by 1')", () => {
    expect(operations("raise level by 1 for Ben Ode")).toEqual([
      {
        filter: { all: [{ column: "name", op: "eq", value: "Ben Ode" }] },
        action: { type: "fixed_increase", column: "level", value: 1 },
      },
    ]);
  });
});

describe("a floor is a place where the table has floors", () => {
  const { operations } = rulesOn(rooms, {
    knownValues: new Map([["view", ["city", "sea", "sea", "city"]]]),
  });

  it("reads 'floor 3 rooms' as the rooms on floor 3, not a lower limit of 3", () => {
    expect(operations("raise floor 3 rooms by 5%")).toEqual([
      {
        filter: { all: [{ column: "floor", op: "eq", value: 3 }] },
        action: { type: "percent_increase", column: "nightly_rate", value: 5 },
      },
    ]);
    expect(operations("raise rates on floors 2 and 3 by 5%")).toEqual([
      {
        filter: { all: [{ column: "floor", op: "in", value: [2, 3] }] },
        action: { type: "percent_increase", column: "nightly_rate", value: 5 },
      },
    ]);
  });
});

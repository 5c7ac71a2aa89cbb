import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A conference's talks and a list of map sites: tables the corpus lacks. */

const talks = rulesOnTable([
  "talk_id,title,speaker,track,room,day,start_time,duration_min,confirmed,capacity",
  "T01,Scaling Postgres,Ana Silva,Data,Hall A,2026-12-03,09:00,45,yes,300",
  "T02,Rust for Pythonistas,Ben Ode,Languages,Room 2,2026-12-03,10:00,30,no,120",
  "T03,Design Systems at Scale,Chloe Park,Frontend,Room 3,2026-12-03,11:00,45,yes,120",
  "T04,Observability 101,Dev Rao,Ops,Hall A,2026-12-04,09:00,60,yes,300",
  "T05,Type-safe APIs,Ben Ode,Languages,Room 2,2026-12-04,10:30,30,yes,120",
]);

const sites = rulesOnTable([
  "site,name,lat,long,visits",
  "S1,Pier,51.5,-0.12,10",
  "S2,Tower,51.6,-0.10,20",
]);

describe("a length said with 'long'", () => {
  it("reads '40 minutes long' as 40 minutes", () => {
    expect(talks.operations("make all 30 minute talks 40 minutes long")).toEqual([
      {
        filter: { all: [{ column: "duration_min", op: "eq", value: 30 }] },
        action: { type: "set_value", column: "duration_min", value: 40 },
      },
    ]);
  });

  it("still reads a column named long", () => {
    expect(sites.operation("increase long by 1 for S2").action).toEqual({
      type: "fixed_increase",
      column: "long",
      value: 1,
    });
  });
});

describe("a new day said with its month's name", () => {
  const toDec5 = { type: "set_value", column: "day", value: "2026-12-05" };

  it("takes the year the table's days have that month in", () => {
    expect(talks.operations("reschedule T02 to Dec 5")).toEqual([
      { filter: { all: [{ column: "talk_id", op: "eq", value: "T02" }] }, action: toDec5 },
    ]);
    expect(talks.operation("reschedule T02 to December 5th").action).toEqual(toDec5);
    expect(talks.operations("push all talks on Dec 3 to Dec 5")).toEqual([
      {
        filter: {
          all: [
            { column: "day", op: "gte", value: "2026-12-03" },
            { column: "day", op: "lt", value: "2026-12-04" },
          ],
        },
        action: toDec5,
      },
    ]);
  });

  it("refuses a month the table's days do not have", () => {
    expect(talks.refusal("reschedule T02 to March 5")).toContain("March");
  });
});

describe("a value below zero", () => {
  const pier = { all: [{ column: "name", op: "eq", value: "Pier" }] };

  it("sets it, where it used to lower the column by the number", () => {
    expect(sites.operations("set long to -0.2 for Pier")).toEqual([
      { filter: pier, action: { type: "set_value", column: "long", value: -0.2 } },
    ]);
    expect(sites.operations("set visits to minus 5 for Pier")).toEqual([
      { filter: pier, action: { type: "set_value", column: "visits", value: -5 } },
    ]);
  });

  it("keeps a bare minus as a decrease ('visits -5 for Pier')", () => {
    expect(sites.operation("visits -5 for Pier").action).toEqual({
      type: "fixed_decrease",
      column: "visits",
      value: 5,
    });
  });
});

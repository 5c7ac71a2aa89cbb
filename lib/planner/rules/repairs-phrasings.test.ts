import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A landlord's repair tickets, a table the corpus lacks, with priorities low to urgent. */

const repairs = rulesOnTable([
  "ticket,property,unit,issue,reported,priority,contractor,quote,approved,status",
  "R-01,Elm Court,1A,Leaking tap,2026-11-02,low,FixIt Ltd,85.00,no,open",
  "R-02,Elm Court,2B,No heating,2026-11-20,urgent,HeatPro,420.00,yes,scheduled",
  "R-03,Oak House,3,Broken window,2026-10-15,medium,GlassCo,260.00,no,open",
  "R-06,Elm Court,4C,Boiler noise,2026-11-25,high,HeatPro,310.00,no,open",
]);

describe("a step to a level", () => {
  const elmCourt = { column: "property", op: "eq", value: "Elm Court" };
  const toHigh = { type: "set_value", column: "priority", value: "high" };

  it("raises only the levels below it: an urgent ticket stays urgent", () => {
    expect(repairs.operations("raise the priority of all Elm Court tickets to high")).toEqual([
      {
        filter: { all: [elmCourt, { column: "priority", op: "in", value: ["low", "medium"] }] },
        action: toHigh,
      },
    ]);
  });

  it("lowers only the levels above it", () => {
    expect(repairs.operation("lower every priority to medium").filter).toEqual({
      all: [{ column: "priority", op: "in", value: ["high", "urgent"] }],
    });
  });

  it("sets every row when the change is a set, not a step", () => {
    expect(repairs.operations("set the priority of all Elm Court tickets to high")).toEqual([
      { filter: { all: [elmCourt] }, action: toHigh },
    ]);
  });

  it("sets every row when the column holds words of no known order", () => {
    expect(repairs.operation("bump the status of R-01 to scheduled").filter).toEqual({
      all: [{ column: "ticket", op: "eq", value: "R-01" }],
    });
  });
});

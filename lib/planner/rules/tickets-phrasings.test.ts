import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A team's bug tracker. */
const tracker = rulesOnTable([
  "ticket,title,reporter,assignee,priority,status,component,points,blocked",
  "BUG-101,Login fails on Safari,Kim,Dev Rao,high,open,auth,3,false",
  "BUG-102,Typo on pricing page,Lee,,low,open,web,1,false",
  "BUG-103,Export times out,Kim,Ana Silva,critical,in progress,export,8,true",
  "BUG-104,Dark mode contrast,Pat,Dev Rao,medium,review,web,2,false",
  "BUG-105,Crash on empty CSV,Lee,Ana Silva,high,open,import,5,false",
  "BUG-106,Slow search,Pat,,medium,closed,search,5,false",
]);

const ticket = (key: string) => ({ column: "ticket", op: "eq", value: key });

describe("a bug tracker, in its team's words", () => {
  it("reads bugs and issues as its rows", () => {
    expect(tracker.operations("give all unassigned bugs to Ana Silva")).toEqual([
      {
        filter: { all: [{ column: "assignee", op: "is_empty" }] },
        action: { type: "set_value", column: "assignee", value: "Ana Silva" },
      },
    ]);
    expect(tracker.operation("close all low priority issues")).toEqual({
      filter: { all: [{ column: "priority", op: "eq", value: "low" }] },
      action: { type: "set_value", column: "status", value: "closed" },
    });
  });

  it("reads 'is picking up' and 'picked up' as taking the rows over", () => {
    for (const instruction of ["Dev Rao is picking up BUG-102", "Dev Rao picked up BUG-102"]) {
      expect(tracker.operations(instruction)).toEqual([
        {
          filter: { all: [ticket("BUG-102")] },
          action: { type: "set_value", column: "assignee", value: "Dev Rao" },
        },
      ]);
    }
  });

  it("clears the column a verb names after 'un': 'unassign BUG-101'", () => {
    expect(tracker.operations("unassign BUG-101")).toEqual([
      {
        filter: { all: [ticket("BUG-101")] },
        action: { type: "set_value", column: "assignee", value: "" },
      },
    ]);
  });

  it("takes 'down' or 'up' before 'to' as the way the level goes, whatever the verb", () => {
    for (const instruction of ["bump BUG-103 down to high", "knock BUG-103 down to high"]) {
      expect(tracker.operations(instruction)).toEqual([
        {
          filter: { all: [ticket("BUG-103"), { column: "priority", op: "eq", value: "critical" }] },
          action: { type: "set_value", column: "priority", value: "high" },
        },
      ]);
    }
    expect(tracker.operation("bump BUG-102 up to high").action).toEqual({
      type: "set_value",
      column: "priority",
      value: "high",
    });
  });
});

/** Homes for sale: what became of a listing, told as news. */
const homes = rulesOnTable([
  "listing_id,address,city,price,status,agent",
  "L-201,12 Oak St,Springfield,325000,active,Mia Lopez",
  "L-202,8 Elm Ave,Springfield,219000,pending,Tom Reed",
  "L-204,3 Birch Ln,Shelbyville,299000,sold,Ann Ko",
]);

describe("a participle of a value straight after the rows", () => {
  const oakSold = {
    filter: { all: [{ column: "address", op: "eq", value: "12 Oak St" }] },
    action: { type: "set_value", column: "status", value: "sold" },
  };

  it("is news of that value: '12 Oak St sold', 'just sold', 'was sold'", () => {
    for (const instruction of ["12 Oak St sold", "12 Oak St just sold", "12 Oak St was sold"]) {
      expect(homes.operations(instruction)).toEqual([oakSold]);
    }
    expect(tracker.operation("BUG-104 closed").action).toEqual({
      type: "set_value",
      column: "status",
      value: "closed",
    });
  });

  it("leaves a value that is no participle refused: 'L-201 pending' may say what it was", () => {
    expect(homes.refusal("L-201 pending")).toContain("says which rows but not what to do");
    expect(tracker.refusal("BUG-101 open")).toContain("says which rows but not what to do");
  });
});

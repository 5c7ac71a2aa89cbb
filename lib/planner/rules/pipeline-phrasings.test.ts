import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A sales pipeline, its stages ending in "closed won" and "closed lost". */
const deals = rulesOnTable([
  "deal_id,account,owner,stage,amount,probability,close_date",
  "D-01,Acme Corp,Sam Lee,prospecting,25000,10,2026-12-20",
  "D-02,Globex,Ana Ruiz,negotiation,80000,60,2026-12-05",
  "D-03,Initech,Sam Lee,proposal,40000,40,2027-01-15",
  "D-04,Umbrella,Raj Das,closed won,120000,100,2026-11-20",
  "D-05,Hooli,Ana Ruiz,closed lost,55000,0,2026-11-18",
]);

const account = (name: string) => ({ all: [{ column: "account", op: "eq", value: name }] });
const stage = (value: string) => ({ type: "set_value", column: "stage", value });

describe("a sales pipeline, in its owners' words", () => {
  it("reads 'we won' and 'we lost' as the stage ending in that word", () => {
    expect(deals.operations("we won Globex")).toEqual([
      { filter: account("Globex"), action: stage("closed won") },
    ]);
    expect(deals.operations("we lost the Initech deal")).toEqual([
      { filter: account("Initech"), action: stage("closed lost") },
    ]);
  });

  it("still reads 'lost deals' as the rows in that stage", () => {
    expect(deals.operation("set probability to 0 for lost deals").filter).toEqual({
      all: [{ column: "stage", op: "contains", value: "lost" }],
    });
  });

  it("reads 'advanced to' as a move", () => {
    expect(deals.operations("Initech advanced to negotiation")).toEqual([
      { filter: account("Initech"), action: stage("negotiation") },
    ]);
  });
});

/** A venue's events, with a yes/no column for the ones sold out. */
const events = rulesOnTable([
  "event_id,name,venue,capacity,tickets_sold,sold_out",
  "EV-1,Jazz Night,Blue Room,200,180,false",
  "EV-2,Comedy Hour,Main Hall,400,400,true",
]);

describe("a yes/no participle straight after the rows", () => {
  it("is news of it: 'Jazz Night sold out'", () => {
    expect(events.operations("Jazz Night sold out")).toEqual([
      {
        filter: { all: [{ column: "name", op: "eq", value: "Jazz Night" }] },
        action: { type: "set_value", column: "sold_out", value: true },
      },
    ]);
  });

  it("still names rows before the rows: 'sold out events'", () => {
    expect(events.refusal("sold out events")).toContain("says which rows");
  });
});

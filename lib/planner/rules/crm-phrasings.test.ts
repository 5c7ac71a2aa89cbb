import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A sales pipeline, a table the corpus lacks, written to as its sales team would. */

const deals = rulesOnTable([
  "deal_id,account,stage,amount,probability,owner,region,close_date,priority",
  "D-1000,Stark Industries,Qualified,20700,10,Maria Lopez,Americas,2026-02-12,low",
  "D-1001,Acme Corp,Closed Won,11400,10,Maria Lopez,APAC,2026-07-03,high",
  "D-1002,Globex,Closed Won,22200,10,Maria Lopez,EMEA,2026-11-21,low",
  "D-1003,Acme Corp,Closed Won,20800,10,Tom Becker,EMEA,2026-09-28,high",
  "D-1004,Hooli,Negotiation,7800,100,Maria Lopez,Americas,2026-05-18,low",
  "D-1005,Initech,Prospecting,29700,40,Aisha Khan,EMEA,2026-09-23,high",
  "D-1006,Acme Corp,Closed Won,11000,90,Lee Wong,APAC,2026-08-19,medium",
  "D-1007,Stark Industries,Proposal,13200,25,Tom Becker,EMEA,2026-10-10,low",
  "D-1008,Soylent,Proposal,23400,50,Maria Lopez,EMEA,2026-09-14,high",
  "D-1009,Stark Industries,Qualified,25500,75,Maria Lopez,Americas,2026-02-25,low",
  "D-1010,Stark Industries,Proposal,18400,90,Lee Wong,EMEA,2026-02-09,medium",
]);

describe("a sales pipeline", () => {
  it("reads what a deal is worth as its amount ('deals worth more than 20k')", () => {
    expect(deals.operation("raise probability by 5 for deals worth more than 20k").filter).toEqual({
      all: [{ column: "amount", op: "gt", value: 20000 }],
    });
  });

  it("reads rows said to be a value, with no verb, as set to it ('… are high priority')", () => {
    expect(deals.operations("deals closing this month are high priority")).toEqual([
      {
        filter: {
          all: [
            { column: "close_date", op: "gte", value: "2026-11-01" },
            { column: "close_date", op: "lt", value: "2026-12-01" },
          ],
        },
        action: { type: "set_value", column: "priority", value: "high" },
      },
    ]);
    expect(deals.operation("deals in APAC are Negotiation").action).toEqual({
      type: "set_value",
      column: "stage",
      value: "Negotiation",
    });
    expect(deals.refusal("deals that are high priority")).toContain("not what to do");
  });
});

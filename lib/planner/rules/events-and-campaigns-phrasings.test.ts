import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A venue's events and an ad team's campaigns: columns compared with columns, values marked. */
const events = tableProfile([
  "event_id,title,venue,city,date,capacity,tickets_sold,price,status",
  "EV1,Jazz Night,Blue Room,Lyon,2026-12-05,200,180,35.00,on sale",
  "EV2,Rock Fest,Arena,Paris,2027-01-20,5000,4100,80.00,on sale",
  "EV3,Poetry Slam,Cafe Nord,Lyon,2026-11-28,60,12,10.00,on sale",
  "EV4,Opera Gala,Grand Theatre,Paris,2026-12-31,900,900,150.00,sold out",
]);
const campaigns = tableProfile([
  "campaign_id,channel,budget,spend,clicks,status",
  "C1,search,5000,5400,1200,active",
  "C2,social,3000,2100,800,active",
  "C3,email,1000,1000,400,paused",
]);

describe("events and campaigns", () => {
  const onEvents = rulesOn(events, {
    knownValues: new Map([
      ["status", ["on sale", "sold out"]],
      ["city", ["Lyon", "Paris"]],
    ]),
  }).operation;
  const onCampaigns = rulesOn(campaigns, {
    knownValues: new Map([["status", ["active", "paused"]]]),
  }).operation;
  const soldOut = { type: "set_value", column: "status", value: "sold out" };

  it("reads one column equal to another", () => {
    const full = { all: [{ column: "tickets_sold", op: "eq", value: { column: "capacity" } }] };
    expect(
      onEvents("set status to sold out for events whose tickets sold has reached capacity"),
    ).toEqual({ filter: full, action: soldOut });
    expect(onCampaigns("pause campaigns where spend equals budget").filter).toEqual({
      all: [{ column: "spend", op: "eq", value: { column: "budget" } }],
    });
  });

  it("reads the value marked before 'every' or 'all' and the rows", () => {
    expect(onEvents("mark sold out every event where tickets sold equals capacity")).toEqual({
      filter: { all: [{ column: "tickets_sold", op: "eq", value: { column: "capacity" } }] },
      action: soldOut,
    });
    expect(onEvents("mark sold out all events in Paris")).toEqual({
      filter: { all: [{ column: "city", op: "eq", value: "Paris" }] },
      action: soldOut,
    });
  });
});

import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { dryRun } from "@/lib/executor";
import { planWithRules } from "./rules/rules-planner";
import { textColumnValues } from "./rules/value-index";

/** Ranks ("the 3 cheapest") and group comparisons ("above their region's average") in words. */
const bytes = new TextEncoder().encode(`wine_id,region,grape,price,bottles
W1,Burgundy,Pinot Noir,40.00,12
W2,Burgundy,Chardonnay,25.00,30
W3,Burgundy,Pinot Noir,60.00,4
W4,Rioja,Tempranillo,18.00,50
W5,Rioja,Tempranillo,22.00,8
W6,Mosel,Riesling,15.00,20
`);
const profile = profileDataset(parseCsv(bytes));
const knownValues = textColumnValues(parseCsv(bytes), profile);
const changed = (instruction: string) => {
  const planned = planWithRules({ instruction, profile, knownValues, now: new Date(0) });
  if (!planned.ok) throw new Error(`refused: ${planned.reason}`);
  const result = dryRun(planned.plan, parseCsv(bytes), profile);
  if (!result.ok) throw new Error(result.error.message);
  return result.changes.map((c) => `${c.rowKey} ${c.after}`);
};

describe("ranks and groups in plain words", () => {
  it.each([
    ["Raise the 2 cheapest by $1", ["W4 19.00", "W6 16.00"]],
    ["cut the most expensive wine of each region by 10%", ["W3 54.00", "W5 19.80", "W6 13.50"]],
    ["raise the cheapest Burgundy by $5", ["W2 30.00"]],
    ["take 10% off the top 2 by bottles", ["W2 22.50", "W4 16.20"]],
    // The rank's word before its number, its column after: "the bottom 2 prices".
    ["raise the bottom 2 prices by $1", ["W4 19.00", "W6 16.00"]],
    ["cut the top 2 prices by 10%", ["W1 36.00", "W3 54.00"]],
    ["raise the lowest 1 price in each region by $1", ["W2 26.00", "W4 19.00", "W6 16.00"]],
    ["Cut prices that are above their region's average by 10%", ["W3 54.00", "W5 19.80"]],
    [
      "raise wines priced below the average price for their region by 10%",
      ["W1 44.00", "W2 27.50", "W4 19.80"],
    ],
  ])("%s", (instruction, changes) => {
    expect(changed(instruction)).toEqual(changes);
  });

  it.each([
    ["raise the cheapest wines by 5%"],
    ["raise the 2 lowest priced bottles by 2%"],
    ["raise the 2 cheapest by 5% and cut Rioja by 2%"],
  ])("refuses %s rather than guess", (instruction) => {
    expect(planWithRules({ instruction, profile, knownValues, now: new Date(0) }).ok).toBe(false);
  });
});

describe("a rank that names the column to change", () => {
  // Two prices: "prices" in the rank is the one the cut is of, once the rank is read apart.
  const shop = new TextEncoder().encode(`sku,price,sale_price
S1,10.00,9.00
S2,30.00,25.00
S3,20.00,
`);
  const shopProfile = profileDataset(parseCsv(shop));

  it("changes the column the rank named when the rest names none", () => {
    const planned = planWithRules({
      instruction: "discount the top 2 prices by 5%",
      profile: shopProfile,
      now: new Date(0),
    });
    if (!planned.ok) throw new Error(`refused: ${planned.reason}`);
    const [operation] = planned.plan.operations;
    expect(operation.filter.top).toEqual({ n: 2, by: "price", order: "highest", ties: "all" });
    expect(operation.action).toMatchObject({ type: "percent_decrease", column: "price", value: 5 });
  });
});

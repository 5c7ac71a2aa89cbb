import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { dryRun } from "@/lib/executor";
import { createRulesPlanner } from "./rules/rules-planner";
import { textColumnValues } from "./rules/value-index";

/** "Flip on_sale for Provence": the rules planner's toggle, end to end on a wine list. */
const bytes = new TextEncoder().encode(
  "sku,region,on_sale,organic,price\nW1,Provence,yes,Y,10\nW2,Provence,no,N,12\nW3,Rioja,yes,Y,9\n",
);
const profile = profileDataset(parseCsv(bytes));
// As the app and the CLI do: the planner knows the values of the text columns.
const knownValues = textColumnValues(parseCsv(bytes), profile);
const planner = createRulesPlanner({ clock: () => new Date("2026-01-01T00:00:00Z") });

describe("flipping a yes/no column", () => {
  it.each([
    [
      "Flip on_sale for Provence",
      "on_sale",
      [
        ["W1", "yes", "no"],
        ["W2", "no", "yes"],
      ],
    ],
    ["toggle organic for Rioja wines", "organic", [["W3", "Y", "N"]]],
    [
      "flip on sale for the Provence wines",
      "on_sale",
      [
        ["W1", "yes", "no"],
        ["W2", "no", "yes"],
      ],
    ],
  ])("%s", async (instruction, column, changes) => {
    const planned = await planner.plan({ instruction, profile, knownValues });
    if (!planned.ok) throw new Error(`refused: ${planned.reason}`);
    expect(planned.plan.operations[0].action).toEqual({ type: "toggle", column });
    const result = dryRun(planned.plan, parseCsv(bytes), profile);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.changes.map((change) => [change.rowKey, change.before, change.after])).toEqual(
      changes,
    );
  });

  it.each([
    ["flip price for Provence", /does not name a yes\/no column/],
    ["Flip on_sale and organic for Rioja", /flip one column per action/],
  ])("refuses %s with a reason", async (instruction, reason) => {
    const planned = await planner.plan({ instruction, profile, knownValues });
    expect(planned.ok).toBe(false);
    if (!planned.ok) expect(planned.reason).toMatch(reason);
  });
});

import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { dryRun } from "@/lib/executor";
import { generateCatalog } from "@/prisma/seed/catalog";
import { createRulesPlanner } from "./rules/rules-planner";

/**
 * A bound written beside a change ("never go above $60", "never below $10") caps the new value;
 * it never moves a value the other way. Checked end to end on the demo catalog (10,000 rows), from
 * the instruction through the rules planner and the executor.
 */

const bytes = new TextEncoder().encode(generateCatalog(10_000));
const profile = profileDataset(parseCsv(bytes));
const planner = createRulesPlanner({ clock: () => new Date("2026-01-01T00:00:00Z") });

async function run(instruction: string) {
  const planned = await planner.plan({ instruction, profile });
  if (!planned.ok) throw new Error(`refused: ${planned.reason}`);
  const result = dryRun(planned.plan, parseCsv(bytes), profile);
  if (!result.ok) throw new Error(result.error.message);
  const moves = result.changes.map((change) => Number(change.after) - Number(change.before));
  return { plan: planned.plan, result, moves };
}

describe("bounds on the new value, on the demo catalog", () => {
  it("a cap on an increase raises prices up to the cap and lowers none", async () => {
    const { plan, result, moves } = await run(
      "Increase prices by 10% for all in-stock fitness products; never go above $60",
    );
    expect(plan.operations[0].options?.max_value).toBe(60);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.filter((move) => move < 0)).toEqual([]);
    expect(result.changes.every((change) => Number(change.after) <= 60)).toBe(true);
    // Prices already above $60 were left as they were, and the preview says how many.
    expect(result.warnings.join(" ")).toMatch(/already above its limit of 60/);
  });

  it("a floor on a discount lowers prices down to the floor and raises none", async () => {
    const { plan, result, moves } = await run("Discount everything by 15%, never below $10");
    expect(plan.operations[0].options?.min_value).toBe(10);
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.filter((move) => move > 0)).toEqual([]);
    expect(result.changes.every((change) => Number(change.after) >= 10)).toBe(true);
    expect(result.warnings.join(" ")).toMatch(/already below its limit of 10/);
  });
});

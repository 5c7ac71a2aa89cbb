import { describe, expect, it } from "vitest";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { seedProfile } from "@/lib/plan/test-support";
import { planWithRules } from "./rules/rules-planner";
import { secondReading } from "./second-reading";

const NOW = new Date("2026-06-15T12:00:00Z");

function rulesPlan(instruction: string): ExecutionPlan {
  const result = planWithRules({ instruction, profile: seedProfile, now: NOW });
  if (!result.ok) throw new Error(result.reason);
  return result.plan;
}

/** The rules planner's plan for `instruction`, then changed as a model or a hand edit might. */
function edited(instruction: string, edit: (plan: ExecutionPlan) => void): ExecutionPlan {
  const plan = structuredClone(rulesPlan(instruction));
  edit(plan);
  return plan;
}

describe("the second reading of a plan", () => {
  it("has nothing to say about a plan that matches the instruction", () => {
    const plan = rulesPlan("Increase yoga prices by 10%");
    expect(secondReading(plan, seedProfile)).toEqual([]);
    // The same meaning written differently is not a mismatch.
    const rewritten = edited("Increase yoga prices by 10%", (p) => {
      p.operations[0].filter = { all: [{ column: "category", op: "in", value: ["yoga"] }] };
    });
    expect(secondReading(rewritten, seedProfile)).toEqual([]);
  });

  it("warns when a plan sets every price to 0 for a 10% increase on yoga", () => {
    const plan = edited("Increase yoga prices by 10%", (p) => {
      p.operations[0].filter = {};
      p.operations[0].action = { type: "set_value", column: "price", value: 0 };
    });
    const issues = secondReading(plan, seedProfile);
    expect(issues.map((issue) => [issue.code, issue.severity, issue.pathText])).toEqual([
      ["second_reading", "warning", "operations[0].action"],
      ["second_reading", "warning", "operations[0].filter"],
    ]);
    expect(issues[0].message).toBe(
      "operations[0].action: Step 1 sets price to 0; the instruction reads as: raises price by 10%.",
    );
    expect(issues[1].detail).toBe(
      "Step 1 changes every row; the instruction reads as rows where category is yoga.",
    );
  });

  it("warns about a lowered direction, a changed amount and another column", () => {
    const lowered = edited("Increase yoga prices by 10%", (p) => {
      p.operations[0].action = { type: "percent_decrease", value: 10 };
    });
    expect(secondReading(lowered, seedProfile)[0].detail).toBe(
      "Step 1 lowers price by 10%; the instruction reads as: raises price by 10%.",
    );
    const zero = edited("Increase yoga prices by 10%", (p) => {
      p.operations[0].action = { type: "percent_increase", value: 0 };
    });
    expect(secondReading(zero, seedProfile)[0]).toMatchObject({
      pathText: "operations[0].action.value",
      detail: "Step 1 raises price by 0%; the instruction reads as: raises price by 10%.",
    });
    const stock = edited("Mark yoga as out of stock", (p) => {
      p.operations[0].action = { type: "set_value", column: "category", value: "fitness" };
    });
    expect(secondReading(stock, seedProfile)[0].detail).toBe(
      "Step 1 changes category; the instruction reads as a change to in_stock.",
    );
  });

  it("warns when the plan has a different number of steps", () => {
    const plan = edited("Raise fitness by 10% and yoga by 5%", (p) => {
      p.operations.pop();
    });
    expect(secondReading(plan, seedProfile)).toMatchObject([
      {
        pathText: "operations",
        detail:
          "The instruction reads as 2 steps, and this plan has 1 step: raise price by 10% for rows where category is fitness; then raise price by 5% for rows where category is yoga.",
      },
    ]);
  });

  it("stays silent when the rules planner cannot read the instruction", () => {
    const plan = edited("Increase yoga prices by 10%", (p) => {
      p.source_instruction = "Price yoga like our competitor does";
      p.operations[0].action = { type: "set_value", column: "price", value: 0 };
    });
    expect(secondReading(plan, seedProfile)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { exportPlan } from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { readFixtureJson, seedProfile } from "@/lib/plan/test-support";
import { validatePlan } from "@/lib/plan/validate";
import { issueLines, offsetOf, planShapeProblem, readPlanText } from "./json-draft";

const seed = readFixtureJson("seed-plan-mixed.json") as ExecutionPlan;

describe("readPlanText", () => {
  it("accepts a seed plan file as it is", () => {
    const text = JSON.stringify(seed);
    const reading = readPlanText(text);
    expect(reading).toEqual({ status: "plan", plan: seed });
  });

  it("accepts a plan-shaped value with wrong leaf values, for validation to report", () => {
    const reading = readPlanText(
      '{"operations":[{"operation_id":1,"filter":{"categories":"fitness"},"action":{"type":"nope"}}]}',
    );
    expect(reading.status).toBe("plan");
  });

  it("reports a syntax error with its line and column", () => {
    const reading = readPlanText('{\n  "execution_id": "x",\n  "operations": [}\n');
    expect(reading.status).toBe("syntax");
    if (reading.status !== "syntax") return;
    expect(reading.error.line).toBe(3);
    expect(reading.error.message).toMatch(/./);
  });

  it("keeps text that is not plan-shaped out of the draft, saying why", () => {
    expect(readPlanText("[]")).toMatchObject({
      status: "unshaped",
      problem: "a plan is a JSON object { … }",
    });
    expect(readPlanText('{"operations":[{"filter":[],"action":{}}]}')).toMatchObject({
      status: "unshaped",
      problem: "operations[0].filter must be an object ({} matches every row)",
    });
  });
});

describe("planShapeProblem", () => {
  it("checks every container the form and graph walk through", () => {
    const base = { filter: {}, action: { type: "set_stock", value: true } };
    expect(planShapeProblem({ operations: [base] })).toBeNull();
    expect(planShapeProblem({ operations: {} })).toMatch(/operations must be a list/);
    expect(planShapeProblem({ operations: [{ ...base, options: 3 }] })).toMatch(/options/);
    expect(planShapeProblem({ operations: [{ ...base, depends_on: "a" }] })).toMatch(/depends_on/);
    expect(planShapeProblem({ operations: [{ ...base, filter: { any: [1] } }] })).toMatch(
      /filter.any must be a list of conditions/,
    );
    expect(planShapeProblem({ operations: [base], guards: [] })).toMatch(/guards/);
  });
});

describe("issueLines", () => {
  it("puts each issue on the line of its field", () => {
    const plan = structuredClone(seed);
    plan.operations[1].filter.categories = ["acessories"];
    const text = exportPlan(plan);
    const { issues } = validatePlan(plan, seedProfile);
    const lines = issueLines(text, issues);
    const categoryLine = text.split("\n").findIndex((line) => line.includes("acessories")) + 1;
    expect(lines.get(categoryLine)?.map((issue) => issue.code)).toContain("unknown_category");
  });

  it("puts a missing field on the line of the object that lacks it", () => {
    const plan = structuredClone(seed) as Partial<ExecutionPlan>;
    delete plan.execution_id;
    const text = exportPlan(plan as ExecutionPlan);
    const { issues } = validatePlan(plan, seedProfile);
    expect(issueLines(text, issues).get(1)?.[0].code).toBe("required");
  });

  it("is empty for text that does not parse", () => {
    expect(issueLines("{", []).size).toBe(0);
  });
});

describe("offsetOf", () => {
  it("finds the offset of a line and column", () => {
    const text = "ab\ncde\nf";
    expect(offsetOf(text, { line: 1, column: 1 })).toBe(0);
    expect(offsetOf(text, { line: 2, column: 2 })).toBe(4);
    expect(offsetOf(text, { line: 3, column: 1 })).toBe(7);
    expect(offsetOf(text, { line: 9, column: 1 })).toBe(text.length);
  });
});

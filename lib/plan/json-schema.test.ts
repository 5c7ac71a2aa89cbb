import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PLAN_JSON_SCHEMA_PATH, planJsonSchemaText } from "./json-schema";
import { exportPlan } from "./json-text";
import { executionPlanSchema } from "./schema";
import { REPO_ROOT, readFixtureJson } from "./test-support";

const SEED_PLANS = [
  "seed-plan-fitness-10pct.json",
  "seed-plan-minimal.json",
  "seed-plan-mixed.json",
  "plan-3ops.json",
];

describe("the published JSON Schema", () => {
  it("is up to date with the zod schema (run `npm run schema:json` when this fails)", () => {
    const committed = readFileSync(path.join(REPO_ROOT, PLAN_JSON_SCHEMA_PATH), "utf8");
    expect(committed).toBe(planJsonSchemaText());
  });

  it("describes the plan's parts under $defs", () => {
    const schema = JSON.parse(planJsonSchemaText());
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.required).toEqual([
      "execution_id",
      "created_at",
      "source_instruction",
      "operations",
    ]);
    expect(Object.keys(schema.$defs)).toEqual(
      expect.arrayContaining(["Operation", "Filter", "Condition", "Action", "Options", "Guards"]),
    );
  });
});

describe("seed plans", () => {
  it.each(SEED_PLANS)("%s parses unchanged", (name) => {
    const input = readFixtureJson(name);
    const parsed = executionPlanSchema.parse(input);
    expect(parsed).toEqual(input);
    // And survives export: the same plan, with format_version added.
    expect(executionPlanSchema.parse(JSON.parse(exportPlan(parsed)))).toEqual({
      format_version: 1,
      ...(input as object),
    });
  });
});

import { describe, expect, it } from "vitest";
import { planIssue } from "@/lib/plan/issues";
import { seedProfile } from "@/lib/plan/test-support";
import { validatePlan } from "@/lib/plan/validate";
import {
  anchorPath,
  fieldId,
  fieldIdCandidates,
  issueOperationIndex,
  issuesByAnchor,
  pathKey,
} from "./field-paths";

describe("anchorPath", () => {
  it("keeps paths that end at a form field", () => {
    expect(anchorPath(["operations", 1, "action", "value"])).toEqual([
      "operations",
      1,
      "action",
      "value",
    ]);
    expect(anchorPath(["operations", 0, "filter", "all", 2, "column"])).toEqual([
      "operations",
      0,
      "filter",
      "all",
      2,
      "column",
    ]);
    expect(anchorPath(["variables", "target"])).toEqual(["variables", "target"]);
  });

  it("puts list elements on the list field", () => {
    expect(anchorPath(["operations", 0, "filter", "categories", 3])).toEqual([
      "operations",
      0,
      "filter",
      "categories",
    ]);
    expect(anchorPath(["operations", 2, "depends_on", 0])).toEqual(["operations", 2, "depends_on"]);
    expect(anchorPath(["operations", 0, "filter", "any", 1, "value", 0])).toEqual([
      "operations",
      0,
      "filter",
      "any",
      1,
      "value",
    ]);
  });

  it("puts unknown keys on the section that holds them", () => {
    expect(anchorPath(["operations", 0, "filter", "categoris"])).toEqual([
      "operations",
      0,
      "filter",
    ]);
    expect(anchorPath(["operations", 0, "colour"])).toEqual(["operations", 0]);
    expect(anchorPath(["guards", "max_rows"])).toEqual(["guards"]);
    expect(anchorPath(["surprise"])).toEqual([]);
  });
});

describe("field ids", () => {
  it("derive from the path and are valid, distinct ids", () => {
    expect(fieldId(["operations", 1, "filter", "categories"])).toBe(
      "plan-field--operations.1.filter.categories",
    );
    expect(fieldId([])).toBe("plan-field--root");
    expect(fieldId(["variables", "a b"])).not.toMatch(/\s/);
    expect(pathKey(["variables", "a.b"])).not.toBe(pathKey(["variables", "a", "b"]));
  });

  it("fall back to enclosing sections, nearest first", () => {
    expect(fieldIdCandidates(["operations", 0, "action", "column"])).toEqual([
      "plan-field--operations.0.action.column",
      "plan-field--operations.0.action",
      "plan-field--operations.0",
      "plan-field--operations",
      "plan-field--root",
    ]);
  });
});

describe("issuesByAnchor", () => {
  it("gives every issue of a real validation a place", () => {
    const { issues } = validatePlan(
      {
        execution_id: "plan_test_0001",
        created_at: "2024-06-01T12:00:00Z",
        source_instruction: "x",
        operations: [
          {
            operation_id: "op_01",
            filter: { categories: ["fitnes"], colour: "red" },
            action: { type: "percent_increase", value: 10 },
          },
        ],
      },
      seedProfile,
    );
    const groups = issuesByAnchor(issues);
    const placed = [...groups.values()].flat();
    expect(placed).toHaveLength(issues.length);
    expect(groups.get("operations.0.filter")?.[0].code).toBe("unknown_field");
  });

  it("finds the operation an issue is about", () => {
    expect(issueOperationIndex(planIssue("required", ["operations", 3, "filter"], "x"))).toBe(3);
    expect(issueOperationIndex(planIssue("required", ["execution_id"], "x"))).toBeUndefined();
  });
});

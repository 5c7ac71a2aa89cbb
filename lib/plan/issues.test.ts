import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatPath, hasErrors, planIssue, sortIssues } from "./issues";
import { schemaIssues } from "./schema-issues";

describe("formatPath", () => {
  it("writes paths the way JSON reads", () => {
    expect(formatPath([])).toBe("");
    expect(formatPath(["operations", 1, "filter", "categories", 0])).toBe(
      "operations[1].filter.categories[0]",
    );
    expect(formatPath(["variables", "1x"])).toBe('variables["1x"]');
  });
});

describe("planIssue", () => {
  it("puts the path in front of the message and takes the severity from the code", () => {
    const issue = planIssue("unused_variable", ["variables", "x"], 'variable "x" is unused');
    expect(issue).toEqual({
      path: ["variables", "x"],
      pathText: "variables.x",
      severity: "warning",
      code: "unused_variable",
      message: 'variables.x: variable "x" is unused',
      detail: 'variable "x" is unused',
    });
    expect(hasErrors([issue])).toBe(false);
  });

  it("sorts plan-level issues first, then by operation, keeping discovery order", () => {
    const issues = [
      planIssue("unknown_column", ["operations", 2, "filter"], "c"),
      planIssue("unknown_column", ["operations", 0, "action"], "a"),
      planIssue("invalid_range", ["guards", "min_value"], "g"),
      planIssue("unknown_column", ["operations", 0, "filter"], "b"),
    ];
    expect(sortIssues(issues).map((issue) => issue.detail)).toEqual(["g", "a", "b", "c"]);
  });
});

describe("schemaIssues", () => {
  it("passes an issue it has no words for through as code schema, with zod's message", () => {
    const schema = z.object({ n: z.number().refine((n) => n % 2 === 0, "must be even") });
    const result = schema.safeParse({ n: 3 });
    if (result.success) throw new Error("expected a failure");
    expect(schemaIssues(result.error, { n: 3 })).toEqual([
      {
        path: ["n"],
        pathText: "n",
        severity: "error",
        code: "schema",
        message: "n: must be even",
        detail: "must be even",
      },
    ]);
  });
});

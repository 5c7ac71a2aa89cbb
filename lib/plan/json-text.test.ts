import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exportPlan, locatePath, parsePlanText } from "./json-text";
import { executionPlanSchema } from "./schema";
import { fixturePath, seedProfile } from "./test-support";
import { validatePlan } from "./validate";

const mixedText = readFileSync(fixturePath("seed-plan-mixed.json"), "utf8");

describe("parsePlanText", () => {
  it("parses valid JSON to the same value as JSON.parse", () => {
    expect(parsePlanText(mixedText)).toEqual({ ok: true, value: JSON.parse(mixedText) });
    const tricky = '{"__proto__": {"x": 1}, "s": "a\\u00e9\\n", "n": -1.5e3, "l": [true, null]}';
    expect(parsePlanText(tricky)).toEqual({ ok: true, value: JSON.parse(tricky) });
  });

  it.each([
    ["", 1, 1, "the text is empty; a plan is a JSON object { … }"],
    ['{\n  "a": 1,\n}', 2, 9, "trailing comma before }"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, 'a comma is missing after the value of "a"'],
    ["{\n  'a': 1\n}", 2, 3, "property names must be in double quotes, not single quotes"],
    ['{\n  "a": tru\n}', 2, 8, 'unexpected word "tru"; text values must be in double quotes'],
    ['{"a": True}', 1, 7, 'unexpected word "True" (JSON writes true)'],
    [
      '{"a": [1, 2',
      1,
      12,
      "unexpected end of text: the list opened at line 1, column 7 is not closed with ]",
    ],
    ['{\n"a": "x\n"}', 2, 6, "this string is not closed before the end of the line"],
    ['{"a": 01}', 1, 7, 'invalid number "01"'],
    ['{"a": 1} x', 1, 10, 'unexpected "x" after the end of the JSON value'],
    ["// note\n{}", 1, 1, "JSON does not allow comments"],
    ['{"a" 1}', 1, 6, 'expected : after the property name "a"'],
    ['{"a": "\\q"}', 1, 8, "invalid escape \\q inside a string (write a backslash as \\\\)"],
  ])("reports %j at line %i, column %i", (text, line, column, message) => {
    expect(parsePlanText(text)).toEqual({ ok: false, error: { message, line, column } });
  });
});

describe("locatePath", () => {
  it("finds the line of a property, an array element and the root", () => {
    // seed-plan-mixed.json: operations[1] starts on line 13, its filter is on line 16.
    expect(locatePath(mixedText, [])).toEqual({ line: 1, column: 1 });
    expect(locatePath(mixedText, ["execution_id"])).toEqual({ line: 2, column: 3 });
    expect(locatePath(mixedText, ["operations", 1])).toEqual({ line: 13, column: 5 });
    expect(locatePath(mixedText, ["operations", 1, "filter"])).toEqual({ line: 16, column: 7 });
    expect(locatePath(mixedText, ["operations", 1, "filter", "categories", 0])).toEqual({
      line: 16,
      column: 34,
    });
  });

  it("maps a missing field to its nearest ancestor", () => {
    expect(locatePath(mixedText, ["operations", 1, "options", "round_to"])).toEqual({
      line: 13,
      column: 5,
    });
  });

  it("places validation issues on their lines", () => {
    const text = mixedText.replace('"categories": ["accessories"]', '"categories": ["acessories"]');
    const [issue] = validatePlan(JSON.parse(text), seedProfile).issues;
    expect(issue.code).toBe("unknown_category");
    expect(locatePath(text, issue.path)?.line).toBe(16);
  });

  it("returns null for text that is not JSON", () => {
    expect(locatePath("{", ["operations"])).toBeNull();
  });
});

describe("exportPlan", () => {
  const plan = executionPlanSchema.parse(JSON.parse(mixedText));

  it("writes format_version first, keys in documented order, short parts on one line", () => {
    const scrambled = {
      operations: plan.operations.map((operation) => ({
        options: operation.options,
        action: operation.action,
        filter: operation.filter,
        description: operation.description,
        operation_id: operation.operation_id,
      })),
      variables: { b: 2, a: "x" },
      source_instruction: plan.source_instruction,
      created_at: plan.created_at,
      execution_id: plan.execution_id,
    };
    expect(exportPlan(scrambled)).toBe(`{
  "format_version": 1,
  "execution_id": "plan_mixed_ops_v1",
  "created_at": "2024-06-01T12:00:00Z",
  "source_instruction": "Increase in-stock fitness prices by 15% and mark all accessories as out-of-stock.",
  "variables": {
    "a": "x",
    "b": 2
  },
  "operations": [
    {
      "operation_id": "op_01",
      "description": "15% increase for in-stock fitness SKUs.",
      "filter": { "categories": ["fitness"], "in_stock": true },
      "action": { "type": "percent_increase", "value": 15 },
      "options": { "round_to": 2 }
    },
    {
      "operation_id": "op_02",
      "description": "Mark all accessories as out-of-stock.",
      "filter": { "categories": ["accessories"] },
      "action": { "type": "set_stock", "value": false }
    }
  ]
}
`);
  });

  it("breaks parts that do not fit in 100 columns over several lines", () => {
    const long = structuredClone(plan);
    long.operations[0].filter.categories = Array.from({ length: 12 }, (_, i) => `category-${i}`);
    const text = exportPlan(long);
    expect(text).toContain('"categories": [\n          "category-0",\n');
    const lines = text.split("\n").filter((line) => !line.includes("source_instruction"));
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(100);
  });

  it("round-trips: the exported text parses back to the same plan", () => {
    const parsed = parsePlanText(exportPlan(plan));
    expect(parsed.ok && executionPlanSchema.parse(parsed.value)).toEqual({
      format_version: 1,
      ...plan,
    });
  });
});

import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import {
  type JsonTextError,
  parseJsonWithPositions,
  type TextPosition,
} from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";

/**
 * The JSON view's reading of its text. Text that parses and has a plan's structure (the lists
 * and objects the form and graph walk through) becomes the draft, even with wrong values in it:
 * validation reports those. Text that does not parse, or parses into something that is not
 * plan-shaped, stays in the JSON view with the reason, and the other views keep the last draft.
 */

export type PlanTextReading =
  | { status: "plan"; plan: ExecutionPlan }
  | { status: "unshaped"; value: unknown; problem: string }
  | { status: "syntax"; error: JsonTextError };

export function readPlanText(text: string): PlanTextReading {
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) return { status: "syntax", error: parsed.error };
  const problem = planShapeProblem(parsed.value);
  return problem === null
    ? { status: "plan", plan: parsed.value as ExecutionPlan }
    : { status: "unshaped", value: parsed.value, problem };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Why a value cannot be edited as a plan in the form and the graph, or null when it can. Only
 * the structure is checked; leaf values may be of any type.
 */
export function planShapeProblem(value: unknown): string | null {
  if (!isObject(value)) return "a plan is a JSON object { … }";
  for (const key of ["variables", "guards"] as const) {
    if (value[key] !== undefined && !isObject(value[key])) return `${key} must be an object`;
  }
  const operations = value.operations;
  if (!Array.isArray(operations)) return "operations must be a list of operations";
  for (const [i, operation] of operations.entries()) {
    const at = `operations[${i}]`;
    if (!isObject(operation)) return `${at} must be an object`;
    if (!isObject(operation.filter)) return `${at}.filter must be an object ({} matches every row)`;
    if (!isObject(operation.action)) return `${at}.action must be an object with a "type"`;
    if (operation.options !== undefined && !isObject(operation.options)) {
      return `${at}.options must be an object`;
    }
    if (operation.depends_on !== undefined && !Array.isArray(operation.depends_on)) {
      return `${at}.depends_on must be a list of operation ids`;
    }
    for (const group of ["all", "any", "none"] as const) {
      const conditions = operation.filter[group];
      if (conditions === undefined) continue;
      if (!Array.isArray(conditions) || !conditions.every(isObject)) {
        return `${at}.filter.${group} must be a list of conditions`;
      }
    }
  }
  return null;
}

/**
 * The line each issue points at: where the value at its path (or its nearest written ancestor,
 * for a missing field) starts. Empty when the text does not parse.
 */
export function issueLines(text: string, issues: readonly PlanIssue[]): Map<number, PlanIssue[]> {
  const lines = new Map<number, PlanIssue[]>();
  const parsed = parseJsonWithPositions(text);
  if (!parsed.ok) return lines;
  for (const issue of issues) {
    const position = positionIn(parsed.positions, issue.path);
    if (!position) continue;
    const list = lines.get(position.line);
    if (list) list.push(issue);
    else lines.set(position.line, [issue]);
  }
  return lines;
}

type Positions = Extract<ReturnType<typeof parseJsonWithPositions>, { ok: true }>["positions"];

function positionIn(positions: Positions, path: PlanPath): TextPosition | null {
  for (let length = path.length; length >= 0; length--) {
    const entry = positions.get(JSON.stringify(path.slice(0, length)));
    if (entry) return entry.key ?? entry.value;
  }
  return null;
}

/** The string offset of a 1-based line and column, for placing the cursor in a textarea. */
export function offsetOf(text: string, position: TextPosition): number {
  let offset = 0;
  for (let line = 1; line < position.line; line++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + position.column - 1);
}

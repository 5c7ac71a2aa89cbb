import type { PlanPath } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { getIn, setIn } from "./draft-edits";

/**
 * How a form field writes the draft (pure; the Form view's actions call it). The field's value
 * is the draft's value at its path, so there is nothing to keep in step: the draft is the form's
 * only state, besides what an input holds while it is being typed (use-draft-text.ts).
 */

/**
 * The plan with `value` at `path`. A cleared field (undefined, or null from an input) is
 * removed rather than written, and an object it leaves empty goes with it, the way clearing the
 * last option removes `options`; an object that was empty already (`filter: {}`, "match every
 * row") stays. In a list, a cleared item is null: the list keeps its length.
 */
export function writeAt(plan: ExecutionPlan, path: PlanPath, value: unknown): ExecutionPlan {
  if (value !== undefined && value !== null) return setIn(plan, path, value);
  if (path.length === 0 || getIn(plan, path) === undefined) return plan;
  if (Array.isArray(getIn(plan, path.slice(0, -1)))) return setIn(plan, path, null);
  let next = setIn(plan, path, undefined);
  for (let at = path.slice(0, -1); at.length > 0; at = at.slice(0, -1)) {
    const container = getIn(next, at);
    if (!isRecord(container) || Object.keys(container).length > 0) break;
    if (Array.isArray(getIn(next, at.slice(0, -1)))) break;
    next = setIn(next, at, undefined);
  }
  return next;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

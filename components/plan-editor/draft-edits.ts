import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import {
  type Action,
  type ActionType,
  COLUMN_COMPARISON_OPS,
  COMPUTED_ACTION_TYPES,
  type Condition,
  type ConditionOp,
  type ExecutionPlan,
  type Filter,
  isColumnReference,
  NUMERIC_ACTION_TYPES,
  type NumericValue,
  OPERATION_ID,
  type Operation,
  VARIABLE_REFERENCE,
} from "@/lib/plan/schema";
import { retypeValue } from "./value-codec";

/**
 * The edits the plan editor makes, as pure functions from one plan to the next. The form, the
 * graph and the JSON view all change the draft through these, so what an edit means (ids kept
 * unique, references renamed along with an operation, the implicit "previous operation"
 * dependency preserved) is decided once, here, and tested without a browser.
 */

export type ConditionGroup = "all" | "any" | "none";
export const CONDITION_GROUPS: readonly ConditionGroup[] = ["all", "any", "none"];

// ── Paths ────────────────────────────────────────────────────────────────────────────────────

export function getIn(root: unknown, path: PlanPath): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[segment];
  }
  return value;
}

/**
 * A copy of `root` with `value` at `path`; only the objects along the path are copied. Setting
 * an object member to undefined removes the key, so optional fields disappear from the JSON
 * instead of turning into nulls. Missing containers are created (a list when the next segment
 * is a number).
 */
export function setIn<T>(root: T, path: PlanPath, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const container: unknown =
    root !== null && typeof root === "object" ? root : typeof head === "number" ? [] : {};
  const child = (container as Record<string | number, unknown>)[head];
  const next = rest.length === 0 ? value : setIn(child, rest, value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[head as number] = next;
    return copy as T;
  }
  const copy = { ...(container as Record<string, unknown>) };
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy as T;
}

function updateOperation(
  plan: ExecutionPlan,
  index: number,
  update: (operation: Operation) => Operation,
): ExecutionPlan {
  return {
    ...plan,
    operations: plan.operations.map((operation, i) =>
      i === index ? update(operation) : operation,
    ),
  };
}

// ── Operations ───────────────────────────────────────────────────────────────────────────────

/** The first id of the form `<base>_NN` (or `<base>` itself) that no operation uses. */
export function uniqueOperationId(plan: ExecutionPlan, base: string): string {
  const used = new Set(plan.operations.map((operation) => operation.operation_id));
  if (!used.has(base) && OPERATION_ID.test(base)) return base;
  const stem = base.replace(/_\d+$/, "").slice(0, 28) || "op";
  for (let n = 1; ; n++) {
    const candidate = `${stem}_${String(n).padStart(2, "0")}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A new operation at the end: matches every row, raises the price column by 0 % until edited. */
export function addOperation(plan: ExecutionPlan, profile: DatasetProfile): ExecutionPlan {
  const numeric = profile.columns.find(
    (column) => column.type === "number" || column.type === "integer",
  );
  const action: Action =
    profile.shorthand.price === undefined && numeric
      ? { type: "percent_increase", value: 0, column: numeric.name }
      : { type: "percent_increase", value: 0 };
  const operation: Operation = {
    operation_id: uniqueOperationId(
      plan,
      `op_${String(plan.operations.length + 1).padStart(2, "0")}`,
    ),
    filter: {},
    action,
  };
  return { ...plan, operations: [...plan.operations, operation] };
}

/**
 * Remove the operation at `index`. Explicit references to it disappear from the others'
 * `depends_on`; whoever relied on it implicitly now follows the operation before it.
 */
export function removeOperation(plan: ExecutionPlan, index: number): ExecutionPlan {
  const removed = plan.operations[index];
  if (!removed) return plan;
  return forgetDependency(
    { ...plan, operations: plan.operations.filter((_, i) => i !== index) },
    removed.operation_id,
  );
}

/** Drop `id` from every `depends_on`, as when the operation it names is removed. */
function forgetDependency(plan: ExecutionPlan, id: string): ExecutionPlan {
  if (!plan.operations.some((operation) => operation.depends_on?.includes(id))) return plan;
  const operations = plan.operations.map((operation) =>
    operation.depends_on?.includes(id)
      ? { ...operation, depends_on: operation.depends_on.filter((other) => other !== id) }
      : operation,
  );
  return { ...plan, operations };
}

/** A copy of the operation right after it, with a fresh id and the same dependencies. */
export function duplicateOperation(plan: ExecutionPlan, index: number): ExecutionPlan {
  const original = plan.operations[index];
  if (!original) return plan;
  const copy: Operation = {
    ...structuredClone(original),
    operation_id: uniqueOperationId(plan, `${original.operation_id.slice(0, 27)}_copy`),
  };
  const operations = [...plan.operations];
  operations.splice(index + 1, 0, copy);
  return { ...plan, operations };
}

/** Move an operation one place up (-1) or down (+1) in the list. */
export function moveOperation(plan: ExecutionPlan, index: number, delta: -1 | 1): ExecutionPlan {
  const target = index + delta;
  if (target < 0 || target >= plan.operations.length || !plan.operations[index]) return plan;
  const operations = [...plan.operations];
  [operations[index], operations[target]] = [operations[target], operations[index]];
  return { ...plan, operations };
}

/** Rename an operation and every `depends_on` entry that names it. */
export function renameOperation(plan: ExecutionPlan, index: number, id: string): ExecutionPlan {
  const previous = plan.operations[index]?.operation_id;
  if (previous === undefined || previous === id) return plan;
  const stillUsed = plan.operations.some(
    (operation, i) => i !== index && operation.operation_id === previous,
  );
  return {
    ...plan,
    operations: plan.operations.map((operation, i) => {
      if (i === index) return { ...operation, operation_id: id };
      if (stillUsed || !operation.depends_on?.includes(previous)) return operation;
      return {
        ...operation,
        depends_on: operation.depends_on.map((dependency) =>
          dependency === previous ? id : dependency,
        ),
      };
    }),
  };
}

/**
 * The operation's prerequisites as an explicit list: its `depends_on`, or the operation before
 * it when it has none (docs/plan-format.md "How a plan runs").
 */
export function explicitDependencies(plan: ExecutionPlan, index: number): string[] {
  const operation = plan.operations[index];
  if (!operation) return [];
  if (operation.depends_on !== undefined) return [...operation.depends_on];
  const previous = plan.operations[index - 1];
  return previous ? [previous.operation_id] : [];
}

/** Set `depends_on`; `undefined` goes back to "the previous operation". */
export function setDependencies(
  plan: ExecutionPlan,
  index: number,
  dependencies: string[] | undefined,
): ExecutionPlan {
  return updateOperation(plan, index, (operation) => {
    const { depends_on: _, ...rest } = operation;
    return dependencies === undefined ? rest : { ...rest, depends_on: dependencies };
  });
}

// ── Actions ──────────────────────────────────────────────────────────────────────────────────

/**
 * The types the form offers. restore_values (written by inverse plans) is not among them: its
 * row → text map is edited in JSON, so the form shows it but cannot switch to it.
 */
export const ACTION_TYPES: readonly ActionType[] = [
  ...NUMERIC_ACTION_TYPES,
  "set_value",
  "set_price",
  "set_stock",
  ...COMPUTED_ACTION_TYPES,
  "toggle",
  "aggregate",
];

/**
 * The action with another type, keeping what still fits: the value of one numeric action moves
 * to another, the target column stays where the new type takes one, and fields the new type
 * needs get a placeholder that validation points at until it is filled in.
 */
export function changeActionType(action: Action, type: ActionType): Action {
  if (action.type === type) return action;
  const column = "column" in action ? action.column : undefined;
  const value = "value" in action ? action.value : undefined;
  const numeric: NumericValue =
    typeof value === "number" || (typeof value === "string" && VARIABLE_REFERENCE.test(value))
      ? value
      : 0;
  switch (type) {
    case "percent_increase":
    case "percent_decrease":
    case "fixed_increase":
    case "fixed_decrease":
    case "multiply":
      return column === undefined ? { type, value: numeric } : { type, value: numeric, column };
    case "set_value":
      return column === undefined
        ? { type, value: value ?? "" }
        : { type, value: value ?? "", column };
    case "set_price":
      return { type, value: numeric };
    case "set_stock":
      return { type, value: typeof value === "boolean" ? value : false };
    case "aggregate":
      return { type, fn: "avg", column: column ?? "", result_variable: "result" };
    case "restore_values":
      return { type, column: column ?? "", values: {} };
    case "toggle":
    case "trim_spaces":
      return { type, column: column ?? "" };
    case "set_expression":
      return { type, column: column ?? "", expression: "" };
    case "replace_text":
      return { type, column: column ?? "", find: "", replace: "" };
    case "change_case":
      return { type, column: column ?? "", case: "upper" };
    case "add_prefix":
    case "add_suffix":
      return { type, column: column ?? "", text: "" };
    case "set_template":
      return { type, column: column ?? "", template: "" };
    case "fill_empty":
      return { type, column: column ?? "", value: value ?? "" };
  }
}

// ── Conditions ───────────────────────────────────────────────────────────────────────────────

export type ValueShape = "none" | "single" | "list" | "pair";

export function valueShape(op: ConditionOp): ValueShape {
  if (op === "is_empty" || op === "not_empty") return "none";
  if (op === "in" || op === "not_in") return "list";
  if (op === "between") return "pair";
  return "single";
}

/** A condition value reshaped for another operator: one value ⇄ a list ⇄ a [low, high] pair. */
export function reshapeConditionValue(
  value: Condition["value"],
  op: ConditionOp,
): Condition["value"] {
  // Another column stays the value of the operators that compare with one.
  if (isColumnReference(value)) {
    return COLUMN_COMPARISON_OPS.includes(op) ? value : reshapeConditionValue(undefined, op);
  }
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  switch (valueShape(op)) {
    case "none":
      return undefined;
    case "list":
      return values;
    case "pair":
      return [values[0] ?? "", values[1] ?? ""];
    case "single":
      return values[0] ?? "";
  }
}

/**
 * A condition on another column: a value is retyped for it (`retypeValue`); a comparison with
 * another column stays one.
 */
export function setConditionColumn(
  condition: Condition,
  name: string,
  column: Pick<ColumnProfile, "type" | "distinctValues"> | undefined,
): Condition {
  const value = isColumnReference(condition.value)
    ? condition.value
    : retypeValue(condition.value, column);
  const { value: _, ...rest } = condition;
  return { ...rest, column: name, ...(value === undefined ? {} : { value }) };
}

export function setConditionOp(condition: Condition, op: ConditionOp): Condition {
  const value = reshapeConditionValue(condition.value, op);
  const { value: _, ...rest } = condition;
  return value === undefined ? { ...rest, op } : { ...rest, op, value };
}

/** A new condition: the first column that is not the key, compared with eq. */
export function newCondition(profile: DatasetProfile): Condition {
  const column =
    profile.columns.find((candidate) => candidate.name !== profile.keyColumn) ?? profile.columns[0];
  return { column: column?.name ?? "", op: "eq", value: column?.distinctValues?.[0] ?? "" };
}

export function addCondition(filter: Filter, group: ConditionGroup, condition: Condition): Filter {
  return { ...filter, [group]: [...(filter[group] ?? []), condition] };
}

/** Remove a condition; a group left empty is removed too (an empty `any` would match nothing). */
export function removeCondition(filter: Filter, group: ConditionGroup, index: number): Filter {
  const conditions = (filter[group] ?? []).filter((_, i) => i !== index);
  const { [group]: _, ...rest } = filter;
  return conditions.length === 0 ? rest : { ...rest, [group]: conditions };
}

// ── Variables ────────────────────────────────────────────────────────────────────────────────

/** Rename a plan variable, keeping its place, and the `${name}` references in action values. */
export function renameVariable(plan: ExecutionPlan, from: string, to: string): ExecutionPlan {
  if (from === to || !plan.variables || !(from in plan.variables)) return plan;
  if (to in plan.variables) return plan;
  const variables = Object.fromEntries(
    Object.entries(plan.variables).map(([name, value]) => [name === from ? to : name, value]),
  );
  const reference = `\${${from}}`;
  const operations = plan.operations.map((operation) => {
    const action = operation.action as { value?: unknown };
    return action.value === reference
      ? { ...operation, action: { ...operation.action, value: `\${${to}}` } as Action }
      : operation;
  });
  return { ...plan, variables, operations };
}

/** A variable name not yet used: `name`, `name_2`, … */
export function uniqueVariableName(plan: ExecutionPlan, base = "variable"): string {
  const used = new Set(Object.keys(plan.variables ?? {}));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

export function removeVariable(plan: ExecutionPlan, name: string): ExecutionPlan {
  if (!plan.variables || !(name in plan.variables)) return plan;
  const { [name]: _, ...variables } = plan.variables;
  const { variables: __, ...rest } = plan;
  return Object.keys(variables).length === 0 ? rest : { ...rest, variables };
}

// ── Suggestions ──────────────────────────────────────────────────────────────────────────────

/** Issues whose suggestion is the text to put in place of the (text) value at their path. */
const VALUE_SUGGESTIONS = new Set([
  "unknown_column",
  "unknown_category",
  "unknown_value",
  "unknown_row_key",
  "unknown_dependency",
  "unknown_action_type",
  "invalid_option",
  "new_category_value",
]);

/**
 * The plan with an issue's "did you mean" applied, or undefined when the issue has no
 * suggestion that can be applied as it is: a misspelt key is renamed in place, a misspelt text
 * value is replaced.
 */
export function applySuggestion(
  plan: ExecutionPlan,
  issue: { code: string; path: PlanPath; suggestion?: string },
): ExecutionPlan | undefined {
  const { suggestion, path } = issue;
  if (suggestion === undefined || path.length === 0) return undefined;
  if (issue.code === "unknown_field") {
    const parentPath = path.slice(0, -1);
    const parent = getIn(plan, parentPath);
    const key = path[path.length - 1];
    if (parent === null || typeof parent !== "object" || Array.isArray(parent)) return undefined;
    if (typeof key !== "string" || suggestion in parent) return undefined;
    const renamed = Object.fromEntries(
      Object.entries(parent).map(([name, value]) => [name === key ? suggestion : name, value]),
    );
    return setIn(plan, parentPath, renamed);
  }
  if (VALUE_SUGGESTIONS.has(issue.code) && typeof getIn(plan, path) === "string") {
    return setIn(plan, path, suggestion);
  }
  return undefined;
}

/** Whether `applySuggestion` can apply this issue's suggestion (given the value is text). */
export function canApplySuggestion(issue: { code: string; suggestion?: string }): boolean {
  return (
    issue.suggestion !== undefined &&
    (issue.code === "unknown_field" || VALUE_SUGGESTIONS.has(issue.code))
  );
}

/** Names an action value can reference: plan variables, then aggregate results. */
export function planVariableNames(plan: ExecutionPlan): string[] {
  const names = Object.keys(plan.variables ?? {});
  for (const operation of plan.operations) {
    const action = operation.action;
    if (action?.type === "aggregate" && typeof action.result_variable === "string") {
      if (action.result_variable !== "" && !names.includes(action.result_variable)) {
        names.push(action.result_variable);
      }
    }
  }
  return names;
}

import type { ColumnProfile } from "@/lib/dataset/types";
import { checkExpressionAction, checkTemplate, checkTextTarget } from "./check-computed";
import { type CheckContext, q } from "./check-context";
import { checkFilter } from "./check-filter";
import { checkNumericTarget } from "./check-numeric";
import { checkVariableUse, type VariableScope } from "./check-variables";
import { describeValue, isNumericColumn, numberOf, valueMismatch } from "./column-values";
import { expressionMakesFractions, tryParseExpression } from "./expression";
import type { PlanPath } from "./issues";
import { defaultRoundTo } from "./normalize";
import {
  type Action,
  type NumericActionType,
  type Operation,
  type Options,
  type Scalar,
  VARIABLE_REFERENCE,
} from "./schema";
import { didYouMean, didYouMeanText } from "./suggest";

/**
 * Checks of one operation against the dataset profile: its filter (check-filter.ts), its
 * action's target column and value, its options. Variable references are resolved through a
 * scope (check-graph.ts); without one (a plan that does not parse as a whole) they are not
 * checked.
 */

export function checkOperation(
  context: CheckContext,
  operation: Operation,
  index: number,
  scope: VariableScope | undefined,
): void {
  const base: PlanPath = ["operations", index];
  checkFilter(context, operation.filter, [...base, "filter"], index, scope);
  const target = checkAction(context, operation, index, scope);
  checkOptions(context, operation, base, target);
}

// ── Action ───────────────────────────────────────────────────────────────────────────────────

/**
 * What the action writes, for the options checks: a numeric column, "not_numeric" when it writes
 * no number (true/false, text, no cell at all), undefined when that is unknown (unknown column).
 */
type ActionTarget = ColumnProfile | "not_numeric" | undefined;

function checkAction(
  context: CheckContext,
  operation: Operation,
  index: number,
  scope: VariableScope | undefined,
): ActionTarget {
  const action = operation.action;
  const at: ActionAt = { path: ["operations", index, "action"], index, scope };
  switch (action.type) {
    case "percent_increase":
    case "percent_decrease":
    case "fixed_increase":
    case "fixed_decrease":
    case "multiply":
      return checkNumericAction(context, action, at, operation.options);
    case "set_price":
      return checkSetPrice(context, action, at);
    case "set_stock":
      return checkSetStock(context, at);
    case "set_value":
    case "fill_empty":
      return checkWrittenValue(context, action, at);
    case "restore_values": {
      const column = context.column(action.column, [...at.path, "column"]);
      if (column) checkRestoredValues(context, column, action.values, [...at.path, "values"]);
      return column ? "not_numeric" : undefined;
    }
    case "toggle":
      return checkToggle(context, action, at);
    case "set_expression":
      return checkExpressionAction(context, action, at.path, index, scope);
    case "replace_text":
    case "trim_spaces":
    case "change_case":
    case "add_prefix":
    case "add_suffix":
      checkTextTarget(context, action, at.path);
      return "not_numeric";
    case "set_template":
      checkTextTarget(context, action, at.path);
      checkTemplate(context, action.template, [...at.path, "template"]);
      return "not_numeric";
    case "aggregate":
      return checkAggregate(context, action, at);
  }
}

/** Where an action is: its path, its operation's index, and the variables in scope there. */
interface ActionAt {
  path: PlanPath;
  index: number;
  scope: VariableScope | undefined;
}

type ActionOf<T extends Action["type"]> = Extract<Action, { type: T }>;

function checkNumericAction(
  context: CheckContext,
  action: ActionOf<NumericActionType>,
  { path, index, scope }: ActionAt,
  options: Options | undefined,
): ActionTarget {
  const column = actionColumn(context, action, path);
  const columnPath = action.column !== undefined ? [...path, "column"] : path;
  if (column && !checkNumericTarget(context, column, columnPath, action.type)) return undefined;
  const valuePath = [...path, "value"];
  if (typeof action.value === "string") {
    checkVariableUse(context, scope, action.value, valuePath, index, "number", action.type);
  } else {
    checkNumericValue(context, action.type, action.value, options, valuePath);
  }
  return column;
}

/** The seed shorthand's writes name no column; another action can name it. */
const SHORTHAND_WRITE = {
  ambiguous: 'use set_value and name one of them in "column"',
  missing: 'use set_value and name the column to change in "column"',
};

function checkSetPrice(
  context: CheckContext,
  action: ActionOf<"set_price">,
  { path, index, scope }: ActionAt,
): ActionTarget {
  const column = context.shorthandColumn("price", path, SHORTHAND_WRITE);
  if (column && !isNumericColumn(column)) {
    context.report("column_type", path, `set_price writes a number, but ${context.holds(column)}`);
    return undefined;
  }
  if (typeof action.value === "string") {
    checkVariableUse(
      context,
      scope,
      action.value,
      [...path, "value"],
      index,
      "number",
      "set_price",
    );
  }
  return column;
}

function checkSetStock(context: CheckContext, { path }: ActionAt): ActionTarget {
  const column = context.shorthandColumn("stock", path, SHORTHAND_WRITE);
  if (column && column.type !== "boolean") {
    context.report(
      "column_type",
      path,
      `set_stock writes true/false, but ${context.holds(column)}`,
    );
  }
  return "not_numeric";
}

/** set_value and fill_empty: a value (or a variable) that must fit the column it is written to. */
function checkWrittenValue(
  context: CheckContext,
  action: ActionOf<"set_value" | "fill_empty">,
  { path, index, scope }: ActionAt,
): ActionTarget {
  const column =
    action.type === "set_value"
      ? actionColumn(context, action, path)
      : context.column(action.column, [...path, "column"]);
  if (!column) return undefined;
  const valuePath = [...path, "value"];
  if (typeof action.value === "string" && VARIABLE_REFERENCE.test(action.value)) {
    checkVariableUse(context, scope, action.value, valuePath, index, column, action.type);
  } else if (!(action.type === "set_value" && action.value === "")) {
    // set_value "" empties the cell, in a column of any type.
    const mismatch = valueMismatch(action.value, column);
    if (mismatch) context.report("value_type", valuePath, mismatch);
    else if (action.type === "set_value" && context.isCategoryColumn(column))
      checkNewCategory(context, column, action.value, valuePath);
  }
  return isNumericColumn(column) ? column : "not_numeric";
}

function checkToggle(
  context: CheckContext,
  action: ActionOf<"toggle">,
  { path }: ActionAt,
): ActionTarget {
  const column = context.column(action.column, [...path, "column"]);
  if (column && column.type !== "boolean") {
    context.report(
      "column_type",
      [...path, "column"],
      `toggle flips yes/no values, but ${context.holds(column)}`,
    );
  }
  return "not_numeric";
}

function checkAggregate(
  context: CheckContext,
  action: ActionOf<"aggregate">,
  { path }: ActionAt,
): ActionTarget {
  if (action.group_by !== undefined) context.column(action.group_by, [...path, "group_by"]);
  const column = context.column(action.column, [...path, "column"]);
  if (column && action.fn !== "count") {
    checkNumericTarget(
      context,
      column,
      [...path, "column"],
      action.fn,
      " (count works on any column)",
    );
  }
  return "not_numeric";
}

/** The column an action names, or the price column when it names none. */
function actionColumn(
  context: CheckContext,
  action: Extract<Action, { column?: string }>,
  path: PlanPath,
): ColumnProfile | undefined {
  if (action.column !== undefined) return context.column(action.column, [...path, "column"]);
  return context.shorthandColumn("price", path, {
    ambiguous: `name one of them in "column"`,
    missing: `name the column ${action.type} changes in "column"`,
  });
}

function checkNumericValue(
  context: CheckContext,
  type: Action["type"],
  value: number,
  options: Options | undefined,
  path: PlanPath,
): void {
  const floor = options?.min_value ?? options?.min_price;
  if (floor !== undefined && floor >= 0) return;
  if (type === "percent_decrease" && value > 100) {
    context.report(
      "negative_result",
      path,
      `a decrease of ${value}% makes every value negative; use at most 100, or set options.min_value`,
    );
  } else if (type === "multiply" && value < 0) {
    context.report(
      "negative_result",
      path,
      `multiplying by ${value} turns positive values negative; set options.min_value if that is not meant`,
    );
  }
}

/**
 * restore_values: every key must be a row (when the keys are known) and every text must read as
 * the column's type, or be empty (as the executor allows).
 */
function checkRestoredValues(
  context: CheckContext,
  column: ColumnProfile,
  values: Record<string, string>,
  path: PlanPath,
): void {
  const keys = context.options.knownKeys;
  for (const [key, text] of Object.entries(values)) {
    const at = [...path, key];
    if (keys && !keys.has(key)) {
      context.report(
        "unknown_row_key",
        at,
        `no row with ${context.profile.keyColumn} ${JSON.stringify(key)} in this dataset`,
      );
      continue;
    }
    // An empty text puts back a cell that was empty. The column may have none left (the
    // execution being undone filled them all), so that is no reason to refuse the restore.
    if (text === "") continue;
    const mismatch = valueMismatch(text, column);
    if (mismatch) context.report("value_type", at, mismatch);
  }
}

function checkNewCategory(
  context: CheckContext,
  column: ColumnProfile,
  value: Scalar,
  path: PlanPath,
): void {
  const known = column.distinctValues;
  if (!known || known.includes(String(value))) return;
  const suggestion = didYouMean(String(value), known);
  context.report(
    "new_category_value",
    path,
    `${describeValue(value)} is not a category in this dataset yet; this adds it as a new one${didYouMeanText(suggestion)}`,
    suggestion,
  );
}

// ── Options ──────────────────────────────────────────────────────────────────────────────────

const OPTION_KEYS = [
  "round_to",
  "min_value",
  "max_value",
  "min_price",
  "max_price",
  "ending",
] as const;

function checkOptions(
  context: CheckContext,
  operation: Operation,
  base: PlanPath,
  target: ActionTarget,
): void {
  const options = operation.options;
  if (!options) return;
  const path = [...base, "options"];

  if (target === "not_numeric") {
    const why =
      operation.action.type === "aggregate"
        ? "aggregate writes no cell"
        : "this action does not write a number";
    for (const key of OPTION_KEYS) {
      if (options[key] === undefined) continue;
      context.report(
        "option_ignored",
        [...path, key],
        `${key} applies to actions that write numbers; ${why}, so it is ignored`,
      );
    }
    return;
  }

  for (const [canonical, alias] of [
    ["min_value", "min_price"],
    ["max_value", "max_price"],
  ] as const) {
    if (options[canonical] !== undefined && options[alias] !== undefined) {
      context.report(
        "alias_conflict",
        [...path, alias],
        `${alias} is the seed name of ${canonical}; give only one of them`,
        canonical,
      );
    }
  }

  const minKey = options.min_value !== undefined ? "min_value" : "min_price";
  const maxKey = options.max_value !== undefined ? "max_value" : "max_price";
  const min = options[minKey];
  const max = options[maxKey];
  if (min !== undefined && max !== undefined && min > max) {
    context.report(
      "invalid_range",
      [...path, minKey],
      `${minKey} (${min}) is above ${maxKey} (${max}); no value can satisfy both`,
    );
  }

  const roundTo = options.round_to ?? defaultRoundTo(target);
  // Without a round_to the executor keeps the ending's decimals too; only a stated one can clash.
  if (options.ending !== undefined && options.round_to !== undefined) {
    const decimals = decimalsOf(options.ending);
    if (decimals > roundTo) {
      context.report(
        "ending_precision",
        [...path, "ending"],
        `ending ${options.ending} has ${decimals} decimals, but round_to is ${roundTo}; set round_to to at least ${decimals}`,
        String(decimals),
      );
    }
  }

  if (target?.type === "integer" && roundTo > 0 && canMakeFractions(operation.action)) {
    context.report(
      "integer_rounding",
      [...path, "round_to"],
      `${q(target.name)} holds whole numbers, but results are rounded to ${roundTo} decimals; set round_to to 0`,
      "0",
    );
  }
}

function canMakeFractions(action: Action): boolean {
  if (action.type === "percent_increase" || action.type === "percent_decrease") return true;
  if (action.type === "multiply") return true;
  if (action.type === "set_value" || action.type === "set_price") {
    const number = typeof action.value === "boolean" ? undefined : numberOf(action.value);
    return number !== undefined && !Number.isInteger(number);
  }
  if (action.type === "set_expression") {
    const tree = tryParseExpression(action.expression);
    return tree !== undefined && expressionMakesFractions(tree);
  }
  if (action.type === "fixed_increase" || action.type === "fixed_decrease") {
    return typeof action.value === "number" && !Number.isInteger(action.value);
  }
  return false;
}

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

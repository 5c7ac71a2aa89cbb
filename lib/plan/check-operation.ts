import type { ColumnProfile } from "@/lib/dataset/types";
import { type CheckContext, type Polarity, q } from "./check-context";
import { describeValue, isNumericColumn, numberOf, valueMismatch } from "./column-values";
import type { PlanPath } from "./issues";
import {
  type Action,
  type Condition,
  type Filter,
  type Operation,
  type Options,
  type Scalar,
  VARIABLE_REFERENCE,
} from "./schema";
import { didYouMean, didYouMeanText } from "./suggest";

/**
 * Checks of one operation against the dataset profile: its filter's columns and values, its
 * action's target column and value, its options. Variable references are resolved through a
 * scope (see check-graph.ts); without one (a plan that does not parse as a whole) they are
 * not checked.
 */

export type VariableLookup =
  | { status: "defined"; value: Scalar | "number" }
  | { status: "undefined"; suggestion?: string }
  | { status: "not_ready"; producer: string };

export interface VariableScope {
  resolve(name: string, operationIndex: number): VariableLookup;
}

type Group = "all" | "any" | "none";

const ORDERING_OPS = new Set(["gt", "gte", "lt", "lte", "between"]);
const TEXT_OPS = new Set(["contains", "starts_with"]);
const NO_VALUE_OPS = new Set(["is_empty", "not_empty"]);
const LIST_OPS = new Set(["in", "not_in"]);

export function checkOperation(
  context: CheckContext,
  operation: Operation,
  index: number,
  scope: VariableScope | undefined,
): void {
  const base: PlanPath = ["operations", index];
  checkFilter(context, operation.filter, [...base, "filter"]);
  const target = checkAction(context, operation, index, scope);
  checkOptions(context, operation, base, target);
}

// ── Filter ───────────────────────────────────────────────────────────────────────────────────

function checkFilter(context: CheckContext, filter: Filter, path: PlanPath): void {
  if (filter.categories !== undefined) {
    const listPath = [...path, "categories"];
    const column = context.shorthandColumn("category", listPath, {
      ambiguous: "use a condition on one of them",
      missing: "use a condition on one of its columns instead",
    });
    if (filter.categories.length === 0) {
      context.report(
        "filter_matches_nothing",
        listPath,
        'an empty list of categories matches no rows; remove "categories" to match every category',
      );
    }
    if (column) {
      filter.categories.forEach((value, k) => {
        context.checkMembership(column, value, [...listPath, k], "include");
      });
    }
  }

  if (filter.in_stock !== undefined) {
    const column = context.shorthandColumn("stock", [...path, "in_stock"], {
      ambiguous: "use a condition on one of them",
      missing: "use a condition on one of its columns instead",
    });
    if (column && column.type === "boolean") {
      context.checkMembership(column, filter.in_stock, [...path, "in_stock"], "include");
    }
  }

  if (filter.skus !== undefined) {
    const listPath = [...path, "skus"];
    const column = context.shorthandColumn("key", listPath, {
      ambiguous: "use a condition on one of them",
      missing: "use a condition on one of its columns instead",
    });
    if (filter.skus.length === 0) {
      context.report(
        "filter_matches_nothing",
        listPath,
        'an empty list of keys matches no rows; remove "skus" to match every row',
      );
    }
    if (column) {
      filter.skus.forEach((value, k) => {
        context.checkMembership(column, value, [...listPath, k], "include");
      });
    }
  }

  if (filter.price_gte !== undefined || filter.price_lte !== undefined) {
    const key = filter.price_gte !== undefined ? "price_gte" : "price_lte";
    const column = context.shorthandColumn("price", [...path, key], {
      ambiguous: "use a condition on one of them",
      missing: "use a condition on one of its columns instead",
    });
    if (column && !isNumericColumn(column)) {
      context.report(
        "column_type",
        [...path, key],
        `${key} compares numbers, but ${context.holds(column)}`,
      );
    } else if (column) {
      const low = filter.price_gte;
      const high = filter.price_lte;
      if (low !== undefined && high !== undefined && low > high) {
        context.report(
          "invalid_range",
          [...path, "price_gte"],
          `price_gte (${low}) is above price_lte (${high}), so no row can match`,
        );
      } else {
        if (low !== undefined) {
          checkReachable(context, column, intervalOf("gte", low), [...path, "price_gte"]);
        }
        if (high !== undefined) {
          checkReachable(context, column, intervalOf("lte", high), [...path, "price_lte"]);
        }
      }
    }
  }

  for (const group of ["all", "any", "none"] as const) {
    filter[group]?.forEach((condition, j) => {
      checkCondition(context, condition, [...path, group, j], group);
    });
  }
}

function checkCondition(
  context: CheckContext,
  condition: Condition,
  path: PlanPath,
  group: Group,
): void {
  const { op, value } = condition;
  const valuePath = [...path, "value"];
  if (!checkValueShape(context, op, value, valuePath)) {
    context.column(condition.column, [...path, "column"]);
    return;
  }
  const column = context.column(condition.column, [...path, "column"]);
  if (!column) return;

  if (ORDERING_OPS.has(op) && !(isNumericColumn(column) || column.type === "date")) {
    context.report(
      "column_type",
      [...path, "op"],
      `${op} compares numbers or dates, but ${context.holds(column)}` +
        (column.type === "boolean" ? "; use eq" : "; use eq, in or contains"),
    );
    return;
  }
  if (TEXT_OPS.has(op) && column.type === "boolean") {
    context.report(
      "column_type",
      [...path, "op"],
      `${op} looks inside text, but ${context.holds(column)}; use eq`,
    );
    return;
  }
  if (NO_VALUE_OPS.has(op)) {
    checkEmptiness(context, column, op, path);
    return;
  }

  const values: { value: Scalar; path: PlanPath }[] = Array.isArray(value)
    ? value.map((element, k) => ({ value: element, path: [...valuePath, k] }))
    : [{ value: value as Scalar, path: valuePath }];

  let typed = true;
  for (const entry of values) {
    if (typeof entry.value === "string" && VARIABLE_REFERENCE.test(entry.value)) {
      context.report(
        "variable_in_filter",
        entry.path,
        `variables are resolved in action values only; this compares ${q(column.name)} with the text ${describeValue(entry.value)}`,
      );
      typed = false;
      continue;
    }
    // contains/starts_with look at the cell's text, so any scalar is a fine needle.
    if (TEXT_OPS.has(op)) continue;
    const mismatch = valueMismatch(entry.value, column);
    if (mismatch) {
      context.report("value_type", entry.path, mismatch);
      typed = false;
    }
  }
  if (!typed) return;

  if (op === "between") {
    const [low, high] = values.map((entry) => entry.value);
    const lowNumber = isNumericColumn(column) ? numberOf(low) : Date.parse(String(low));
    const highNumber = isNumericColumn(column) ? numberOf(high) : Date.parse(String(high));
    if (lowNumber !== undefined && highNumber !== undefined && lowNumber > highNumber) {
      context.report(
        "invalid_range",
        valuePath,
        `between needs [low, high], but ${describeValue(low)} is above ${describeValue(high)}`,
        JSON.stringify([high, low]),
      );
      return;
    }
  }

  if (op === "eq" || op === "neq" || op === "in" || op === "not_in") {
    const asks: Polarity = op === "eq" || op === "in" ? "include" : "exclude";
    const polarity: Polarity =
      group === "none" ? (asks === "include" ? "exclude" : "include") : asks;
    for (const entry of values) context.checkMembership(column, entry.value, entry.path, polarity);
    if (isNumericColumn(column) && op === "eq" && group !== "none" && !column.distinctValues) {
      const number = numberOf(values[0].value);
      if (number !== undefined)
        checkReachable(context, column, intervalOf("eq", number), valuePath);
    }
    return;
  }

  if (isNumericColumn(column) && ORDERING_OPS.has(op) && group !== "none") {
    const [bound, upper] = values.map((entry) => numberOf(entry.value));
    if (bound !== undefined) {
      checkReachable(context, column, intervalOf(op, bound, upper), valuePath);
    }
  }
}

/** in/not_in need a list, between a pair, is_empty/not_empty nothing, the rest one value. */
function checkValueShape(
  context: CheckContext,
  op: Condition["op"],
  value: Condition["value"],
  path: PlanPath,
): boolean {
  if (NO_VALUE_OPS.has(op)) {
    if (value === undefined) return true;
    context.report("value_shape", path, `${op} takes no value; remove "value"`);
    return false;
  }
  if (value === undefined) {
    const example = LIST_OPS.has(op)
      ? '["fitness", "yoga"]'
      : op === "between"
        ? "[10, 20]"
        : "a number or text";
    context.report("value_shape", path, `${op} needs a value: ${example}`);
    return false;
  }
  if (LIST_OPS.has(op)) {
    if (Array.isArray(value)) {
      if (value.length === 0 && op === "in") {
        context.report("filter_matches_nothing", path, "in with an empty list matches no rows");
      }
      return true;
    }
    context.report(
      "value_shape",
      path,
      `${op} needs a list of values, such as [${describeValue(value)}]`,
      JSON.stringify([value]),
    );
    return false;
  }
  if (op === "between") {
    if (Array.isArray(value) && value.length === 2) return true;
    context.report(
      "value_shape",
      path,
      `between needs a list of two values, [low, high] (got ${Array.isArray(value) ? `a list of ${value.length}` : describeValue(value)})`,
    );
    return false;
  }
  if (Array.isArray(value)) {
    const instead =
      op === "eq" ? "; use in for a list" : op === "neq" ? "; use not_in for a list" : "";
    context.report("value_shape", path, `${op} compares with one value, not a list${instead}`);
    return false;
  }
  return true;
}

function checkEmptiness(
  context: CheckContext,
  column: ColumnProfile,
  op: Condition["op"],
  path: PlanPath,
): void {
  const rows = context.profile.rowCount;
  if (op === "is_empty" && column.emptyCount === 0 && rows > 0) {
    context.report(
      "filter_matches_nothing",
      [...path, "op"],
      `no row has an empty ${q(column.name)}, so this condition matches no rows`,
    );
  }
  if (op === "not_empty" && column.emptyCount >= rows && rows > 0) {
    context.report(
      "filter_matches_nothing",
      [...path, "op"],
      `every ${q(column.name)} is empty, so this condition matches no rows`,
    );
  }
}

/** The values a numeric comparison accepts. */
interface Interval {
  low: number;
  high: number;
  lowOpen?: boolean;
  highOpen?: boolean;
}

function intervalOf(op: string, bound: number, upper?: number): Interval | undefined {
  switch (op) {
    case "gt":
      return { low: bound, high: Number.POSITIVE_INFINITY, lowOpen: true };
    case "gte":
      return { low: bound, high: Number.POSITIVE_INFINITY };
    case "lt":
      return { low: Number.NEGATIVE_INFINITY, high: bound, highOpen: true };
    case "lte":
      return { low: Number.NEGATIVE_INFINITY, high: bound };
    case "eq":
      return { low: bound, high: bound };
    case "between":
      return upper === undefined ? undefined : { low: bound, high: upper };
    default:
      return undefined;
  }
}

/** Warn when a numeric comparison lies outside the column's smallest and largest value. */
function checkReachable(
  context: CheckContext,
  column: ColumnProfile,
  interval: Interval | undefined,
  path: PlanPath,
): void {
  const min = column.min === undefined ? undefined : numberOf(column.min);
  const max = column.max === undefined ? undefined : numberOf(column.max);
  if (!interval || min === undefined || max === undefined) return;
  const below = interval.high < min || (interval.high === min && interval.highOpen);
  const above = interval.low > max || (interval.low === max && interval.lowOpen);
  if (!below && !above) return;
  context.report(
    "filter_matches_nothing",
    path,
    `${q(column.name)} ranges from ${column.min} to ${column.max} in this dataset, so this matches no rows`,
  );
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
  const path: PlanPath = ["operations", index, "action"];

  switch (action.type) {
    case "percent_increase":
    case "percent_decrease":
    case "fixed_increase":
    case "fixed_decrease":
    case "multiply": {
      const column = actionColumn(context, action, path);
      if (column && !isNumericColumn(column)) {
        context.report(
          "column_type",
          action.column !== undefined ? [...path, "column"] : path,
          `${action.type} needs a numeric column, but ${context.holds(column)}`,
        );
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
          action.type,
        );
      } else {
        checkNumericValue(context, action.type, action.value, operation.options, [
          ...path,
          "value",
        ]);
      }
      return column;
    }

    case "set_price": {
      const column = context.shorthandColumn("price", path, {
        ambiguous: 'use set_value and name one of them in "column"',
        missing: 'use set_value and name the column to change in "column"',
      });
      if (column && !isNumericColumn(column)) {
        context.report(
          "column_type",
          path,
          `set_price writes a number, but ${context.holds(column)}`,
        );
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

    case "set_stock": {
      const column = context.shorthandColumn("stock", path, {
        ambiguous: 'use set_value and name one of them in "column"',
        missing: 'use set_value and name the column to change in "column"',
      });
      if (column && column.type !== "boolean") {
        context.report(
          "column_type",
          path,
          `set_stock writes true/false, but ${context.holds(column)}`,
        );
      }
      return "not_numeric";
    }

    case "set_value": {
      const column = actionColumn(context, action, path);
      if (!column) return undefined;
      const valuePath = [...path, "value"];
      if (typeof action.value === "string" && VARIABLE_REFERENCE.test(action.value)) {
        checkVariableUse(context, scope, action.value, valuePath, index, column, "set_value");
      } else {
        const mismatch = valueMismatch(action.value, column);
        if (mismatch) context.report("value_type", valuePath, mismatch);
        else if (context.isCategoryColumn(column))
          checkNewCategory(context, column, action.value, valuePath);
      }
      return isNumericColumn(column) ? column : "not_numeric";
    }

    case "aggregate": {
      const column = context.column(action.column, [...path, "column"]);
      if (column && action.fn !== "count" && !isNumericColumn(column)) {
        context.report(
          "column_type",
          [...path, "column"],
          `${action.fn} needs a numeric column, but ${context.holds(column)} (count works on any column)`,
        );
      }
      return "not_numeric";
    }
  }
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

function checkVariableUse(
  context: CheckContext,
  scope: VariableScope | undefined,
  reference: string,
  path: PlanPath,
  index: number,
  needs: "number" | ColumnProfile,
  actionType: string,
): void {
  const name = VARIABLE_REFERENCE.exec(reference)?.[1];
  if (!scope || name === undefined) return;
  const lookup = scope.resolve(name, index);
  if (lookup.status === "undefined") {
    const suggestion = lookup.suggestion === undefined ? undefined : `\${${lookup.suggestion}}`;
    context.report(
      "undefined_variable",
      path,
      suggestion
        ? `${q(reference)} is not defined${didYouMeanText(suggestion)}`
        : `${q(reference)} is not defined; define it in "variables" or compute it with an aggregate operation`,
      suggestion,
    );
    return;
  }
  if (lookup.status === "not_ready") {
    context.report(
      "variable_not_ready",
      path,
      `${q(reference)} is computed by ${lookup.producer}, which this operation does not depend on; add ${q(lookup.producer)} to depends_on`,
      lookup.producer,
    );
    return;
  }
  if (lookup.value === "number") {
    // An aggregate result: always a number.
    if (needs !== "number" && !isNumericColumn(needs)) {
      context.report(
        "variable_type",
        path,
        `${q(reference)} is a number computed by an aggregate, but ${context.holds(needs)}`,
      );
    }
    return;
  }
  const value = lookup.value;
  if (needs === "number") {
    if (numberOf(value) === undefined) {
      context.report(
        "variable_type",
        path,
        `${q(reference)} holds ${describeValue(value)}, but ${actionType} needs a number`,
      );
    }
    return;
  }
  const mismatch = valueMismatch(value, needs);
  if (mismatch)
    context.report(
      "variable_type",
      path,
      `${q(reference)} holds ${describeValue(value)}: ${mismatch}`,
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

  const roundTo = options.round_to ?? 2;
  if (options.ending !== undefined) {
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
      options.round_to !== undefined ? [...path, "round_to"] : path,
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

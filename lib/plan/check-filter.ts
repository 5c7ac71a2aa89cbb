import type { ColumnProfile } from "@/lib/dataset/types";
import { type CheckContext, type Polarity, q } from "./check-context";
import { checkVariableUse, type VariableScope } from "./check-variables";
import { describeValue, isNumericColumn, numberOf, valueMismatch } from "./column-values";
import type { PlanPath } from "./issues";
import {
  COLUMN_COMPARISON_OPS,
  type Condition,
  type Filter,
  isColumnReference,
  type Scalar,
  type Top,
  VARIABLE_REFERENCE,
} from "./schema";

/**
 * Checks of an operation's filter against the dataset profile: the shorthand's mapping and
 * values, each condition's column, operator, value shape and type, values no row holds, and
 * comparisons outside a column's range.
 */

type Group = "all" | "any" | "none";

const ORDERING_OPS = new Set(["gt", "gte", "lt", "lte", "between"]);
const TEXT_OPS = new Set(["contains", "starts_with"]);
const NO_VALUE_OPS = new Set(["is_empty", "not_empty"]);
const LIST_OPS = new Set(["in", "not_in"]);

export function checkFilter(
  context: CheckContext,
  filter: Filter,
  path: PlanPath,
  index: number,
  scope: VariableScope | undefined,
): void {
  if (filter.categories !== undefined) {
    checkShorthandList(context, "category", filter.categories, [...path, "categories"]);
  }
  if (filter.in_stock !== undefined) {
    const column = context.shorthandColumn("stock", [...path, "in_stock"], SHORTHAND_FILTER);
    if (column && column.type === "boolean") {
      context.checkMembership(column, filter.in_stock, [...path, "in_stock"], "include");
    }
  }
  if (filter.skus !== undefined) {
    checkShorthandList(context, "key", filter.skus, [...path, "skus"]);
  }
  if (filter.price_gte !== undefined || filter.price_lte !== undefined) {
    checkPriceRange(context, filter, path);
  }
  for (const group of ["all", "any", "none"] as const) {
    filter[group]?.forEach((condition, j) => {
      checkCondition(context, condition, [...path, group, j], group, index, scope);
    });
  }
  if (filter.top) checkTop(context, filter.top, [...path, "top"]);
}

/** The seed shorthand's filters name no column; a condition can name it. */
const SHORTHAND_FILTER = {
  ambiguous: "use a condition on one of them",
  missing: "use a condition on one of its columns instead",
};

/** `categories` or `skus`: a list of values the column must hold. */
function checkShorthandList(
  context: CheckContext,
  role: "category" | "key",
  values: Scalar[],
  listPath: PlanPath,
): void {
  const column = context.shorthandColumn(role, listPath, SHORTHAND_FILTER);
  if (values.length === 0) {
    context.report(
      "filter_matches_nothing",
      listPath,
      role === "category"
        ? 'an empty list of categories matches no rows; remove "categories" to match every category'
        : 'an empty list of keys matches no rows; remove "skus" to match every row',
    );
  }
  if (column) {
    values.forEach((value, k) => {
      context.checkMembership(column, value, [...listPath, k], "include");
    });
  }
}

/** price_gte and price_lte: numbers, in order, that some price can reach. */
function checkPriceRange(context: CheckContext, filter: Filter, path: PlanPath): void {
  const key = filter.price_gte !== undefined ? "price_gte" : "price_lte";
  const column = context.shorthandColumn("price", [...path, key], SHORTHAND_FILTER);
  if (!column) return;
  if (!isNumericColumn(column)) {
    context.report(
      "column_type",
      [...path, key],
      `${key} compares numbers, but ${context.holds(column)}`,
    );
    return;
  }
  const low = filter.price_gte;
  const high = filter.price_lte;
  if (low !== undefined && high !== undefined && low > high) {
    context.report(
      "invalid_range",
      [...path, "price_gte"],
      `price_gte (${low}) is above price_lte (${high}), so no row can match`,
    );
    return;
  }
  if (low !== undefined) {
    checkReachable(context, column, intervalOf("gte", low), [...path, "price_gte"]);
  }
  if (high !== undefined) {
    checkReachable(context, column, intervalOf("lte", high), [...path, "price_lte"]);
  }
}

/** Top/bottom N orders by numbers or dates, per a column that exists. */
function checkTop(context: CheckContext, top: Top, path: PlanPath): void {
  const by = context.column(top.by, [...path, "by"]);
  if (by && !isNumericColumn(by) && by.type !== "date") {
    context.report(
      "column_type",
      [...path, "by"],
      `the highest or lowest is taken of numbers or dates, but ${context.holds(by)}`,
    );
  }
  if (top.per !== undefined) context.column(top.per, [...path, "per"]);
}

function checkCondition(
  context: CheckContext,
  condition: Condition,
  path: PlanPath,
  group: Group,
  index: number,
  scope: VariableScope | undefined,
): void {
  const { op, value } = condition;
  const valuePath = [...path, "value"];
  if (isColumnReference(value)) {
    checkColumnComparison(context, condition, value.column, path);
    return;
  }
  if (!checkValueShape(context, op, value, valuePath)) {
    context.column(condition.column, [...path, "column"]);
    return;
  }
  const column = context.column(condition.column, [...path, "column"]);
  if (!column || !checkOpFits(context, op, column, path)) return;
  if (NO_VALUE_OPS.has(op)) {
    checkEmptiness(context, column, op, path);
    return;
  }
  const values: ConditionValue[] = Array.isArray(value)
    ? value.map((element, k) => ({ value: element, path: [...valuePath, k] }))
    : [{ value: value as Scalar, path: valuePath }];
  if (!checkValueTypes(context, op, column, values, index, scope)) return;
  if (op === "between" && !checkBetweenOrder(context, column, values, valuePath)) return;

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

/**
 * A comparison with another column of the row: an operator that compares two values, a column
 * that exists, and two columns whose values compare (numbers with numbers, dates with dates;
 * eq and neq also text with text).
 */
function checkColumnComparison(
  context: CheckContext,
  condition: Condition,
  otherName: string,
  path: PlanPath,
): void {
  const column = context.column(condition.column, [...path, "column"]);
  const other = context.column(otherName, [...path, "value", "column"]);
  if (!COLUMN_COMPARISON_OPS.includes(condition.op)) {
    context.report(
      "value_shape",
      [...path, "op"],
      `${condition.op} cannot compare with another column; use eq, neq, gt, gte, lt or lte`,
    );
    return;
  }
  if (!column || !other) return;
  const kind = (c: ColumnProfile) => (isNumericColumn(c) ? "number" : c.type);
  const ordering = ORDERING_OPS.has(condition.op);
  const comparable =
    kind(column) === kind(other) &&
    (!ordering || kind(column) === "number" || kind(column) === "date");
  if (!comparable) {
    context.report(
      "column_type",
      [...path, "value", "column"],
      `${condition.op} cannot compare these columns: ${context.holds(column)} and ${context.holds(other)}; compare numbers with numbers or dates with dates${ordering ? "" : " (eq and neq also text with text)"}`,
    );
  }
}

interface ConditionValue {
  value: Scalar;
  path: PlanPath;
}

/**
 * Text compares by code point (numbers as numbers), which the executor allows; true/false values
 * have no order and no text to look inside.
 */
function checkOpFits(
  context: CheckContext,
  op: Condition["op"],
  column: ColumnProfile,
  path: PlanPath,
): boolean {
  if (column.type !== "boolean") return true;
  if (ORDERING_OPS.has(op)) {
    context.report(
      "column_type",
      [...path, "op"],
      `${op} compares numbers, dates or text, but ${context.holds(column)}; use eq`,
    );
    return false;
  }
  if (TEXT_OPS.has(op)) {
    context.report(
      "column_type",
      [...path, "op"],
      `${op} looks inside text, but ${context.holds(column)}; use eq`,
    );
    return false;
  }
  return true;
}

/**
 * Whether every value is a literal of the column's type (variables are checked where they are
 * resolved, and are not literals to compare further).
 */
function checkValueTypes(
  context: CheckContext,
  op: Condition["op"],
  column: ColumnProfile,
  values: readonly ConditionValue[],
  index: number,
  scope: VariableScope | undefined,
): boolean {
  let typed = true;
  for (const entry of values) {
    if (typeof entry.value === "string" && VARIABLE_REFERENCE.test(entry.value)) {
      // Resolved when the operation runs; its value is checked instead of the reference.
      const needs = TEXT_OPS.has(op) ? "any" : column;
      const comparison = ["eq", "neq", "gt", "gte", "lt", "lte"].includes(op);
      checkVariableUse(context, scope, entry.value, entry.path, index, needs, op, comparison);
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
  return typed;
}

/** between needs [low, high]; reversed, it matches nothing (the fix is offered). */
function checkBetweenOrder(
  context: CheckContext,
  column: ColumnProfile,
  values: readonly ConditionValue[],
  valuePath: PlanPath,
): boolean {
  const [low, high] = values.map((entry) => entry.value);
  const lowNumber = isNumericColumn(column) ? numberOf(low) : Date.parse(String(low));
  const highNumber = isNumericColumn(column) ? numberOf(high) : Date.parse(String(high));
  const reversed = lowNumber !== undefined && highNumber !== undefined && lowNumber > highNumber;
  if (!reversed) return true;
  context.report(
    "invalid_range",
    valuePath,
    `between needs [low, high], but ${describeValue(low)} is above ${describeValue(high)}`,
    JSON.stringify([high, low]),
  );
  return false;
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

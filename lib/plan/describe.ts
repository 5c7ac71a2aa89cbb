import type { DatasetProfile } from "@/lib/dataset/types";
import { formatExpression } from "./expression";
import {
  type NormalizedAction,
  type NormalizedFilter,
  type NormalizedOperation,
  normalizePlan,
  type TextTransform,
} from "./normalize";
import {
  type AggregateFn,
  type Condition,
  type ExecutionPlan,
  isColumnReference,
  type Scalar,
} from "./schema";

/**
 * A plan in plain words, for people who do not read JSON: "Raise price by 11% for rows where
 * region is Burgundy, at most 55; round to 2 decimals." One sentence per operation, in the order
 * they run. Pure and deterministic: the same plan and profile give the same words, so titles and
 * descriptions follow the plan as it is edited. A plan that does not fit the dataset still gets
 * words, from what it says rather than what it would do.
 */
export function describePlan(plan: ExecutionPlan, profile: DatasetProfile): string {
  let operations: NormalizedOperation[];
  try {
    const normalized = normalizePlan(plan, profile);
    const byId = new Map(normalized.operations.map((op) => [op.operationId, op]));
    operations = normalized.order.flatMap((id) => byId.get(id) ?? []);
  } catch {
    const count = plan.operations.length;
    return `A plan of ${count} step${count === 1 ? "" : "s"} that does not fit this dataset yet.`;
  }
  const names = variableNames(operations);
  return operations.map((operation) => describeOperation(operation, names)).join(" ");
}

/** One operation as a sentence. */
export function describeOperation(
  operation: NormalizedOperation,
  variables: ReadonlyMap<string, string> = new Map(),
): string {
  const what = describeAction(operation.action, variables);
  const rows = describeFilter(operation.filter, variables);
  const limits = [
    operation.minValue !== undefined ? `at least ${number(operation.minValue)}` : null,
    operation.maxValue !== undefined ? `at most ${number(operation.maxValue)}` : null,
    operation.ending !== undefined ? `ending in ${ending(operation.ending)}` : null,
  ].filter((part): part is string => part !== null);
  const rounding =
    (operation.action.kind === "numeric" || operation.action.kind === "expression") &&
    operation.roundToGiven
      ? `; round to ${operation.roundTo === 0 ? "whole numbers" : `${operation.roundTo} decimal${operation.roundTo === 1 ? "" : "s"}`}`
      : "";
  return `${what} ${rows}${limits.length > 0 ? `, ${limits.join(", ")}` : ""}${rounding}.`;
}

const FN_WORDS: Record<AggregateFn, string> = {
  avg: "average",
  min: "lowest",
  max: "highest",
  sum: "total",
  count: "number of rows with a",
  median: "median",
};

/** "${avg_price}" read as "the average price" when an aggregate in the plan makes it. */
function variableNames(operations: NormalizedOperation[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const operation of operations) {
    const { action } = operation;
    if (action.kind === "aggregate") {
      names.set(
        action.resultVariable,
        `the ${FN_WORDS[action.fn]} ${action.column}${action.groupBy !== undefined ? ` of its ${action.groupBy}` : ""}`,
      );
    }
  }
  return names;
}

function describeAction(action: NormalizedAction, variables: ReadonlyMap<string, string>): string {
  switch (action.kind) {
    case "numeric": {
      const amount = numericValue(action.value, variables);
      switch (action.type) {
        case "percent_increase":
          return `Raise ${action.column} by ${percent(amount)}`;
        case "percent_decrease":
          return `Lower ${action.column} by ${percent(amount)}`;
        case "fixed_increase":
          return `Add ${amount} to ${action.column}`;
        case "fixed_decrease":
          return `Take ${amount} off ${action.column}`;
        case "multiply":
          return `Multiply ${action.column} by ${amount}`;
      }
      break;
    }
    case "set":
      return action.value === ""
        ? `Empty ${action.column}`
        : `Set ${action.column} to ${scalar(action.value, variables)}`;
    case "restore": {
      const count = Object.keys(action.values).length;
      return `Put back the earlier ${action.column} of ${count} row${count === 1 ? "" : "s"}`;
    }
    case "aggregate":
      return `Work out the ${FN_WORDS[action.fn]} ${action.column}${action.groupBy !== undefined ? ` of each ${action.groupBy}` : ""}`;
    case "toggle":
      return `Flip ${action.column} (yes ↔ no)`;
    case "expression":
      return action.tree.kind === "column"
        ? `Copy ${action.tree.name} into ${action.column}`
        : `Set ${action.column} to ${formatExpression(action.tree)}${action.skipUncomputable ? " (rows it cannot compute are left as they are)" : ""}`;
    case "fill":
      return `Fill empty ${action.column} with ${scalar(action.value, variables)}`;
    case "text":
      return describeText(action.column, action.transform);
  }
  return "Change";
}

function describeText(column: string, transform: TextTransform): string {
  switch (transform.type) {
    case "replace":
      return `Replace “${transform.find}” with ${transform.replace === "" ? "nothing" : `“${transform.replace}”`} in ${column}${transform.ignoreCase ? " (any capitals)" : ""}`;
    case "trim":
      return `Tidy the spaces in ${column}`;
    case "case":
      return transform.case === "title"
        ? `Capitalise each word of ${column}`
        : `Write ${column} in ${transform.case === "upper" ? "capitals" : "small letters"}`;
    case "prefix":
      return `Put “${transform.text}” before ${column}`;
    case "suffix":
      return `Put “${transform.text}” after ${column}`;
    case "template":
      return `Set ${column} to “${transform.parts.map((part) => (typeof part === "string" ? part : `{${part.column}}`)).join("")}”`;
  }
}

function describeFilter(filter: NormalizedFilter, variables: ReadonlyMap<string, string>): string {
  const condition = (c: Condition) => describeCondition(c, variables);
  const parts: string[] = filter.all.map(condition);
  if (filter.any.length > 0) {
    const either = filter.any.map(condition);
    parts.push(either.length === 1 ? either[0] : `(${either.join(" or ")})`);
  }
  let where = parts.length === 0 ? "for every row" : `for rows where ${parts.join(" and ")}`;
  if (filter.none.length > 0) {
    where = `${where}, except where ${filter.none.map(condition).join(" or ")}`;
  }
  if (!filter.top) return where;
  const { n, by, order, per, ties } = filter.top;
  const which = `${n === 1 ? "the row" : `the ${number(n)} rows`} with the ${order} ${by}${per !== undefined ? ` in each ${per}` : ""}`;
  const tie = ties === "all" ? "ties included" : "ties broken by file order";
  return parts.length === 0 && filter.none.length === 0
    ? `for ${which} (${tie})`
    : `${where}: ${which} of those (${tie})`;
}

function describeCondition(
  { column, op, value }: Condition,
  variables: ReadonlyMap<string, string>,
): string {
  const list = (values: unknown) =>
    (Array.isArray(values) ? values : [values]).map((item) => scalar(item as Scalar, variables));
  // Another column of the row: "stock is under its reorder_level".
  const one = () =>
    isColumnReference(value) ? `its ${value.column}` : scalar(value as Scalar, variables);
  switch (op) {
    case "eq":
      return `${column} is ${one()}`;
    case "neq":
      return `${column} is not ${one()}`;
    case "in":
      return `${column} is ${orList(list(value))}`;
    case "not_in":
      return `${column} is not ${orList(list(value))}`;
    case "gt":
      return `${column} is over ${one()}`;
    case "gte":
      return `${column} is at least ${one()}`;
    case "lt":
      return `${column} is under ${one()}`;
    case "lte":
      return `${column} is at most ${one()}`;
    case "between": {
      const [low, high] = list(value);
      return `${column} is between ${low} and ${high}`;
    }
    case "contains":
      return `${column} contains ${one()}`;
    case "starts_with":
      return `${column} starts with ${one()}`;
    case "is_empty":
      return `${column} is empty`;
    case "not_empty":
      return `${column} is not empty`;
  }
}

function orList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "nothing";
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function numericValue(value: number | string, variables: ReadonlyMap<string, string>): string {
  return typeof value === "number" ? number(value) : variableText(value, variables);
}

function variableText(value: string, variables: ReadonlyMap<string, string>): string {
  const name = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1];
  if (!name) return `“${value}”`;
  return variables.get(name) ?? `the value ${name}`;
}

function scalar(
  value: Scalar | undefined,
  variables: ReadonlyMap<string, string> = new Map(),
): string {
  if (value === undefined) return "nothing";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return number(value);
  if (typeof value !== "string") return JSON.stringify(value);
  if (value.startsWith("${")) return variableText(value, variables);
  return value === "" ? "empty" : value;
}

function percent(amount: string): string {
  return /^-?[\d.,]+$/.test(amount) ? `${amount}%` : `${amount} percent`;
}

function number(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString("en-US") : String(value);
}

function ending(value: number): string {
  return String(value).replace(/^0/, "");
}

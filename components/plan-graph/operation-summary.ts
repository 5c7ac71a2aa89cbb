import type { DatasetProfile } from "@/lib/dataset/types";
import { type Action, type Condition, type Filter, isColumnReference } from "@/lib/plan/schema";

/**
 * One-line summaries of an operation's filter and action, for graph nodes and collapsed cards:
 * `category in fitness · in stock` → `price +10%`. Shorthand is shown with the column it maps to
 * when a profile is given. Defensive about shapes: a draft being edited as JSON may be anything.
 */

const OP_SYMBOL: Record<string, string> = {
  eq: "=",
  neq: "≠",
  gt: ">",
  gte: "≥",
  lt: "<",
  lte: "≤",
  in: "in",
  not_in: "not in",
  contains: "contains",
  starts_with: "starts with",
};

function show(value: unknown): string {
  if (Array.isArray(value)) return value.map(show).join(", ");
  // Another column of the row.
  if (isColumnReference(value as Condition["value"]))
    return `its ${(value as { column: string }).column}`;
  if (typeof value === "string") return value === "" ? '""' : value;
  return String(value);
}

function list(values: unknown, limit = 3): string {
  if (!Array.isArray(values)) return show(values);
  const shown = values.slice(0, limit).map(show).join(", ");
  return values.length > limit ? `${shown} +${values.length - limit}` : shown;
}

export function conditionSummary(condition: Partial<Condition>): string {
  const column = condition.column || "?";
  switch (condition.op) {
    case "is_empty":
      return `${column} is empty`;
    case "not_empty":
      return `${column} is not empty`;
    case "between": {
      const [low, high] = Array.isArray(condition.value) ? condition.value : [];
      return `${column} ${show(low ?? "?")}–${show(high ?? "?")}`;
    }
    case "in":
    case "not_in":
      return `${column} ${OP_SYMBOL[condition.op]} ${list(condition.value)}`;
    default:
      return `${column} ${OP_SYMBOL[condition.op ?? ""] ?? condition.op ?? "?"} ${show(condition.value ?? "?")}`;
  }
}

export function filterSummary(filter: Filter | undefined, profile?: DatasetProfile): string {
  if (!filter || typeof filter !== "object") return "every row";
  const shorthand = profile?.shorthand;
  const parts: string[] = [];
  if (filter.categories !== undefined) {
    parts.push(`${shorthand?.category ?? "category"} in ${list(filter.categories)}`);
  }
  if (filter.in_stock !== undefined) {
    const column = shorthand?.stock;
    parts.push(
      column
        ? `${column} = ${show(filter.in_stock)}`
        : filter.in_stock
          ? "in stock"
          : "out of stock",
    );
  }
  if (filter.skus !== undefined) {
    parts.push(`${profile?.keyColumn ?? "sku"} in ${list(filter.skus)}`);
  }
  const price = shorthand?.price ?? "price";
  if (filter.price_gte !== undefined) parts.push(`${price} ≥ ${show(filter.price_gte)}`);
  if (filter.price_lte !== undefined) parts.push(`${price} ≤ ${show(filter.price_lte)}`);
  const conditions = (group: unknown): string[] =>
    Array.isArray(group) ? group.map((condition) => conditionSummary(condition ?? {})) : [];
  parts.push(...conditions(filter.all));
  const any = conditions(filter.any);
  if (any.length > 0) parts.push(any.length === 1 ? any[0] : `(${any.join(" or ")})`);
  const none = conditions(filter.none);
  if (none.length > 0) parts.push(`not (${none.join(" or ")})`);
  const top = filter.top;
  if (top && typeof top === "object") {
    parts.push(
      `${top.order === "lowest" ? "bottom" : "top"} ${top.n ?? "?"} by ${top.by || "?"}${top.per ? ` per ${top.per}` : ""}`,
    );
  }
  return parts.length === 0 ? "every row" : parts.join(" · ");
}

export function actionSummary(action: Action | undefined, profile?: DatasetProfile): string {
  if (!action || typeof action !== "object") return "no action";
  const price = profile?.shorthand.price ?? "price";
  const column = "column" in action && action.column ? action.column : price;
  const value = "value" in action ? show(action.value) : "";
  switch (action.type) {
    case "percent_increase":
      return `${column} +${value}%`;
    case "percent_decrease":
      return `${column} −${value}%`;
    case "fixed_increase":
      return `${column} + ${value}`;
    case "fixed_decrease":
      return `${column} − ${value}`;
    case "multiply":
      return `${column} × ${value}`;
    case "set_value":
      return `${column} := ${value}`;
    case "set_price":
      return `${price} := ${value}`;
    case "set_stock":
      return `${profile?.shorthand.stock ?? "in_stock"} := ${value}`;
    case "restore_values": {
      const n = Object.keys(action.values ?? {}).length;
      return `restore ${n} cell${n === 1 ? "" : "s"} of ${action.column || "?"}`;
    }
    case "aggregate":
      return `${action.fn}(${action.column || "?"})${action.group_by ? ` per ${action.group_by}` : ""} → \${${action.result_variable || "?"}}`;
    case "toggle":
      return `flip ${action.column || "?"}`;
    case "set_expression":
      return `${column} := ${action.expression || "?"}`;
    case "replace_text":
      return `${column}: “${action.find ?? ""}” → “${action.replace ?? ""}”`;
    case "trim_spaces":
      return `tidy spaces in ${column}`;
    case "change_case":
      return `${action.case ?? "?"} case ${column}`;
    case "add_prefix":
      return `“${action.text ?? ""}” + ${column}`;
    case "add_suffix":
      return `${column} + “${action.text ?? ""}”`;
    case "set_template":
      return `${column} := “${action.template ?? ""}”`;
    case "fill_empty":
      return `empty ${column} := ${value}`;
    default:
      return String((action as { type?: unknown }).type ?? "no action");
  }
}

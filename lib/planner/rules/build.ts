import type { ShorthandRole } from "@/lib/dataset/types";
import { defaultRoundTo } from "@/lib/plan/normalize";
import type {
  Action,
  Condition,
  ExecutionPlan,
  Filter,
  Operation,
  Options,
  Scalar,
} from "@/lib/plan/schema";
import { MAX_ROUND_TO } from "@/lib/plan/schema";
import { shortenSlug, slugify, uniqueExecutionId } from "../ids";
import { isoDayPlus } from "./dates";
import { writesNumber } from "./draft";
import type { GuardSpec, OptionSpec } from "./grammar";
import type { DraftAction, DraftOperation, RowCondition } from "./interpret";
import type { Vocabulary } from "./vocabulary";

/**
 * Draft operations → an `ExecutionPlan`.
 *
 * Filters use the seed shorthand (`categories`, `in_stock`, `skus`, `price_gte`/`price_lte`,
 * `set_price`, `set_stock`, numeric actions without `column`) only where the dataset's column
 * has the seed's own name *and* the profile maps the role to it unambiguously — so a seed-style
 * catalog gets plans that read exactly like the seed's, and every other catalog gets generic
 * conditions on its real column names (`list_price`, `available`, `genre`), which need no
 * mapping to be understood.
 */

const SEED_COLUMN: Record<ShorthandRole, string> = {
  category: "category",
  stock: "in_stock",
  key: "sku",
  price: "price",
};

export interface BuildInput {
  instruction: string;
  operations: DraftOperation[];
  options: OptionSpec;
  guards: GuardSpec;
  createdAt: Date;
  existingExecutionIds: ReadonlySet<string>;
}

export function buildPlan(vocabulary: Vocabulary, input: BuildInput): ExecutionPlan {
  const operations = input.operations.map((draft, index) =>
    buildOperation(vocabulary, draft, index, input.options),
  );
  const plan: ExecutionPlan = {
    format_version: 1,
    execution_id: executionId(vocabulary, input.operations, input.existingExecutionIds),
    created_at: input.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    source_instruction: input.instruction,
    operations,
  };
  if (Object.keys(input.guards).length > 0) plan.guards = { ...input.guards };
  return plan;
}

function buildOperation(
  vocabulary: Vocabulary,
  draft: DraftOperation,
  index: number,
  options: OptionSpec,
): Operation {
  const operation: Operation = {
    operation_id: `op_${String(index + 1).padStart(2, "0")}`,
    description: describeOperation(vocabulary, draft, options),
    filter: buildFilter(vocabulary, draft),
    action: buildAction(vocabulary, draft.action),
  };
  const operationOptions = buildOptions(vocabulary, draft.action, options);
  if (operationOptions) operation.options = operationOptions;
  return operation;
}

/** The seed's shorthand fits when the column has the seed's name and the role maps to it. */
function seedShaped(vocabulary: Vocabulary, role: ShorthandRole, column: string): boolean {
  if (column !== SEED_COLUMN[role]) return false;
  if (role === "key") return vocabulary.keyColumn === column;
  const resolved = vocabulary.roles[role];
  return resolved !== undefined && "column" in resolved && resolved.column === column;
}

// ---------------------------------------------------------------------------------------------
// Filters

function buildFilter(vocabulary: Vocabulary, draft: DraftOperation): Filter {
  const filter: Filter = {};
  const all: Condition[] = [];
  for (const cond of draft.all) {
    if (
      cond.type === "values" &&
      seedShaped(vocabulary, "category", cond.column) &&
      !filter.categories
    ) {
      filter.categories = [...cond.values];
    } else if (cond.type === "keys" && seedShaped(vocabulary, "key", cond.column) && !filter.skus) {
      filter.skus = [...cond.keys];
    } else if (
      cond.type === "flag" &&
      seedShaped(vocabulary, "stock", cond.column) &&
      filter.in_stock === undefined
    ) {
      filter.in_stock = cond.value;
    } else if (
      cond.type === "compare" &&
      seedShaped(vocabulary, "price", cond.column) &&
      cond.op === "gte" &&
      filter.price_gte === undefined
    ) {
      filter.price_gte = cond.value;
    } else if (
      cond.type === "compare" &&
      seedShaped(vocabulary, "price", cond.column) &&
      cond.op === "lte" &&
      filter.price_lte === undefined
    ) {
      filter.price_lte = cond.value;
    } else if (
      cond.type === "between" &&
      seedShaped(vocabulary, "price", cond.column) &&
      filter.price_gte === undefined &&
      filter.price_lte === undefined
    ) {
      filter.price_gte = cond.low;
      filter.price_lte = cond.high;
    } else {
      all.push(...conditions(vocabulary, cond));
    }
  }

  const none: Condition[] = [];
  for (const cond of draft.none) {
    if (cond.type === "flag" && seedShaped(vocabulary, "stock", cond.column)) {
      if (filter.in_stock === undefined) {
        // "do not change out-of-stock items" = only in-stock ones.
        filter.in_stock = !cond.value;
        continue;
      }
      if (filter.in_stock === !cond.value) continue; // already excluded
    }
    none.push(...noneConditions(vocabulary, cond));
  }

  if (all.length > 0) filter.all = all;
  if (draft.any.length > 0) filter.any = draft.any.flatMap((cond) => conditions(vocabulary, cond));
  if (none.length > 0) filter.none = none;
  return filter;
}

/**
 * A condition of the rows left out. `none` leaves out a row that meets any one of its
 * conditions, so a span of days ("except those serviced in 2026") is one condition, between its
 * first and last day (interpret.ts refuses a span where a column also holds times of day).
 */
function noneConditions(vocabulary: Vocabulary, cond: RowCondition): Condition[] {
  if (cond.type !== "dateRange" || cond.from === undefined || cond.to === undefined) {
    return conditions(vocabulary, cond);
  }
  return [{ column: cond.column, op: "between", value: [cond.from, isoDayPlus(cond.to, -1)] }];
}

function conditions(vocabulary: Vocabulary, cond: RowCondition): Condition[] {
  const typed = (value: string | number | boolean) => typedValue(vocabulary, cond.column, value);
  switch (cond.type) {
    case "values":
      return [
        cond.values.length === 1
          ? { column: cond.column, op: "eq", value: typed(cond.values[0]) }
          : { column: cond.column, op: "in", value: cond.values.map(typed) },
      ];
    case "keys":
      return [
        cond.keys.length === 1
          ? { column: cond.column, op: "eq", value: typed(cond.keys[0]) }
          : { column: cond.column, op: "in", value: cond.keys.map(typed) },
      ];
    case "flag":
      return [{ column: cond.column, op: "eq", value: cond.value }];
    case "compare":
      return [{ column: cond.column, op: cond.op, value: cond.value }];
    case "columns":
      return [{ column: cond.column, op: cond.op, value: { column: cond.other } }];
    case "between":
      return [{ column: cond.column, op: "between", value: [cond.low, cond.high] }];
    case "text":
      return [{ column: cond.column, op: cond.op, value: cond.value }];
    case "empty":
      return [{ column: cond.column, op: cond.empty ? "is_empty" : "not_empty" }];
    case "dateRange":
      return [
        ...(cond.from === undefined
          ? []
          : [{ column: cond.column, op: "gte" as const, value: cond.from }]),
        ...(cond.to === undefined
          ? []
          : [{ column: cond.column, op: "lt" as const, value: cond.to }]),
      ];
  }
}

/** A value as the column's type wants it: numbers for numeric columns, text otherwise. */
function typedValue(
  vocabulary: Vocabulary,
  column: string,
  value: string | number | boolean,
): Scalar {
  const type = vocabulary.columns.get(column)?.type;
  if (
    (type === "number" || type === "integer") &&
    typeof value === "string" &&
    value.trim() !== ""
  ) {
    const number = Number(value);
    if (Number.isFinite(number) && Number.isSafeInteger(Math.trunc(number))) return number;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Actions and options

function buildAction(vocabulary: Vocabulary, action: DraftAction): Action {
  if (action.kind === "toggle") return { type: "toggle", column: action.column };
  if (action.kind === "computed") return action.action;
  if (action.kind === "numeric") {
    return seedShaped(vocabulary, "price", action.column)
      ? { type: action.type, value: action.value }
      : { type: action.type, value: action.value, column: action.column };
  }
  if (typeof action.value === "number" && seedShaped(vocabulary, "price", action.column)) {
    return { type: "set_price", value: action.value };
  }
  if (typeof action.value === "boolean" && seedShaped(vocabulary, "stock", action.column)) {
    return { type: "set_stock", value: action.value };
  }
  return {
    type: "set_value",
    column: action.column,
    value: typedValue(vocabulary, action.column, action.value),
  };
}

function buildOptions(
  vocabulary: Vocabulary,
  action: DraftAction,
  options: OptionSpec,
): Options | undefined {
  if (!writesNumber(vocabulary, action)) return undefined;
  const result: Options = {};
  const scales =
    action.kind === "numeric" && (action.type.startsWith("percent") || action.type === "multiply");
  // A scaled result is rounded where the reviewer can see it, at the column's own precision
  // (finer than a plan can state, the executor's default keeps it).
  const precision = defaultRoundTo(vocabulary.columns.get(action.column));
  if (options.round_to !== undefined) result.round_to = options.round_to;
  else if (scales && precision <= MAX_ROUND_TO) result.round_to = precision;
  if (options.ending !== undefined) result.ending = options.ending;
  if (options.min_value !== undefined) result.min_value = options.min_value;
  if (options.max_value !== undefined) result.max_value = options.max_value;
  return Object.keys(result).length > 0 ? result : undefined;
}

// ---------------------------------------------------------------------------------------------
// Descriptions and ids

function describeOperation(
  vocabulary: Vocabulary,
  draft: DraftOperation,
  options: OptionSpec,
): string {
  const stock = draft.all.find(
    (cond) => cond.type === "flag" && isInStockColumn(vocabulary, cond.column),
  );
  const scope: string[] = draft.all
    .filter((cond) => cond !== stock)
    .map((cond) => describeCondition(vocabulary, cond));
  if (draft.any.length > 0)
    scope.push(draft.any.map((cond) => describeCondition(vocabulary, cond)).join(" or "));
  const rows =
    stock?.type === "flag" ? `${stock.value ? "in-stock" : "out-of-stock"} rows` : "rows";
  let text = describeAction(vocabulary, draft.action);
  if (scope.length > 0) text += ` for ${rows} with ${scope.join(", ")}`;
  else text += stock ? ` for ${rows}` : " for all rows";
  if (draft.none.length > 0) {
    text += `, except ${draft.none.map((cond) => describeCondition(vocabulary, cond)).join(" or ")}`;
  }
  if (writesNumber(vocabulary, draft.action)) {
    const extras: string[] = [];
    if (options.round_to !== undefined) extras.push(roundingWords(options.round_to));
    if (options.ending !== undefined)
      extras.push(`ending in ${String(options.ending).replace(/^0/, "")}`);
    if (options.min_value !== undefined) extras.push(`never below ${options.min_value}`);
    if (options.max_value !== undefined) extras.push(`never above ${options.max_value}`);
    if (extras.length > 0) text += `; ${extras.join(", ")}`;
  }
  return `${text}.`;
}

function roundingWords(places: number): string {
  if (places === 0) return "rounded to whole numbers";
  return `rounded to ${places} decimal${places === 1 ? "" : "s"}`;
}

function describeAction(vocabulary: Vocabulary, action: DraftAction): string {
  const amount = (value: number, unit: string | undefined) =>
    unit !== "currency"
      ? `${value}`
      : Number.isInteger(value)
        ? `$${value}`
        : `$${value.toFixed(2)}`;
  if (action.kind === "numeric") {
    switch (action.type) {
      case "percent_increase":
        return `Increase ${action.column} by ${action.value}%`;
      case "percent_decrease":
        return `Decrease ${action.column} by ${action.value}%`;
      case "fixed_increase":
        return `Increase ${action.column} by ${amount(action.value, action.unit)}`;
      case "fixed_decrease":
        return `Decrease ${action.column} by ${amount(action.value, action.unit)}`;
      case "multiply":
        return `Multiply ${action.column} by ${action.value}`;
    }
  }
  if (action.kind === "toggle") return `Flip ${action.column}`;
  if (action.kind === "computed") return action.words;
  if (typeof action.value === "boolean" && isInStockColumn(vocabulary, action.column)) {
    return action.value ? "Mark as in stock" : "Mark as out of stock";
  }
  if (action.value === "") return `Empty ${action.column}`;
  const shown =
    typeof action.value === "number"
      ? amount(action.value, action.unit)
      : JSON.stringify(action.value);
  return `Set ${action.column} to ${shown}`;
}

const OP_WORDS = { gt: "over", gte: "at least", lt: "under", lte: "at most", eq: "=" } as const;

function describeCondition(vocabulary: Vocabulary, cond: RowCondition): string {
  switch (cond.type) {
    case "values":
      return `${cond.column} ${cond.values.join(" or ")}`;
    case "keys":
      return `${cond.column} ${cond.keys.join(", ")}`;
    case "flag":
      if (isInStockColumn(vocabulary, cond.column)) return cond.value ? "in stock" : "out of stock";
      return `${cond.column} is ${cond.value}`;
    case "compare":
      return `${cond.column} ${OP_WORDS[cond.op]} ${cond.value}`;
    case "columns":
      return `${cond.column} ${OP_WORDS[cond.op]} its ${cond.other}`;
    case "between":
      return `${cond.column} between ${cond.low} and ${cond.high}`;
    case "text":
      return `${cond.column} ${cond.op === "contains" ? "containing" : "starting with"} ${JSON.stringify(cond.value)}`;
    case "empty":
      return `${cond.column} ${cond.empty ? "empty" : "not empty"}`;
    case "dateRange":
      return cond.from && cond.to
        ? `${cond.column} from ${cond.from} to before ${cond.to}`
        : cond.from
          ? `${cond.column} on or after ${cond.from}`
          : `${cond.column} before ${cond.to}`;
  }
}

/** The stock column when it is called "in stock" in some spelling: its values read as in/out of stock. */
function isInStockColumn(vocabulary: Vocabulary, column: string): boolean {
  const stock = vocabulary.roles.stock;
  return (
    stock !== undefined &&
    "column" in stock &&
    stock.column === column &&
    /^in[\s_-]?stock$/i.test(column)
  );
}

const MAX_SLUG = 48;

/** `plan_<slug>_v1` in the seed's style, with the version bumped until it is unused. */
function executionId(
  vocabulary: Vocabulary,
  drafts: DraftOperation[],
  existing: ReadonlySet<string>,
): string {
  const slugs = drafts.map((draft) => operationSlug(vocabulary, draft));
  let slug = slugs.length === 1 ? slugs[0] : slugs.join("_and_");
  if (slugs.length > 2 || slug.length > MAX_SLUG) slug = `mixed_${slugs.length}_ops`;
  return uniqueExecutionId(slug, existing);
}

function operationSlug(vocabulary: Vocabulary, draft: DraftOperation): string {
  const scope: string[] = [];
  for (const cond of [...draft.all, ...draft.any]) {
    if (cond.type === "values") scope.push(...cond.values.slice(0, 2));
    else if (cond.type === "keys") scope.push(...cond.keys.slice(0, 2));
    else if (cond.type === "flag") scope.push(describeCondition(vocabulary, cond));
  }
  const { action } = draft;
  const parts: string[] = [...scope, action.column];
  if (action.kind === "numeric") {
    parts.push(action.type.replace(/^(percent|fixed)_/, ""));
    parts.push(action.unit === "percent" ? `${action.value}pct` : String(action.value));
  } else if (action.kind === "toggle") {
    parts.push("flip");
  } else if (action.kind === "computed") {
    parts.push(action.slug);
  } else {
    parts.push("set", String(action.value));
  }
  return shortenSlug(slugify(parts.join("_")), MAX_SLUG);
}

import type { ColumnProfile, DatasetProfile, ShorthandRole } from "@/lib/dataset/types";
import { effectiveDependencies, operationOrder } from "./dag";
import {
  type ExpressionNode,
  ExpressionSyntaxError,
  expressionColumns,
  parseExpression,
} from "./expression";
import type {
  Action,
  AggregateFn,
  Condition,
  ExecutionPlan,
  Guards,
  NumericActionType,
  NumericValue,
  Operation,
  Scalar,
  TextCase,
  Top,
} from "./schema";
import { parseTemplate, type TemplatePart, TemplateSyntaxError, templateColumns } from "./template";

/**
 * A parsed plan in the executor's canonical form. The seed's aliases become the generic names
 * (`set_price` → `set_value` on the price column, `set_stock` → `set_value` on the stock column,
 * `min_price`/`max_price` → `min_value`/`max_value`), the shorthand filter becomes conditions on
 * the columns the dataset profile maps it to, numeric actions name their column (the price column
 * by default), and `round_to` is explicit.
 *
 * Validation (lib/plan/validate.ts) reports problems to the user with paths; this throws a typed
 * `PlanNormalizeError` so the executor never runs a plan it cannot read exactly.
 */

export type NormalizedAction =
  | { kind: "numeric"; type: NumericActionType; column: string; value: NumericValue }
  | { kind: "set"; column: string; value: Scalar }
  /** Row key → the exact text its cell gets back; unlisted rows are not written. */
  | { kind: "restore"; column: string; values: Record<string, string> }
  /** Each row's yes/no value flipped, in the spelling it is written in. */
  | { kind: "toggle"; column: string }
  /** The column set to an expression over the row (a lone column name copies it). */
  | {
      kind: "expression";
      column: string;
      tree: ExpressionNode;
      /** Columns the expression reads. */
      reads: string[];
      skipUncomputable: boolean;
    }
  /** A text column rewritten cell by cell. */
  | { kind: "text"; column: string; transform: TextTransform; reads: string[] }
  /** Only empty cells get the value. */
  | { kind: "fill"; column: string; value: Scalar }
  | {
      kind: "aggregate";
      fn: AggregateFn;
      column: string;
      resultVariable: string;
      /** Worked out per value of this column. */
      groupBy?: string;
    };

export type TextTransform =
  | { type: "replace"; find: string; replace: string; ignoreCase: boolean }
  | { type: "trim" }
  | { type: "case"; case: TextCase }
  | { type: "prefix"; text: string }
  | { type: "suffix"; text: string }
  | { type: "template"; parts: TemplatePart[] };

export interface NormalizedFilter {
  /** Every condition must hold (the shorthand lands here). */
  all: Condition[];
  /** At least one must hold, when there are any. */
  any: Condition[];
  /** None may hold. */
  none: Condition[];
  /** Then only the N highest or lowest of the rows selected. */
  top?: Top;
}

export interface NormalizedOperation {
  operationId: string;
  /** Position in the plan's list. */
  index: number;
  /** Prerequisites, with the implicit "previous operation" edge made explicit. */
  dependsOn: string[];
  filter: NormalizedFilter;
  action: NormalizedAction;
  /** Decimals numeric results are rounded to (half-up). */
  roundTo: number;
  /** Whether round_to was written in the plan (otherwise it is the column's default). */
  roundToGiven: boolean;
  minValue?: number;
  maxValue?: number;
  ending?: number;
}

export interface NormalizedPlan {
  executionId: string;
  variables: Record<string, Scalar>;
  guards: Guards;
  /** In the plan's list order. */
  operations: NormalizedOperation[];
  /** Operation ids in execution order (topological, ties by list order). */
  order: string[];
}

export type PlanNormalizeErrorCode =
  | "unmapped_shorthand"
  | "ambiguous_shorthand"
  | "unknown_column"
  | "invalid_expression"
  | "invalid_order";

export class PlanNormalizeError extends Error {
  readonly code: PlanNormalizeErrorCode;
  /** Where in the plan, e.g. ["operations", 0, "filter", "categories"]. */
  readonly path: (string | number)[];

  constructor(code: PlanNormalizeErrorCode, message: string, path: (string | number)[]) {
    super(message);
    this.name = "PlanNormalizeError";
    this.code = code;
    this.path = path;
  }
}

/** `round_to` for a column profiled before profiles recorded a scale. */
const LEGACY_ROUND_TO = 2;

/**
 * The rounding of a plan that names none: a result keeps the column's own precision, whole
 * numbers in an integer column and the most decimals seen in a number column (cents for prices
 * written in cents, all twelve places of 0.980268513777).
 */
export function defaultRoundTo(column: ColumnProfile | undefined): number {
  if (column?.type === "integer") return 0;
  return column?.scale ?? LEGACY_ROUND_TO;
}

export function normalizePlan(plan: ExecutionPlan, profile: DatasetProfile): NormalizedPlan {
  const ordered = operationOrder(plan);
  if (!ordered.ok) {
    const message =
      ordered.reason === "cycle"
        ? `The operations depend on each other in a cycle: ${ordered.cycle.join(" → ")}.`
        : ordered.reason === "unknown_dependency"
          ? `Operation ${ordered.operationId} depends on ${ordered.dependency}, which is not in the plan.`
          : `Two operations are called ${ordered.operationId}.`;
    throw new PlanNormalizeError("invalid_order", message, ["operations"]);
  }
  const deps = effectiveDependencies(plan);
  const columns = new Map(profile.columns.map((c) => [c.name, c]));

  const operations = plan.operations.map((op, index) =>
    normalizeOperation(op, index, deps.get(op.operation_id) ?? [], profile, columns),
  );
  return {
    executionId: plan.execution_id,
    variables: { ...(plan.variables ?? {}) },
    guards: { ...(plan.guards ?? {}) },
    operations,
    order: ordered.order,
  };
}

function normalizeOperation(
  op: Operation,
  index: number,
  dependsOn: string[],
  profile: DatasetProfile,
  columns: Map<string, ColumnProfile>,
): NormalizedOperation {
  const context = operationContext(op, index, profile, columns);
  // In this order, so that of several problems the one reported first stays the same.
  const all = allConditions(op.filter, context);
  const action = normalizeAction(op.action, context);
  const o = op.options ?? {};
  const normalized: NormalizedOperation = {
    operationId: op.operation_id,
    index,
    dependsOn,
    filter: { all, ...otherConditions(op.filter, context) },
    action,
    roundTo: o.round_to ?? defaultRoundTo(columns.get(action.column)),
    roundToGiven: o.round_to !== undefined,
  };
  const minValue = o.min_value ?? o.min_price;
  const maxValue = o.max_value ?? o.max_price;
  if (minValue !== undefined) normalized.minValue = minValue;
  if (maxValue !== undefined) normalized.maxValue = maxValue;
  if (o.ending !== undefined) normalized.ending = o.ending;
  return normalized;
}

type PathTail = (string | number)[];

/**
 * How one operation's column names, shorthand roles and formulas are resolved, each failure a
 * PlanNormalizeError at the operation's path plus `at`.
 */
interface OperationContext {
  column(name: string, at: PathTail): string;
  role(role: ShorthandRole, at: PathTail): string;
  parsed<T>(parse: () => T, at: PathTail): T;
}

function operationContext(
  op: Operation,
  index: number,
  profile: DatasetProfile,
  columns: Map<string, ColumnProfile>,
): OperationContext {
  const path = ["operations", index];
  return {
    column(name, at) {
      if (!columns.has(name)) {
        throw new PlanNormalizeError(
          "unknown_column",
          `Operation ${op.operation_id}: there is no column '${name}'.`,
          [...path, ...at],
        );
      }
      return name;
    },
    role: (role, at) => shorthandColumn(profile, role, op.operation_id, [...path, ...at]),
    parsed(parse, at) {
      try {
        return parse();
      } catch (error) {
        if (error instanceof ExpressionSyntaxError || error instanceof TemplateSyntaxError) {
          throw new PlanNormalizeError(
            "invalid_expression",
            `Operation ${op.operation_id}: ${error.message}.`,
            [...path, ...at],
          );
        }
        throw error;
      }
    },
  };
}

/** The seed shorthand's conditions, then the `all` list's. */
function allConditions(f: Operation["filter"], { column, role }: OperationContext): Condition[] {
  const all: Condition[] = [];
  if (f.categories !== undefined) {
    all.push({ column: role("category", ["filter", "categories"]), op: "in", value: f.categories });
  }
  if (f.in_stock !== undefined) {
    all.push({ column: role("stock", ["filter", "in_stock"]), op: "eq", value: f.in_stock });
  }
  if (f.skus !== undefined) {
    all.push({ column: role("key", ["filter", "skus"]), op: "in", value: f.skus });
  }
  if (f.price_gte !== undefined) {
    all.push({ column: role("price", ["filter", "price_gte"]), op: "gte", value: f.price_gte });
  }
  if (f.price_lte !== undefined) {
    all.push({ column: role("price", ["filter", "price_lte"]), op: "lte", value: f.price_lte });
  }
  all.push(...conditionList(f, "all", column));
  return all;
}

function conditionList(
  f: Operation["filter"],
  part: "all" | "any" | "none",
  column: OperationContext["column"],
): Condition[] {
  return (f[part] ?? []).map((c, k) => ({
    ...c,
    column: column(c.column, ["filter", part, k, "column"]),
  }));
}

/** The filter's `any` and `none` lists and its top-N choice. */
function otherConditions(f: Operation["filter"], { column }: OperationContext) {
  const any = conditionList(f, "any", column);
  const none = conditionList(f, "none", column);
  if (!f.top) return { any, none };
  const top = {
    ...f.top,
    by: column(f.top.by, ["filter", "top", "by"]),
    ...(f.top.per !== undefined ? { per: column(f.top.per, ["filter", "top", "per"]) } : {}),
  };
  return { any, none, top };
}

function normalizeAction(a: Action, context: OperationContext): NormalizedAction {
  const { column, role } = context;
  // An action without a column writes the price column, as in the seed format.
  const columnOrPrice = (name: string | undefined) =>
    name !== undefined ? column(name, ["action", "column"]) : role("price", ["action", "type"]);
  switch (a.type) {
    case "percent_increase":
    case "percent_decrease":
    case "fixed_increase":
    case "fixed_decrease":
    case "multiply":
      return { kind: "numeric", type: a.type, column: columnOrPrice(a.column), value: a.value };
    case "set_value":
      return { kind: "set", column: columnOrPrice(a.column), value: a.value };
    case "restore_values":
      return { kind: "restore", column: column(a.column, ["action", "column"]), values: a.values };
    case "toggle":
      return { kind: "toggle", column: column(a.column, ["action", "column"]) };
    case "set_expression":
      return expressionAction(a, context);
    case "fill_empty":
      return { kind: "fill", column: column(a.column, ["action", "column"]), value: a.value };
    case "set_price":
      return { kind: "set", column: role("price", ["action", "type"]), value: a.value };
    case "set_stock":
      return { kind: "set", column: role("stock", ["action", "type"]), value: a.value };
    case "aggregate":
      return {
        kind: "aggregate",
        fn: a.fn,
        column: column(a.column, ["action", "column"]),
        resultVariable: a.result_variable,
        ...(a.group_by !== undefined
          ? { groupBy: column(a.group_by, ["action", "group_by"]) }
          : {}),
      };
    default:
      return textAction(a, context);
  }
}

function expressionAction(
  a: Extract<Action, { type: "set_expression" }>,
  { column, parsed }: OperationContext,
): NormalizedAction {
  const tree = parsed(() => parseExpression(a.expression), ["action", "expression"]);
  const reads = expressionColumns(tree).map(({ name }) => column(name, ["action", "expression"]));
  return {
    kind: "expression",
    column: column(a.column, ["action", "column"]),
    tree,
    reads,
    skipUncomputable: a.skip_uncomputable === true,
  };
}

type TextActionType =
  | "replace_text"
  | "trim_spaces"
  | "change_case"
  | "add_prefix"
  | "add_suffix"
  | "set_template";

function textAction(
  a: Extract<Action, { type: TextActionType }>,
  { column, parsed }: OperationContext,
): NormalizedAction {
  const transform = textTransform(a, parsed);
  return {
    kind: "text",
    column: column(a.column, ["action", "column"]),
    transform,
    reads:
      transform.type === "template"
        ? templateColumns(transform.parts).map((read) => column(read, ["action", "template"]))
        : [],
  };
}

function textTransform(
  a: Extract<Action, { type: TextActionType }>,
  parsed: OperationContext["parsed"],
): TextTransform {
  switch (a.type) {
    case "replace_text":
      return {
        type: "replace",
        find: a.find,
        replace: a.replace,
        ignoreCase: a.ignore_case === true,
      };
    case "trim_spaces":
      return { type: "trim" };
    case "change_case":
      return { type: "case", case: a.case };
    case "add_prefix":
      return { type: "prefix", text: a.text };
    case "add_suffix":
      return { type: "suffix", text: a.text };
    case "set_template":
      return {
        type: "template",
        parts: parsed(() => parseTemplate(a.template), ["action", "template"]),
      };
  }
}

function shorthandColumn(
  profile: DatasetProfile,
  role: ShorthandRole,
  operationId: string,
  path: (string | number)[],
): string {
  if (role === "key") return profile.keyColumn;
  const candidates = profile.ambiguousShorthand?.[role];
  if (candidates && candidates.length > 1) {
    throw new PlanNormalizeError(
      "ambiguous_shorthand",
      `Operation ${operationId}: the ${role} shorthand could mean ${candidates.join(" or ")}; choose the column.`,
      path,
    );
  }
  const column = profile.shorthand[role];
  if (column === undefined) {
    throw new PlanNormalizeError(
      "unmapped_shorthand",
      `Operation ${operationId}: this dataset has no ${role} column for the shorthand; name the column.`,
      path,
    );
  }
  return column;
}

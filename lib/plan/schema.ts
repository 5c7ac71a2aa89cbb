import { z } from "zod";

/**
 * The execution plan format, version 1 (docs/plan-format.md).
 *
 * The schema is faithful to what was written: seed aliases (`set_price`, `min_price`, …) are kept
 * as they came so an imported plan exports unchanged. `normalizePlan` in `normalize.ts` maps them
 * onto the canonical names the executor uses.
 *
 * Objects are strict: a misspelt key (`categoris`) must be an error, not a filter that silently
 * matches every row.
 */

export const PLAN_FORMAT_VERSION = 1 as const;

export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A reference to a plan variable inside an action value: "${name}". */
export const VARIABLE_REFERENCE = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

/** The most decimals a plan can ask a result to be rounded to. */
export const MAX_ROUND_TO = 6;

export const scalarSchema = z.union([z.number(), z.string(), z.boolean()]);
export type Scalar = z.infer<typeof scalarSchema>;

const finiteNumber = z.number().refine(Number.isFinite, "must be a finite number");

/** A number, or a "${variable}" reference resolved at execution time. */
export const numericValueSchema = z.union([
  finiteNumber,
  z.string().regex(VARIABLE_REFERENCE, 'must be a number or a "${variable}" reference'),
]);
export type NumericValue = z.infer<typeof numericValueSchema>;

export const CONDITION_OPS = [
  "eq",
  "neq",
  "in",
  "not_in",
  "gt",
  "gte",
  "lt",
  "lte",
  "between",
  "contains",
  "starts_with",
  "is_empty",
  "not_empty",
] as const;
const conditionOpSchema = z.enum(CONDITION_OPS);
export type ConditionOp = z.infer<typeof conditionOpSchema>;

/**
 * Another column of the same row, as a comparison's value: `{"column": "reorder_level"}` in
 * "qty_on_hand lt reorder_level" compares each row's two cells.
 */
export const columnReferenceSchema = z.strictObject({ column: z.string().min(1) });
export type ColumnReference = z.infer<typeof columnReferenceSchema>;

export const conditionSchema = z.strictObject({
  column: z.string().min(1, "column is required"),
  op: conditionOpSchema,
  value: z.union([scalarSchema, z.array(scalarSchema), columnReferenceSchema]).optional(),
});

/** The operators that compare a cell with one other value, which may be another column's. */
export const COLUMN_COMPARISON_OPS: readonly ConditionOp[] = [
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
];

/** Whether a condition's value names another column of the row. */
export function isColumnReference(value: Condition["value"]): value is ColumnReference {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
export type Condition = z.infer<typeof conditionSchema>;

/**
 * The N rows with the highest or lowest value of a column, among the rows the rest of the filter
 * selects (per value of `per` when given). Ties: "all" keeps every row equal to the Nth, so more
 * than N may be chosen; "first" keeps the first N in the file's order.
 */
const topSchema = z.strictObject({
  n: z.number().int().min(1, "n is how many rows: 1 or more").max(1_000_000),
  by: z.string().min(1),
  order: z.enum(["highest", "lowest"]),
  per: z.string().min(1).optional(),
  ties: z.enum(["all", "first"]),
});
export type Top = z.infer<typeof topSchema>;

export const filterSchema = z.strictObject({
  // Seed shorthand, mapped onto the dataset's columns through its profile.
  categories: z.array(z.string()).optional(),
  in_stock: z.boolean().optional(),
  skus: z.array(z.string()).optional(),
  price_gte: finiteNumber.optional(),
  price_lte: finiteNumber.optional(),
  // Generic conditions; every present part is ANDed together.
  all: z.array(conditionSchema).optional(),
  any: z.array(conditionSchema).optional(),
  none: z.array(conditionSchema).optional(),
  top: topSchema.optional(),
});
export type Filter = z.infer<typeof filterSchema>;

const numericActionShape = {
  value: numericValueSchema,
  column: z.string().min(1).optional(),
};

export const NUMERIC_ACTION_TYPES = [
  "percent_increase",
  "percent_decrease",
  "fixed_increase",
  "fixed_decrease",
  "multiply",
] as const;
export type NumericActionType = (typeof NUMERIC_ACTION_TYPES)[number];

/** Actions computed from the row (a formula, a template) or rewriting its text. */
export const COMPUTED_ACTION_TYPES = [
  "set_expression",
  "replace_text",
  "trim_spaces",
  "change_case",
  "add_prefix",
  "add_suffix",
  "set_template",
  "fill_empty",
] as const;
export type ComputedActionType = (typeof COMPUTED_ACTION_TYPES)[number];

export const TEXT_CASES = ["upper", "lower", "title"] as const;
export type TextCase = (typeof TEXT_CASES)[number];

export const AGGREGATE_FNS = ["avg", "min", "max", "sum", "count", "median"] as const;
export type AggregateFn = (typeof AGGREGATE_FNS)[number];

/** restore_values' map: row key → the exact text its cell is written back to. */
export const restoreValuesSchema = z
  .record(z.string(), z.string())
  .refine((values) => Object.keys(values).length > 0, "must list at least one row");

export const actionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("percent_increase"), ...numericActionShape }),
  z.strictObject({ type: z.literal("percent_decrease"), ...numericActionShape }),
  z.strictObject({ type: z.literal("fixed_increase"), ...numericActionShape }),
  z.strictObject({ type: z.literal("fixed_decrease"), ...numericActionShape }),
  z.strictObject({ type: z.literal("multiply"), ...numericActionShape }),
  z.strictObject({
    type: z.literal("set_value"),
    column: z.string().min(1).optional(),
    value: scalarSchema,
  }),
  /**
   * Writes each listed row's cell in `column` back to exactly the given text (row key → cell
   * text); rows the filter selects but `values` does not list are left alone. Inverse plans use
   * it, so an execution over any number of distinct values reverts in one operation per column.
   */
  z.strictObject({
    type: z.literal("restore_values"),
    column: z.string().min(1),
    values: restoreValuesSchema,
  }),
  /** Flips a yes/no column's value in each row, in the column's own spelling (yes ↔ no, Y ↔ N). */
  z.strictObject({ type: z.literal("toggle"), column: z.string().min(1) }),
  /**
   * Sets a number column to an expression over the row's columns ("cost * 1.4"); a lone column
   * copies it ("price"). Rows it cannot compute (an empty cell, division by zero) stop the run
   * unless `skip_uncomputable` leaves them as they are.
   */
  z.strictObject({
    type: z.literal("set_expression"),
    column: z.string().min(1),
    expression: z.string().min(1, "write an expression, such as cost * 1.4"),
    skip_uncomputable: z.boolean().optional(),
  }),
  /** Replaces every occurrence of a literal text (never a pattern). */
  z.strictObject({
    type: z.literal("replace_text"),
    column: z.string().min(1),
    find: z.string().min(1, "say what text to find"),
    replace: z.string(),
    ignore_case: z.boolean().optional(),
  }),
  /** Removes spaces at both ends and turns every run of spaces, tabs or line breaks into one space. */
  z.strictObject({ type: z.literal("trim_spaces"), column: z.string().min(1) }),
  z.strictObject({
    type: z.literal("change_case"),
    column: z.string().min(1),
    case: z.enum(TEXT_CASES),
  }),
  /** Writes `text` before (prefix) or after (suffix) every non-empty cell. */
  z.strictObject({
    type: z.literal("add_prefix"),
    column: z.string().min(1),
    text: z.string().min(1, "say what text to add"),
  }),
  z.strictObject({
    type: z.literal("add_suffix"),
    column: z.string().min(1),
    text: z.string().min(1, "say what text to add"),
  }),
  /** Builds the text from other columns: "{brand} {name}". */
  z.strictObject({
    type: z.literal("set_template"),
    column: z.string().min(1),
    template: z.string().min(1, "write a template, such as {brand} {name}"),
  }),
  /** Writes `value` into the selected rows whose cell is empty; filled cells are left alone. */
  z.strictObject({
    type: z.literal("fill_empty"),
    column: z.string().min(1),
    value: scalarSchema,
  }),
  // Seed aliases.
  z.strictObject({ type: z.literal("set_price"), value: numericValueSchema }),
  z.strictObject({ type: z.literal("set_stock"), value: z.boolean() }),
  z.strictObject({
    type: z.literal("aggregate"),
    fn: z.enum(AGGREGATE_FNS),
    column: z.string().min(1),
    result_variable: z.string().regex(VARIABLE_NAME, "must be a variable name like avg_price"),
    /** Worked out per value of this column; a filter compares each row with its own group's. */
    group_by: z.string().min(1).optional(),
  }),
]);
export type Action = z.infer<typeof actionSchema>;
export type ActionType = Action["type"];

export const optionsSchema = z.strictObject({
  round_to: z.number().int().min(0).max(MAX_ROUND_TO).optional(),
  min_value: finiteNumber.optional(),
  max_value: finiteNumber.optional(),
  // Seed aliases of min_value / max_value.
  min_price: finiteNumber.optional(),
  max_price: finiteNumber.optional(),
  /** Price ending such as 0.99: results snap to the nearest value ending in it. */
  ending: finiteNumber.min(0).lt(1).optional(),
});
export type Options = z.infer<typeof optionsSchema>;

export const OPERATION_ID = /^[A-Za-z0-9_-]{1,32}$/;

export const operationSchema = z.strictObject({
  operation_id: z.string().regex(OPERATION_ID, "must be 1–32 letters, digits, _ or -"),
  description: z.string().optional(),
  depends_on: z.array(z.string()).optional(),
  filter: filterSchema,
  action: actionSchema,
  options: optionsSchema.optional(),
});
export type Operation = z.infer<typeof operationSchema>;

export const guardsSchema = z.strictObject({
  max_rows_changed: z.number().int().min(0).optional(),
  max_change_percent: finiteNumber.min(0).optional(),
  min_value: finiteNumber.optional(),
  max_value: finiteNumber.optional(),
});
export type Guards = z.infer<typeof guardsSchema>;

export const EXECUTION_ID = /^[A-Za-z0-9_-]{8,64}$/;

export const executionPlanSchema = z.strictObject({
  format_version: z.literal(PLAN_FORMAT_VERSION).optional(),
  execution_id: z.string().regex(EXECUTION_ID, "must be 8–64 letters, digits, _ or -"),
  created_at: z.iso.datetime({ offset: true }),
  source_instruction: z.string(),
  variables: z
    .record(z.string().regex(VARIABLE_NAME, "must be a variable name"), scalarSchema)
    .optional(),
  guards: guardsSchema.optional(),
  operations: z
    .array(operationSchema)
    .min(1, "a plan needs at least one operation")
    .max(100, "a plan has at most 100 operations"),
});
export type ExecutionPlan = z.infer<typeof executionPlanSchema>;

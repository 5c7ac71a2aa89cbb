import { z } from "zod";
import type { DatasetProfile } from "@/lib/dataset/types";
import { booleanOf } from "@/lib/plan/column-values";
import {
  COMPUTED_ACTION_TYPES,
  CONDITION_OPS,
  type Condition,
  type ExecutionPlan,
  type Filter,
  type Guards,
  type Operation,
  type Options,
  type Scalar,
} from "@/lib/plan/schema";
import { uniqueExecutionId } from "../ids";
import type { PartialOperation } from "../types";

/**
 * The shape the model fills in, and its mapping onto an `ExecutionPlan`.
 *
 * Why not the plan schema itself: Gemini's structured output accepts an OpenAPI subset — no
 * records (`variables`), poor support for unions (the action union, number-or-variable values,
 * scalar-or-array condition values) — and strict OpenAI-style endpoints want every property
 * required. So the model gets a flat schema: every field present (null when unused), values as
 * text, conditions always generic on real column names. `toExecutionPlan` types the values by
 * the dataset's columns, drops the nulls and adds what the model must not invent
 * (`execution_id`, `created_at`, `source_instruction`); `validatePlan` then checks the result
 * like any other plan, and its messages go back to the model when it fails.
 *
 * Aggregates and variables are left out: the rules planner does not produce them either, and an
 * instruction that needs them ("set everything to the average price") is better refused than
 * half-planned.
 */

const MODEL_ACTION_TYPES = [
  "percent_increase",
  "percent_decrease",
  "fixed_increase",
  "fixed_decrease",
  "multiply",
  "set_value",
  "toggle",
  ...COMPUTED_ACTION_TYPES,
] as const;

const modelConditionSchema = z.object({
  column: z.string().describe("A column name exactly as in the dataset profile."),
  op: z.enum(CONDITION_OPS),
  value: z
    .string()
    .nullable()
    .describe(
      "The value for eq, neq, gt, gte, lt, lte, contains, starts_with, as text; null otherwise.",
    ),
  values: z
    .array(z.string())
    .nullable()
    .describe("The values for in and not_in, or [low, high] for between, as text; null otherwise."),
  compare_column: z
    .string()
    .nullable()
    .describe(
      "For eq, neq, gt, gte, lt, lte: another column of the same row to compare with instead of a value (stock below its reorder level); null otherwise.",
    ),
});

const modelOperationSchema = z.object({
  description: z.string().describe("One readable sentence saying what this operation changes."),
  filter: z.object({
    all: z.array(modelConditionSchema).describe("Every condition must hold (AND)."),
    any: z.array(modelConditionSchema).describe("At least one must hold (OR); empty for none."),
    none: z.array(modelConditionSchema).describe("Rows matching any of these are left alone."),
    top: z
      .object({
        n: z.number().int().describe("How many rows."),
        by: z.string().describe("The number or date column they are ranked by."),
        order: z.enum(["highest", "lowest"]),
        per: z
          .string()
          .nullable()
          .describe("Ranked within each value of this column; null for overall."),
        ties: z.enum(["all", "first"]).describe("all keeps every row tied with the last one."),
      })
      .nullable()
      .describe(
        'Only the N highest or lowest of the rows the conditions choose ("the 10 cheapest": n 10, by the price column, lowest). Null when not asked for.',
      ),
    versus_group: z
      .object({
        column: z.string().describe("The number column compared."),
        op: z.enum(["above", "below"]),
        statistic: z.enum(["average", "median"]),
        group_by: z.string().describe("Each row is compared with the figure of its own group."),
      })
      .nullable()
      .describe(
        "Rows whose value is above or below their own group's average or median (\"prices above their category's average\"). Null when not asked for.",
      ),
  }),
  action: z.object({
    type: z.enum(MODEL_ACTION_TYPES),
    column: z.string().describe("The column to change, exactly as in the dataset profile."),
    value: z
      .string()
      .describe(
        "The number for numeric actions (10 for 10%), the new cell value for set_value and fill_empty, the expression for set_expression, the text to find for replace_text, upper/lower/title for change_case, the text for add_prefix/add_suffix, the template for set_template.",
      ),
    replacement: z
      .string()
      .nullable()
      .describe("For replace_text: the text that replaces what is found. Null otherwise."),
  }),
  options: z.object({
    round_to: z
      .number()
      .int()
      .nullable()
      .describe("Decimals to round to (0–6); null keeps the column's own precision."),
    min_value: z
      .number()
      .nullable()
      .describe("Results are raised to at least this; null for none."),
    max_value: z.number().nullable().describe("Results are capped at this; null for none."),
    ending: z.number().nullable().describe("Price ending such as 0.99; null for none."),
  }),
});

export const modelPlanSchema = z.object({
  operations: z.array(modelOperationSchema),
  guards: z.object({
    max_rows_changed: z.number().int().nullable(),
    max_change_percent: z.number().nullable(),
  }),
  unplaced: z
    .array(z.string())
    .describe(
      "Words of the instruction you could not map onto the dataset, verbatim. Empty when every word is placed.",
    ),
});

export type ModelPlan = z.infer<typeof modelPlanSchema>;
type ModelCondition = z.infer<typeof modelConditionSchema>;
type ModelOperation = z.infer<typeof modelOperationSchema>;

export interface ToPlanInput {
  instruction: string;
  createdAt: Date;
  existingExecutionIds: ReadonlySet<string>;
}

export function toExecutionPlan(
  model: ModelPlan,
  profile: DatasetProfile,
  input: ToPlanInput,
): ExecutionPlan {
  const operations = model.operations.flatMap((operation, index) =>
    withGroupFigure(toOperation(operation, index, profile), operation.filter.versus_group, index),
  );
  const plan: ExecutionPlan = {
    format_version: 1,
    execution_id: uniqueExecutionId(
      input.instruction.split(/\s+/).slice(0, 6).join(" "),
      input.existingExecutionIds,
    ),
    created_at: input.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    source_instruction: input.instruction,
    operations,
  };
  const guards: Guards = {};
  if (model.guards.max_rows_changed !== null)
    guards.max_rows_changed = model.guards.max_rows_changed;
  if (model.guards.max_change_percent !== null)
    guards.max_change_percent = model.guards.max_change_percent;
  if (Object.keys(guards).length > 0) plan.guards = guards;
  return plan;
}

/**
 * A comparison with each row's own group ("above its category's average") as the plan says it:
 * an aggregate per group, just before the operation (which so depends on it), and a condition on
 * its variable.
 */
function withGroupFigure(
  operation: Operation,
  versus: ModelOperation["filter"]["versus_group"],
  index: number,
): Operation[] {
  if (!versus) return [operation];
  const fn = versus.statistic === "median" ? "median" : "avg";
  const variable = `${fn}_by_group_${String(index + 1).padStart(2, "0")}`;
  const figure: Operation = {
    operation_id: `group_figure_${String(index + 1).padStart(2, "0")}`,
    description: `Work out the ${versus.statistic} ${versus.column} of each ${versus.group_by}.`,
    filter: {},
    action: {
      type: "aggregate",
      fn,
      column: versus.column,
      result_variable: variable,
      group_by: versus.group_by,
    },
  };
  const condition: Condition = {
    column: versus.column,
    op: versus.op === "above" ? "gt" : "lt",
    value: `\${${variable}}`,
  };
  return [
    figure,
    {
      ...operation,
      filter: { ...operation.filter, all: [...(operation.filter.all ?? []), condition] },
    },
  ];
}

export function operationId(index: number): string {
  return `op_${String(index + 1).padStart(2, "0")}`;
}

function toOperation(model: ModelOperation, index: number, profile: DatasetProfile): Operation {
  const operation: Operation = {
    operation_id: operationId(index),
    description: model.description,
    filter: toFilter(model.filter, profile),
    action: toAction(model.action, profile),
  };
  const options: Options = {};
  if (model.options.round_to !== null) options.round_to = model.options.round_to;
  if (model.options.min_value !== null) options.min_value = model.options.min_value;
  if (model.options.max_value !== null) options.max_value = model.options.max_value;
  if (model.options.ending !== null) options.ending = model.options.ending;
  if (Object.keys(options).length > 0) operation.options = options;
  return operation;
}

function toFilter(model: ModelOperation["filter"], profile: DatasetProfile): Filter {
  const filter: Filter = {};
  const all = model.all.map((condition) => toCondition(condition, profile));
  const any = model.any.map((condition) => toCondition(condition, profile));
  const none = model.none.map((condition) => toCondition(condition, profile));
  if (all.length > 0) filter.all = all;
  if (any.length > 0) filter.any = any;
  if (none.length > 0) filter.none = none;
  if (model.top) {
    const { per, ...top } = model.top;
    filter.top = per === null ? top : { ...top, per };
  }
  return filter;
}

function toCondition(model: ModelCondition, profile: DatasetProfile): Condition {
  const condition: Condition = { column: model.column, op: model.op };
  const typed = (text: string) => typedCell(text, model.column, profile);
  if (model.op === "is_empty" || model.op === "not_empty") return condition;
  if (model.op === "in" || model.op === "not_in" || model.op === "between") {
    const values = model.values ?? (model.value !== null ? [model.value] : []);
    condition.value = values.map(typed);
    return condition;
  }
  if (model.compare_column) {
    condition.value = { column: model.compare_column };
    return condition;
  }
  const value = model.value ?? model.values?.[0];
  if (value !== undefined && value !== null) condition.value = typed(value);
  return condition;
}

function toAction(model: ModelOperation["action"], profile: DatasetProfile): Operation["action"] {
  const column = model.column;
  switch (model.type) {
    case "toggle":
    case "trim_spaces":
      return { type: model.type, column };
    case "set_expression":
      return { type: model.type, column, expression: model.value };
    case "replace_text":
      return { type: model.type, column, find: model.value, replace: model.replacement ?? "" };
    case "change_case": {
      const wanted = model.value.trim().toLowerCase();
      // Anything else stays as written so validation names it and the model gets to fix it.
      return { type: model.type, column, case: wanted as "upper" | "lower" | "title" };
    }
    case "add_prefix":
    case "add_suffix":
      return { type: model.type, column, text: model.value };
    case "set_template":
      return { type: model.type, column, template: model.value };
    case "fill_empty":
      return { type: model.type, column, value: typedCell(model.value, column, profile) };
  }
  if (model.type === "set_value") {
    return {
      type: "set_value",
      column: model.column,
      value: typedCell(model.value, model.column, profile),
    };
  }
  const number = Number(model.value.trim().replace(/%$/, ""));
  // A non-number stays text so validation reports it and the model gets to fix it.
  const value = Number.isFinite(number) && model.value.trim() !== "" ? number : model.value;
  return { type: model.type, column: model.column, value } as Operation["action"];
}

/** Text from the model typed as the column holds it: numbers, booleans or text. */
function typedCell(text: string, column: string, profile: DatasetProfile): Scalar {
  const type = profile.columns.find((candidate) => candidate.name === column)?.type;
  if (type === "number" || type === "integer") {
    const number = Number(text.trim());
    return text.trim() !== "" && Number.isFinite(number) ? number : text;
  }
  if (type === "boolean") return booleanOf(text) ?? text;
  return text;
}

/**
 * What the UI can show of a model answer still arriving: each operation with its description
 * and, once its type, column and value have arrived, its action.
 */
export function partialOperations(partial: unknown, profile: DatasetProfile): PartialOperation[] {
  const operations = (partial as { operations?: unknown } | undefined)?.operations;
  if (!Array.isArray(operations)) return [];
  return operations.flatMap((candidate, index) => {
    if (candidate === null || typeof candidate !== "object") return [];
    const model = candidate as Partial<ModelOperation>;
    const operation: PartialOperation = { operation_id: operationId(index) };
    if (typeof model.description === "string") operation.description = model.description;
    const action = model.action as Partial<ModelOperation["action"]> | undefined;
    if (
      action?.type !== undefined &&
      (MODEL_ACTION_TYPES as readonly string[]).includes(action.type) &&
      typeof action.column === "string" &&
      typeof action.value === "string"
    ) {
      operation.action = toAction(action as ModelOperation["action"], profile);
    }
    return [operation];
  });
}

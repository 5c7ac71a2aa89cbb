import { z } from "zod";
import {
  actionSchema,
  conditionSchema,
  executionPlanSchema,
  filterSchema,
  guardsSchema,
  numericValueSchema,
  operationSchema,
  optionsSchema,
  restoreValuesSchema,
  scalarSchema,
} from "./schema";

/**
 * The plan format published as JSON Schema (draft 2020-12), generated from the zod schema so the
 * two cannot drift. `npm run schema:json` writes it to public/schemas/execution-plan.v1.json; a
 * test fails when the committed file is out of date.
 */

export const PLAN_JSON_SCHEMA_PATH = "public/schemas/execution-plan.v1.json";
const PLAN_JSON_SCHEMA_ID = "/schemas/execution-plan.v1.json";

/** Named parts of the schema, published under $defs so the file reads like the format's docs. */
function definitions() {
  const registry = z.registry<{ id: string; description?: string; minProperties?: number }>();
  registry.add(scalarSchema, { id: "Scalar", description: "A number, text or true/false." });
  registry.add(numericValueSchema, {
    id: "NumericValue",
    description: 'A number, or a "${variable}" reference resolved at execution time.',
  });
  registry.add(conditionSchema, { id: "Condition" });
  registry.add(filterSchema, {
    id: "Filter",
    description:
      "Seed shorthand (categories, in_stock, skus, price_gte, price_lte) mapped onto the dataset's " +
      "columns, and generic conditions (all, any, none); every present part is ANDed together.",
  });
  registry.add(actionSchema, { id: "Action" });
  registry.add(restoreValuesSchema, {
    id: "RestoreValues",
    description:
      "restore_values: row key → the exact cell text written back. Inverse plans use it to revert an execution.",
    minProperties: 1,
  });
  registry.add(optionsSchema, {
    id: "Options",
    description: "min_price / max_price are the seed names of min_value / max_value.",
  });
  registry.add(guardsSchema, { id: "Guards" });
  registry.add(operationSchema, {
    id: "Operation",
    description:
      "Without depends_on an operation depends on the one listed before it; depends_on: [] makes it independent.",
  });
  return registry;
}

function planJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(executionPlanSchema, {
    target: "draft-2020-12",
    io: "input",
    metadata: definitions(),
  });
  const { $schema, ...rest } = generated;
  return {
    $schema,
    $id: PLAN_JSON_SCHEMA_ID,
    title: "Signoff execution plan, format version 1",
    description:
      "A plan of operations (filter + action + options) over a table. Seed plans (execution_id, " +
      "created_at, source_instruction, operations) are a strict subset. Validation against a " +
      "dataset (columns, values, variables, depends_on) happens in Signoff itself.",
    ...rest,
  };
}

/** The file's exact content: two-space JSON with a final newline. */
export function planJsonSchemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}

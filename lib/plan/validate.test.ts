import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import { formatPath, type PlanIssueCode } from "./issues";
import {
  ambiguousProfile,
  catalogProfile,
  fixturePath,
  readFixtureJson,
  seedProfile,
  textPriceProfile,
} from "./test-support";
import type { ValidatePlanOptions } from "./validate";
import { validatePlan } from "./validate";

// biome-ignore lint/suspicious/noExplicitAny: tests edit plans freely, including into invalid shapes
type Draft = any;

const mixed = readFixtureJson("seed-plan-mixed.json") as Draft;

/** seed-plan-mixed.json with an edit applied. */
function edit(mutate: (plan: Draft) => void): Draft {
  const plan = structuredClone(mixed);
  mutate(plan);
  return plan;
}

interface Case {
  name: string;
  input: unknown;
  profile?: DatasetProfile;
  options?: ValidatePlanOptions;
  pathText: string;
  message: string;
  suggestion?: string;
}

/**
 * One case or more for every issue code validatePlan can report. The record type makes the
 * compiler insist that a new code comes with its test. (order_dependent comes from the
 * executor's conflicts, tested in conflicts.test.ts; second_reading from the planner's second
 * reading, tested in lib/planner/second-reading.test.ts.)
 */
const cases: Record<
  Exclude<PlanIssueCode, "order_dependent" | "schema" | "second_reading">,
  Case[]
> = {
  required: [
    {
      name: "a missing plan field",
      input: edit((p) => delete p.execution_id),
      pathText: "execution_id",
      message: 'execution_id: "execution_id" is missing; a plan needs it',
    },
    {
      name: "an operation without a filter",
      input: edit((p) => delete p.operations[1].filter),
      pathText: "operations[1].filter",
      message: 'operations[1].filter: every operation needs a "filter" ({} matches every row)',
    },
    {
      name: "an action without a type",
      input: edit((p) => delete p.operations[0].action.type),
      pathText: "operations[0].action.type",
      message:
        'operations[0].action.type: an action needs a "type": one of percent_increase, percent_decrease, fixed_increase, fixed_decrease, multiply, set_value, restore_values, toggle, set_expression, replace_text, trim_spaces, change_case, add_prefix, add_suffix, set_template, fill_empty, set_price, set_stock, aggregate',
    },
  ],
  wrong_type: [
    {
      name: "a string where a boolean belongs",
      input: edit((p) => {
        p.operations[0].filter.in_stock = "yes";
      }),
      pathText: "operations[0].filter.in_stock",
      message: 'operations[0].filter.in_stock: expected true or false, got "yes"',
    },
    {
      name: "something that is not an object",
      input: 5,
      pathText: "",
      message:
        "a plan is a JSON object with execution_id, created_at, source_instruction and operations (got 5)",
    },
    {
      name: "a fractional round_to",
      input: edit((p) => {
        p.operations[0].options.round_to = 1.5;
      }),
      pathText: "operations[0].options.round_to",
      message:
        "operations[0].options.round_to: round_to is a number of decimals: a whole number from 0 to 6 (got 1.5)",
    },
    {
      name: "an object inside a condition's list",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "sku", op: "in", value: ["A101", { sku: 1 }] }];
      }),
      pathText: "operations[0].filter.all[0].value[1]",
      message:
        "operations[0].filter.all[0].value[1]: expected a number, text or true/false, got an object",
    },
  ],
  unknown_field: [
    {
      name: "a misspelt filter key",
      input: edit((p) => {
        p.operations[0].filter.categoris = ["fitness"];
      }),
      pathText: "operations[0].filter.categoris",
      message:
        'operations[0].filter.categoris: unknown field "categoris" — did you mean "categories"?',
      suggestion: "categories",
    },
    {
      name: "a key nothing resembles",
      input: edit((p) => {
        p.guards = { limit: 5 };
      }),
      pathText: "guards.limit",
      message:
        'guards.limit: unknown field "limit"; this guards object takes max_rows_changed, max_change_percent, min_value, max_value',
    },
  ],
  unknown_action_type: [
    {
      name: "a misspelt action type",
      input: edit((p) => {
        p.operations[0].action.type = "percent_incrase";
      }),
      pathText: "operations[0].action.type",
      message:
        'operations[0].action.type: unknown action type "percent_incrase" — did you mean "percent_increase"?',
      suggestion: "percent_increase",
    },
  ],
  invalid_option: [
    {
      name: "an operator written as a word",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "equals", value: 10 }];
      }),
      pathText: "operations[0].filter.all[0].op",
      message: 'operations[0].filter.all[0].op: unknown operator "equals" — did you mean "eq"?',
      suggestion: "eq",
    },
    {
      name: "an operator named like a property every object has",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "constructor", value: 10 }];
      }),
      pathText: "operations[0].filter.all[0].op",
      message:
        'operations[0].filter.all[0].op: unknown operator "constructor"; use one of eq, neq, in, not_in, gt, gte, lt, lte, between, contains, starts_with, is_empty, not_empty',
    },
    {
      name: "another format version",
      input: edit((p) => {
        p.format_version = 2;
      }),
      pathText: "format_version",
      message:
        "format_version: format_version must be 1, the plan format this version of Signoff reads (got 2)",
      suggestion: "1",
    },
  ],
  invalid_format: [
    {
      name: "a date that is not ISO-8601",
      input: edit((p) => {
        p.created_at = "yesterday";
      }),
      pathText: "created_at",
      message:
        'created_at: must be an ISO-8601 date-time such as 2024-06-01T10:00:00Z (got "yesterday")',
    },
    {
      name: "a short execution id",
      input: edit((p) => {
        p.execution_id = "x";
      }),
      pathText: "execution_id",
      message: 'execution_id: must be 8–64 letters, digits, _ or - (got "x")',
    },
    {
      name: "text as an action value",
      input: edit((p) => {
        p.operations[0].action.value = "ten";
      }),
      pathText: "operations[0].action.value",
      message:
        'operations[0].action.value: must be a number or a "${variable}" reference (got "ten")',
    },
  ],
  out_of_range: [
    {
      name: "round_to above 6",
      input: edit((p) => {
        p.operations[0].options.round_to = 9;
      }),
      pathText: "operations[0].options.round_to",
      message:
        "operations[0].options.round_to: round_to is a number of decimals: a whole number from 0 to 6 (got 9)",
    },
    {
      name: "an ending of 1",
      input: edit((p) => {
        p.operations[0].options.ending = 1;
      }),
      pathText: "operations[0].options.ending",
      message:
        "operations[0].options.ending: ending is what values end in, from 0 up to but not including 1, such as 0.99 (got 1)",
    },
    {
      name: "a negative max_change_percent",
      input: edit((p) => {
        p.guards = { max_change_percent: -5 };
      }),
      pathText: "guards.max_change_percent",
      message: "guards.max_change_percent: max_change_percent must be 0 or more (got -5)",
    },
  ],
  wrong_length: [
    {
      name: "no operations",
      input: edit((p) => {
        p.operations = [];
      }),
      pathText: "operations",
      message: "operations: a plan needs at least one operation",
    },
    {
      name: "an empty column name",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "", op: "not_empty" }];
      }),
      pathText: "operations[0].filter.all[0].column",
      message: "operations[0].filter.all[0].column: must not be empty",
    },
  ],
  invalid_variable_name: [
    {
      name: "a variable name starting with a digit",
      input: edit((p) => {
        p.variables = { "1x": 3 };
      }),
      pathText: 'variables["1x"]',
      message:
        'variables["1x"]: "1x" is not a valid variable name: use letters, digits and _, starting with a letter or _',
    },
  ],
  unknown_column: [
    {
      name: "restore_values on a column the dataset does not have",
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "restore_1",
            filter: {},
            action: { type: "restore_values", column: "prize", values: { A101: "29.99" } },
          },
        ];
      }),
      pathText: "operations[0].action.column",
      message:
        'operations[0].action.column: no column "prize" in this dataset — did you mean "price"?',
      suggestion: "price",
    },
    {
      name: "a misspelt column",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "prise", op: "gt", value: 10 }];
      }),
      pathText: "operations[0].filter.all[0].column",
      message:
        'operations[0].filter.all[0].column: no column "prise" in this dataset — did you mean "price"?',
      suggestion: "price",
    },
    {
      name: "a column nothing resembles",
      input: edit((p) => {
        p.operations[1].action = { type: "set_value", column: "colour", value: "red" };
      }),
      pathText: "operations[1].action.column",
      message:
        'operations[1].action.column: no column "colour" in this dataset; its columns are "sku", "category", "price" and "in_stock"',
    },
  ],
  expression_syntax: [
    {
      name: "an expression with an unclosed parenthesis",
      input: edit((p) => {
        p.operations[0].action = {
          type: "set_expression",
          column: "price",
          expression: "price * (1.1",
        };
      }),
      pathText: "operations[0].action.expression",
      message: "operations[0].action.expression: expected ')' to close the '(' at character 9",
    },
    {
      name: "a function the grammar does not have",
      input: edit((p) => {
        p.operations[0].action = {
          type: "set_expression",
          column: "price",
          expression: "sqrt(price)",
        };
      }),
      pathText: "operations[0].action.expression",
      message:
        "operations[0].action.expression: there is no function 'sqrt'; the functions are round, floor, ceil, min, max, abs, coalesce (at character 1)",
    },
    {
      name: "a template brace left open",
      input: edit((p) => {
        p.operations[0].action = { type: "set_template", column: "category", template: "{sku" };
      }),
      pathText: "operations[0].action.template",
      message:
        "operations[0].action.template: the '{' at character 1 is not closed; write {column}, or {{ for a brace",
    },
  ],
  column_type: [
    {
      name: "a text action on a number column",
      input: edit((p) => {
        p.operations[0].action = { type: "replace_text", column: "price", find: "9", replace: "8" };
      }),
      pathText: "operations[0].action.column",
      message: 'operations[0].action.column: replace_text changes text, but "price" holds numbers',
    },
    {
      name: "arithmetic on a text column",
      input: edit((p) => {
        p.operations[0].action = {
          type: "set_expression",
          column: "price",
          expression: "category * 2",
        };
      }),
      pathText: "operations[0].action.expression",
      message:
        'operations[0].action.expression: the expression needs a numeric column, but "category" holds text',
    },
    {
      name: "copying yes/no values into a number column",
      input: edit((p) => {
        p.operations[0].action = {
          type: "set_expression",
          column: "price",
          expression: "in_stock",
        };
      }),
      pathText: "operations[0].action.expression",
      message:
        'operations[0].action.expression: copying into "price" needs a numeric column, but "in_stock" holds true/false values',
    },
    {
      name: "a numeric action on a text column",
      input: edit((p) => {
        p.operations[0].action = { type: "percent_increase", column: "category", value: 5 };
      }),
      pathText: "operations[0].action.column",
      message:
        'operations[0].action.column: percent_increase needs a numeric column, but "category" holds text',
    },
    {
      name: "an ordering operator on a boolean column",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "in_stock", op: "gt", value: true }];
      }),
      pathText: "operations[0].filter.all[0].op",
      message:
        'operations[0].filter.all[0].op: gt compares numbers, dates or text, but "in_stock" holds true/false values; use eq',
    },
    {
      name: "an average of a text column",
      input: edit((p) => {
        p.operations[1].action = {
          type: "aggregate",
          fn: "avg",
          column: "category",
          result_variable: "avg_category",
        };
        delete p.operations[1].options;
      }),
      pathText: "operations[1].action.column",
      message:
        'operations[1].action.column: avg needs a numeric column, but "category" holds text (count works on any column)',
    },
  ],
  non_numeric_cells: [
    {
      name: "a numeric action on a text column that holds some numbers",
      profile: textPriceProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: {},
            action: { type: "percent_increase", column: "price", value: 10 },
          },
        ];
      }),
      pathText: "operations[0].action.column",
      message:
        'operations[0].action.column: percent_increase needs numbers, but "price" also holds "n/a"; rows with that value will fail the run',
    },
    {
      name: "an aggregate of a text column the profile does not list",
      profile: textPriceProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: {},
            action: { type: "aggregate", fn: "sum", column: "note", result_variable: "total" },
          },
        ];
      }),
      pathText: "operations[0].action.column",
      message:
        'operations[0].action.column: sum needs numbers, but "note" holds text; rows whose "note" is not a number will fail the run',
    },
  ],
  value_type: [
    {
      name: "restore_values text that is not the column's type",
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "restore_1",
            filter: {},
            action: {
              type: "restore_values",
              column: "price",
              values: { A101: "29.99", A102: "cheap" },
            },
          },
        ];
      }),
      pathText: "operations[0].action.values.A102",
      message:
        'operations[0].action.values.A102: column "price" holds numbers; "cheap" is not a number',
    },
    {
      name: "a number column compared with text",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "gt", value: "abc" }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        'operations[0].filter.all[0].value: column "price" holds numbers; "abc" is not a number',
    },
    {
      name: "text set into a boolean column",
      input: edit((p) => {
        p.operations[1].action = { type: "set_value", column: "in_stock", value: "maybe" };
      }),
      pathText: "operations[1].action.value",
      message:
        'operations[1].action.value: column "in_stock" holds true/false values; "maybe" is not one of true/false, yes/no, 1/0',
    },
    {
      name: "a date column compared with a word",
      profile: catalogProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: { all: [{ column: "updated", op: "gte", value: "last week" }] },
            action: { type: "percent_increase", value: 5 },
          },
        ];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        'operations[0].filter.all[0].value: column "updated" holds dates; "last week" is not a date like 2024-06-01',
    },
  ],
  value_shape: [
    {
      name: "in with a single value",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "category", op: "in", value: "fitness" }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message: 'operations[0].filter.all[0].value: in needs a list of values, such as ["fitness"]',
      suggestion: '["fitness"]',
    },
    {
      name: "between with three values",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "between", value: [1, 2, 3] }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        "operations[0].filter.all[0].value: between needs a list of two values, [low, high] (got a list of 3)",
    },
    {
      name: "is_empty with a value",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "category", op: "is_empty", value: "" }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message: 'operations[0].filter.all[0].value: is_empty takes no value; remove "value"',
    },
    {
      name: "eq with a list",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "category", op: "eq", value: ["yoga"] }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        "operations[0].filter.all[0].value: eq compares with one value, not a list; use in for a list",
    },
    {
      name: "gt without a value",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "gt" }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message: "operations[0].filter.all[0].value: gt needs a value: a number or text",
    },
  ],
  unknown_category: [
    {
      name: "a misspelt category",
      input: edit((p) => {
        p.operations[0].filter.categories = ["fittness"];
      }),
      pathText: "operations[0].filter.categories[0]",
      message:
        'operations[0].filter.categories[0]: no category "fittness" in this dataset — did you mean "fitness"?',
      suggestion: "fitness",
    },
    {
      name: "a category in another case",
      input: edit((p) => {
        p.operations[0].filter.categories = ["Yoga"];
      }),
      pathText: "operations[0].filter.categories[0]",
      message:
        'operations[0].filter.categories[0]: no category "Yoga" in this dataset — did you mean "yoga"?',
      suggestion: "yoga",
    },
    {
      name: "a singular of a plural category",
      input: edit((p) => {
        p.operations[1].filter.categories = ["accessory"];
      }),
      pathText: "operations[1].filter.categories[0]",
      message:
        'operations[1].filter.categories[0]: no category "accessory" in this dataset — did you mean "accessories"?',
      suggestion: "accessories",
    },
    {
      name: "a category nothing resembles, in a condition",
      input: edit((p) => {
        p.operations[0].filter = { all: [{ column: "category", op: "eq", value: "garden" }] };
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        'operations[0].filter.all[0].value: no category "garden" in this dataset; the values are "accessories", "fitness" and "yoga"',
    },
  ],
  unknown_value: [
    {
      name: "a value in another case",
      profile: catalogProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: { all: [{ column: "supplier", op: "in", value: ["Acme", "globex"] }] },
            action: { type: "percent_increase", value: 5 },
          },
        ];
      }),
      pathText: "operations[0].filter.all[0].value[1]",
      message:
        'operations[0].filter.all[0].value[1]: no row has "supplier" = "globex" — did you mean "Globex"?',
      suggestion: "Globex",
    },
  ],
  unknown_row_key: [
    {
      name: "restore_values for a key outside knownKeys",
      profile: catalogProfile,
      options: { knownKeys: new Set(["P-0001", "P-0002"]) },
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "restore_1",
            filter: {},
            action: {
              type: "restore_values",
              column: "price",
              values: { "P-0001": "10.00", "P-0003": "12.00" },
            },
          },
        ];
      }),
      pathText: 'operations[0].action.values["P-0003"]',
      message: 'operations[0].action.values["P-0003"]: no row with id "P-0003" in this dataset',
    },
    {
      name: "a key close to an existing one",
      input: edit((p) => {
        p.operations[0].filter = { skus: ["A101", "A1O2"] };
      }),
      pathText: "operations[0].filter.skus[1]",
      message:
        'operations[0].filter.skus[1]: no row with sku "A1O2" in this dataset — did you mean "A102"?',
      suggestion: "A102",
    },
    {
      name: "a key outside knownKeys (high-cardinality key column)",
      profile: catalogProfile,
      options: { knownKeys: new Set(["P-0001", "P-0002"]) },
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: { skus: ["P-0003"] },
            action: { type: "percent_increase", value: 5 },
          },
        ];
      }),
      pathText: "operations[0].filter.skus[0]",
      message:
        'operations[0].filter.skus[0]: no row with id "P-0003" in this dataset — did you mean "P-0001"?',
      suggestion: "P-0001",
    },
  ],
  shorthand_unmapped: [
    {
      name: "in_stock on a dataset without a stock column",
      profile: catalogProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: { in_stock: true },
            action: { type: "percent_increase", value: 5 },
          },
        ];
      }),
      pathText: "operations[0].filter.in_stock",
      message:
        "operations[0].filter.in_stock: this dataset has no in-stock column; use a condition on one of its columns instead",
    },
    {
      name: "price shorthand when the price column holds a cell that is not a number",
      profile: textPriceProfile,
      input: readFixtureJson("seed-plan-minimal.json"),
      pathText: "operations[0].action",
      message:
        'operations[0].action: this dataset has no price column ("price" holds text, not only numbers); use set_value and name the column to change in "column"',
    },
    {
      name: "set_stock on a dataset without a stock column",
      profile: catalogProfile,
      input: edit((p) => {
        p.operations = [
          { operation_id: "op_01", filter: {}, action: { type: "set_stock", value: false } },
        ];
      }),
      pathText: "operations[0].action",
      message:
        'operations[0].action: this dataset has no in-stock column; use set_value and name the column to change in "column"',
    },
  ],
  shorthand_ambiguous: [
    {
      name: "categories with two category-like columns",
      profile: ambiguousProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: { categories: ["jazz"] },
            action: { type: "percent_increase", column: "price", value: 5 },
          },
        ];
      }),
      pathText: "operations[0].filter.categories",
      message:
        "operations[0].filter.categories: this dataset has two category-like columns (category, genre); use a condition on one of them",
    },
    {
      name: "a price action with two price-like columns",
      profile: ambiguousProfile,
      input: edit((p) => {
        p.operations = [
          { operation_id: "op_01", filter: {}, action: { type: "percent_increase", value: 5 } },
        ];
      }),
      pathText: "operations[0].action",
      message:
        'operations[0].action: this dataset has two price-like columns (price, list_price); name one of them in "column"',
    },
  ],
  duplicate_operation_id: [
    {
      name: "two operations with one id",
      input: edit((p) => {
        p.operations[1].operation_id = "op_01";
      }),
      pathText: "operations[1].operation_id",
      message:
        'operations[1].operation_id: operation id "op_01" is already used by operations[0]; every operation needs its own id',
    },
  ],
  unknown_dependency: [
    {
      name: "a misspelt dependency",
      input: edit((p) => {
        p.operations[1].depends_on = ["op_1"];
      }),
      pathText: "operations[1].depends_on[0]",
      message:
        'operations[1].depends_on[0]: no operation "op_1" in this plan — did you mean "op_01"?',
      suggestion: "op_01",
    },
  ],
  dependency_cycle: [
    {
      name: "two operations that depend on each other",
      input: edit((p) => {
        p.operations[0].depends_on = ["op_02"];
      }),
      pathText: "operations[0].depends_on",
      message:
        "operations[0].depends_on: depends_on forms a cycle: op_01 depends on op_02; op_02 depends on op_01 (implicitly: it has no depends_on and follows it in the list); remove one of these dependencies",
    },
    {
      name: "an operation that depends on itself",
      input: edit((p) => {
        p.operations[1].depends_on = ["op_02"];
      }),
      pathText: "operations[1].depends_on[0]",
      message: 'operations[1].depends_on[0]: operation "op_02" cannot depend on itself',
    },
  ],
  duplicate_dependency: [
    {
      name: "a dependency listed twice",
      input: edit((p) => {
        p.operations[1].depends_on = ["op_01", "op_01"];
      }),
      pathText: "operations[1].depends_on[1]",
      message: 'operations[1].depends_on[1]: "op_01" is listed twice',
    },
  ],
  undefined_variable: [
    {
      name: "a misspelt variable",
      input: edit((p) => {
        p.variables = { uplift: 10 };
        p.operations[0].action.value = "${uplfit}";
      }),
      pathText: "operations[0].action.value",
      message: 'operations[0].action.value: "${uplfit}" is not defined — did you mean "${uplift}"?',
      suggestion: "${uplift}",
    },
    {
      name: "a variable in a condition",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "lt", value: "${limit}" }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        'operations[0].filter.all[0].value: "${limit}" is not defined; define it in "variables" or compute it with an aggregate operation',
    },
    {
      name: "a variable nothing defines",
      input: edit((p) => {
        p.operations[0].action.value = "${uplift}";
      }),
      pathText: "operations[0].action.value",
      message:
        'operations[0].action.value: "${uplift}" is not defined; define it in "variables" or compute it with an aggregate operation',
    },
  ],
  variable_not_ready: [
    {
      name: "an aggregate result used by an operation that does not depend on it",
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "avg",
            depends_on: [],
            filter: { categories: ["yoga"] },
            action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg_yoga" },
          },
          {
            operation_id: "set",
            depends_on: [],
            filter: { categories: ["fitness"] },
            action: { type: "set_price", value: "${avg_yoga}" },
          },
        ];
      }),
      pathText: "operations[1].action.value",
      message:
        'operations[1].action.value: "${avg_yoga}" is computed by avg, which this operation does not depend on; add "avg" to depends_on',
      suggestion: "avg",
    },
  ],
  variable_type: [
    {
      name: "a text variable in a numeric action",
      input: edit((p) => {
        p.variables = { uplift: "ten" };
        p.operations[0].action.value = "${uplift}";
      }),
      pathText: "operations[0].action.value",
      message:
        'operations[0].action.value: "${uplift}" holds "ten", but percent_increase needs a number',
    },
    {
      name: "an aggregate result set into a boolean column",
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "count",
            filter: {},
            action: { type: "aggregate", fn: "count", column: "sku", result_variable: "n" },
          },
          {
            operation_id: "set",
            filter: {},
            action: { type: "set_value", column: "in_stock", value: "${n}" },
          },
        ];
      }),
      pathText: "operations[1].action.value",
      message:
        'operations[1].action.value: "${n}" is a number computed by an aggregate, but "in_stock" holds true/false values',
    },
  ],
  variable_redefined: [
    {
      name: "an aggregate result named like a plan variable",
      input: edit((p) => {
        p.variables = { avg_price: 20 };
        p.operations.unshift({
          operation_id: "op_00",
          filter: {},
          action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg_price" },
        });
        p.operations[1].action.value = "${avg_price}";
      }),
      pathText: "operations[0].action.result_variable",
      message:
        'operations[0].action.result_variable: "avg_price" is already defined in "variables"; give the aggregate result its own name',
    },
  ],
  unused_variable: [
    {
      name: "a variable no action uses",
      input: edit((p) => {
        p.variables = { uplift: 10 };
      }),
      pathText: "variables.uplift",
      message: 'variables.uplift: variable "uplift" is defined but no action uses it ("${uplift}")',
    },
  ],
  invalid_range: [
    {
      name: "min_value above max_value",
      input: edit((p) => {
        p.operations[0].options = { min_value: 60, max_value: 50 };
      }),
      pathText: "operations[0].options.min_value",
      message:
        "operations[0].options.min_value: min_value (60) is above max_value (50); no value can satisfy both",
    },
    {
      name: "the seed names, min_price above max_price",
      input: edit((p) => {
        p.operations[0].options = { min_price: 60, max_price: 50 };
      }),
      pathText: "operations[0].options.min_price",
      message:
        "operations[0].options.min_price: min_price (60) is above max_price (50); no value can satisfy both",
    },
    {
      name: "between with low above high",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "between", value: [40, 20] }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message: "operations[0].filter.all[0].value: between needs [low, high], but 40 is above 20",
      suggestion: "[20,40]",
    },
    {
      name: "price_gte above price_lte",
      input: edit((p) => {
        p.operations[0].filter.price_gte = 40;
        p.operations[0].filter.price_lte = 20;
      }),
      pathText: "operations[0].filter.price_gte",
      message:
        "operations[0].filter.price_gte: price_gte (40) is above price_lte (20), so no row can match",
    },
    {
      name: "guards with min_value above max_value",
      input: edit((p) => {
        p.guards = { min_value: 100, max_value: 10 };
      }),
      pathText: "guards.min_value",
      message:
        "guards.min_value: min_value (100) is above max_value (10); every changed value would fail the guard",
    },
  ],
  alias_conflict: [
    {
      name: "min_value and its seed name min_price",
      input: edit((p) => {
        p.operations[0].options = { min_value: 10, min_price: 12 };
      }),
      pathText: "operations[0].options.min_price",
      message:
        "operations[0].options.min_price: min_price is the seed name of min_value; give only one of them",
      suggestion: "min_value",
    },
  ],
  option_ignored: [
    {
      name: "round_to on set_stock",
      input: edit((p) => {
        p.operations[1].options = { round_to: 2 };
      }),
      pathText: "operations[1].options.round_to",
      message:
        "operations[1].options.round_to: round_to applies to actions that write numbers; this action does not write a number, so it is ignored",
    },
  ],
  integer_rounding: [
    {
      name: "a percentage of a whole-number column rounded to 2 decimals",
      profile: catalogProfile,
      input: edit((p) => {
        p.operations = [
          {
            operation_id: "op_01",
            filter: {},
            action: { type: "percent_increase", column: "stock_qty", value: 10 },
            options: { round_to: 2 },
          },
        ];
      }),
      pathText: "operations[0].options.round_to",
      message:
        'operations[0].options.round_to: "stock_qty" holds whole numbers, but results are rounded to 2 decimals; set round_to to 0',
      suggestion: "0",
    },
  ],
  ending_precision: [
    {
      name: "an ending finer than round_to",
      input: edit((p) => {
        p.operations[0].options = { round_to: 1, ending: 0.99 };
      }),
      pathText: "operations[0].options.ending",
      message:
        "operations[0].options.ending: ending 0.99 has 2 decimals, but round_to is 1; set round_to to at least 2",
      suggestion: "2",
    },
  ],
  negative_result: [
    {
      name: "a decrease above 100%",
      input: edit((p) => {
        p.operations[0].action = { type: "percent_decrease", value: 150 };
      }),
      pathText: "operations[0].action.value",
      message:
        "operations[0].action.value: a decrease of 150% makes every value negative; use at most 100, or set options.min_value",
    },
  ],
  filter_matches_nothing: [
    {
      name: "a threshold above the column's largest value",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "price", op: "gt", value: 100 }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        'operations[0].filter.all[0].value: "price" ranges from 9.99 to 49.99 in this dataset, so this matches no rows',
    },
    {
      name: "an empty list of categories",
      input: edit((p) => {
        p.operations[0].filter.categories = [];
      }),
      pathText: "operations[0].filter.categories",
      message:
        'operations[0].filter.categories: an empty list of categories matches no rows; remove "categories" to match every category',
    },
    {
      name: "is_empty on a column without empty cells",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "category", op: "is_empty" }];
      }),
      pathText: "operations[0].filter.all[0].op",
      message:
        'operations[0].filter.all[0].op: no row has an empty "category", so this condition matches no rows',
    },
  ],
  condition_no_effect: [
    {
      name: "neq with a category that does not exist",
      input: edit((p) => {
        p.operations[0].filter.all = [{ column: "category", op: "neq", value: "yogga" }];
      }),
      pathText: "operations[0].filter.all[0].value",
      message:
        'operations[0].filter.all[0].value: no category "yogga" in this dataset, so this condition has no effect — did you mean "yoga"?',
      suggestion: "yoga",
    },
  ],
  new_category_value: [
    {
      name: "set_value of a category that does not exist yet",
      input: edit((p) => {
        p.operations[1].action = { type: "set_value", column: "category", value: "acessories" };
      }),
      pathText: "operations[1].action.value",
      message:
        'operations[1].action.value: "acessories" is not a category in this dataset yet; this adds it as a new one — did you mean "accessories"?',
      suggestion: "accessories",
    },
  ],
};

describe("validatePlan: one message per issue code", () => {
  for (const [code, list] of Object.entries(cases)) {
    for (const c of list) {
      it(`${code}: ${c.name}`, () => {
        const { issues } = validatePlan(c.input, c.profile ?? seedProfile, c.options);
        const found = issues.find((issue) => issue.code === code && issue.pathText === c.pathText);
        expect(found, JSON.stringify(issues, null, 2)).toBeDefined();
        expect(found?.message).toBe(c.message);
        expect(formatPath(found?.path ?? [])).toBe(c.pathText);
        expect(found?.suggestion).toBe(c.suggestion);
        expect(found?.detail).toBe(
          c.pathText === "" ? c.message : c.message.slice(c.pathText.length + 2),
        );
      });
    }
  }
});

describe("validatePlan", () => {
  it("accepts restore_values that empties a cell, even where the column has no empty cells", () => {
    const plan = edit((p) => {
      p.operations = [
        {
          operation_id: "restore_1",
          filter: {},
          action: { type: "restore_values", column: "price", values: { A101: "", A102: "39.99" } },
        },
      ];
    });
    expect(validatePlan(plan, seedProfile).issues).toEqual([]);
  });

  it("accepts every seed plan against the seed dataset, with no issues", () => {
    for (const name of [
      "seed-plan-fitness-10pct.json",
      "seed-plan-minimal.json",
      "seed-plan-mixed.json",
    ]) {
      const input = readFixtureJson(name);
      const result = validatePlan(input, seedProfile);
      expect(result.issues, name).toEqual([]);
      expect(result.plan).toEqual(input);
    }
  });

  it("returns the parsed plan without `plan` when there are errors", () => {
    const result = validatePlan(
      edit((p) => {
        p.operations[0].filter.categories = ["fittness"];
      }),
      seedProfile,
    );
    expect(result.plan).toBeUndefined();
    expect(result.parsed?.execution_id).toBe("plan_mixed_ops_v1");
  });

  it("keeps `plan` when there are only warnings", () => {
    const result = validatePlan(
      edit((p) => {
        p.variables = { unused: 1 };
      }),
      seedProfile,
    );
    expect(result.issues.map((issue) => issue.severity)).toEqual(["warning"]);
    expect(result.plan).toBeDefined();
  });

  it("still checks the other operations against the dataset when one breaks the schema", () => {
    const { issues } = validatePlan(
      edit((p) => {
        p.operations[0].action.type = "percent_incrase";
        p.operations[1].filter.categories = ["acessories"];
      }),
      seedProfile,
    );
    expect(issues.map((issue) => [issue.code, issue.pathText])).toEqual([
      ["unknown_action_type", "operations[0].action.type"],
      ["unknown_category", "operations[1].filter.categories[0]"],
    ]);
  });

  it("accepts a variable computed by an aggregate the operation depends on", () => {
    const { issues } = validatePlan(
      edit((p) => {
        p.operations = [
          {
            operation_id: "avg",
            filter: { categories: ["yoga"] },
            action: { type: "aggregate", fn: "avg", column: "price", result_variable: "avg_yoga" },
          },
          {
            operation_id: "other",
            depends_on: [],
            filter: {},
            action: { type: "set_stock", value: true },
          },
          {
            operation_id: "set",
            depends_on: ["other", "avg"],
            filter: { categories: ["fitness"] },
            action: { type: "set_price", value: "${avg_yoga}" },
          },
        ];
      }),
      seedProfile,
    );
    expect(issues).toEqual([]);
  });

  it("reports a condition that excludes an unknown category as a warning, not an error", () => {
    const { issues, plan } = validatePlan(
      edit((p) => {
        p.operations[0].filter.none = [{ column: "category", op: "in", value: ["yogga"] }];
      }),
      seedProfile,
    );
    expect(issues.map((issue) => [issue.code, issue.severity])).toEqual([
      ["condition_no_effect", "warning"],
    ]);
    expect(plan).toBeDefined();
  });

  it("resolves variables in conditions and checks their type against the column", () => {
    const { issues } = validatePlan(
      edit((p) => {
        p.variables = { limit: 30, flag: "maybe" };
        p.operations[0].filter.all = [
          { column: "price", op: "lt", value: "${limit}" },
          { column: "in_stock", op: "eq", value: "${flag}" },
        ];
      }),
      seedProfile,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'operations[0].filter.all[1].value: "${flag}" holds "maybe": column "in_stock" holds true/false values; "maybe" is not one of true/false, yes/no, 1/0',
    ]);
  });

  it("allows comparing text columns by order, as the executor does", () => {
    const { issues } = validatePlan(
      edit((p) => {
        p.operations[0].filter.all = [{ column: "category", op: "gte", value: "b" }];
      }),
      seedProfile,
    );
    expect(issues).toEqual([]);
  });

  it("compares numbers and booleans as values, not text", () => {
    const { issues } = validatePlan(
      edit((p) => {
        p.operations[0].filter.all = [
          { column: "in_stock", op: "eq", value: "TRUE" },
          { column: "price", op: "gte", value: "9.99" },
        ];
      }),
      seedProfile,
    );
    expect(issues).toEqual([]);
  });
});

describe("validatePlan with profiles from profileDataset", () => {
  const profileOf = (csv: string) => profileDataset(parseCsv(new TextEncoder().encode(csv)));

  it("accepts the seed plans against the profile of seed-products.csv", () => {
    const profile = profileOf(readFileSync(fixturePath("seed-products.csv"), "utf8"));
    for (const name of [
      "seed-plan-fitness-10pct.json",
      "seed-plan-minimal.json",
      "seed-plan-mixed.json",
    ]) {
      expect(validatePlan(readFixtureJson(name), profile).issues, name).toEqual([]);
    }
  });

  it("refuses price shorthand when two columns could be the price", () => {
    const profile = profileOf("sku,price,sale_price\nA,1.50,1.20\nB,2.50,2.00\n");
    const { issues } = validatePlan(
      edit((p) => {
        p.operations = [
          { operation_id: "op_01", filter: {}, action: { type: "set_price", value: 3 } },
        ];
      }),
      profile,
    );
    expect(issues.map((issue) => issue.message)).toEqual([
      'operations[0].action: this dataset has two price-like columns (price, sale_price); use set_value and name one of them in "column"',
    ]);
  });
});

import type { z } from "zod";
import { describeValue } from "./column-values";
import { type PlanIssue, type PlanPath, planIssue } from "./issues";
import {
  actionSchema,
  conditionSchema,
  executionPlanSchema,
  filterSchema,
  guardsSchema,
  operationSchema,
  optionsSchema,
} from "./schema";
import { didYouMean, didYouMeanText } from "./suggest";

/**
 * zod's issues for a plan, rewritten as PlanIssues a person can act on: the path in JSON
 * notation, the value that was there, what was expected and, for misspelt names, a suggestion.
 */

type ZodIssue = z.core.$ZodIssue;

export function schemaIssues(error: z.ZodError, input: unknown): PlanIssue[] {
  return error.issues.flatMap((issue) => describeIssue(issue, input));
}

function describeIssue(issue: ZodIssue, input: unknown): PlanIssue[] {
  const path = issue.path.map((segment) =>
    typeof segment === "symbol" ? String(segment) : segment,
  ) as PlanPath;
  const value = valueAt(input, path);
  const field = lastKey(path);

  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => unknownField(path, key, input));

    case "invalid_type":
      return [describeType(path, field, value, issue.expected)];

    case "invalid_union":
      return describeUnion(issue, path, value);

    case "invalid_value":
      return [describeEnum(path, field, value, issue.values)];

    case "invalid_format":
      if (issue.format === "datetime") {
        return [
          planIssue(
            "invalid_format",
            path,
            `must be an ISO-8601 date-time such as 2024-06-01T10:00:00Z (got ${describeValue(value)})`,
          ),
        ];
      }
      return [planIssue("invalid_format", path, `${issue.message} (got ${describeValue(value)})`)];

    case "too_small":
    case "too_big":
      return [describeSize(issue, path, value)];

    case "invalid_key":
      return [
        planIssue(
          "invalid_variable_name",
          path,
          `${q(String(field))} is not a valid variable name: use letters, digits and _, starting with a letter or _`,
        ),
      ];

    default:
      return [planIssue("schema", path, issue.message)];
  }
}

/** A field the schema does not know here, with the one it may have meant. */
function unknownField(path: PlanPath, key: string, input: unknown): PlanIssue {
  const known = knownKeysAt(path, input);
  const suggestion = didYouMean(key, known);
  const where = path.length === 0 ? "a plan" : `this ${objectNoun(path)}`;
  const fix = suggestion
    ? didYouMeanText(suggestion)
    : known.length > 0
      ? `; ${where} takes ${known.join(", ")}`
      : "";
  return planIssue("unknown_field", [...path, key], `unknown field ${q(key)}${fix}`, suggestion);
}

/** A value of the wrong type, or a field that is missing. */
function describeType(
  path: PlanPath,
  field: string | undefined,
  value: unknown,
  expected: string,
): PlanIssue {
  if (value === undefined) return missingField(path, field);
  if (expected === "int") {
    return planIssue(
      "wrong_type",
      path,
      `${rangeHint(path) ?? "must be a whole number"} (got ${describeValue(value)})`,
    );
  }
  return planIssue(
    "wrong_type",
    path,
    path.length === 0
      ? `a plan is a JSON object with execution_id, created_at, source_instruction and operations (got ${describeValue(value)})`
      : `expected ${expectedWords(expected)}, got ${describeValue(value)}`,
  );
}

function missingField(path: PlanPath, field: string | undefined): PlanIssue {
  const parent = path.slice(0, -1);
  if (field === "filter") {
    return planIssue("required", path, 'every operation needs a "filter" ({} matches every row)');
  }
  if (field === "action") {
    return planIssue(
      "required",
      path,
      'every operation needs an "action" such as { "type": "percent_increase", "value": 10 }',
    );
  }
  const owner = parent.length === 0 ? "a plan" : `this ${objectNoun(parent)}`;
  return planIssue("required", path, `${q(String(field))} is missing; ${owner} needs it`);
}

function describeUnion(
  issue: Extract<ZodIssue, { code: "invalid_union" }>,
  path: PlanPath,
  value: unknown,
): PlanIssue[] {
  // The action's discriminator: no such action type.
  if ("discriminator" in issue && issue.discriminator === "type") {
    const types = actionSchema.options.map((option) => option.shape.type.value as string);
    if (value === undefined) {
      return [planIssue("required", path, `an action needs a "type": one of ${types.join(", ")}`)];
    }
    const suggestion =
      typeof value === "string"
        ? didYouMean(value, [...types, ...Object.keys(TYPE_SYNONYMS)])
        : undefined;
    const resolved = suggestion ? (TYPE_SYNONYMS[suggestion] ?? suggestion) : undefined;
    const detail = resolved
      ? `unknown action type ${describeValue(value)}${didYouMeanText(resolved)}`
      : `unknown action type ${describeValue(value)}; use one of ${types.join(", ")}`;
    return [planIssue("unknown_action_type", path, detail, resolved)];
  }
  // A condition value: a scalar, a list of scalars, or another column.
  if (lastKey(path) === "value" && path.includes("filter")) {
    if (Array.isArray(value)) {
      const bad = value.flatMap((element, index) =>
        isScalar(element) ? [] : [{ element, index }],
      );
      return bad.map(({ element, index }) =>
        planIssue(
          "wrong_type",
          [...path, index],
          `expected a number, text or true/false, got ${describeValue(element)}`,
        ),
      );
    }
    return [
      planIssue(
        "wrong_type",
        path,
        `expected a number, text or true/false (or a list of them for in, not_in and between, or {"column": "…"} to compare with another column of the row), got ${describeValue(value)}`,
      ),
    ];
  }
  // Values that are a number or a "${variable}" reference, and variables' values.
  return [planIssue("wrong_type", path, `${unionExpectation(path)}, got ${describeValue(value)}`)];
}

function unionExpectation(path: PlanPath): string {
  if (path[0] === "variables") return "a variable holds a number, text or true/false";
  if (lastKey(path) === "value") return 'expected a number or a "${variable}" reference';
  return "expected a different kind of value";
}

/** Words that people (and models) use for action types, mapped to the real ones. */
const TYPE_SYNONYMS: Record<string, string> = {
  increase_percent: "percent_increase",
  decrease_percent: "percent_decrease",
  percentage_increase: "percent_increase",
  percentage_decrease: "percent_decrease",
  increase: "fixed_increase",
  decrease: "fixed_decrease",
  set: "set_value",
};

const OP_SYNONYMS: Record<string, string> = {
  equals: "eq",
  "=": "eq",
  "==": "eq",
  is: "eq",
  not_equals: "neq",
  ne: "neq",
  "!=": "neq",
  ">": "gt",
  ">=": "gte",
  "<": "lt",
  "<=": "lte",
  includes: "contains",
  startswith: "starts_with",
  empty: "is_empty",
  not_null: "not_empty",
  is_null: "is_empty",
  nin: "not_in",
};

const FN_SYNONYMS: Record<string, string> = {
  average: "avg",
  mean: "avg",
  minimum: "min",
  maximum: "max",
  total: "sum",
};

function describeEnum(
  path: PlanPath,
  field: string | undefined,
  value: unknown,
  allowed: readonly unknown[],
): PlanIssue {
  if (field === "format_version") {
    return planIssue(
      "invalid_option",
      path,
      `format_version must be 1, the plan format this version of Signoff reads (got ${describeValue(value)})`,
      "1",
    );
  }
  const options = allowed.map(String);
  const synonyms = field === "op" ? OP_SYNONYMS : field === "fn" ? FN_SYNONYMS : {};
  const noun = field === "op" ? "operator" : field === "fn" ? "aggregate function" : "value";
  let suggestion: string | undefined;
  if (typeof value === "string") {
    // Own keys only: an operator typed as "constructor" must not find Object.prototype's.
    const word = value.trim().toLowerCase();
    suggestion =
      (Object.hasOwn(synonyms, word) ? synonyms[word] : undefined) ?? didYouMean(value, options);
  }
  const detail = suggestion
    ? `unknown ${noun} ${describeValue(value)}${didYouMeanText(suggestion)}`
    : `unknown ${noun} ${describeValue(value)}; use one of ${options.join(", ")}`;
  return planIssue("invalid_option", path, detail, suggestion);
}

function describeSize(
  issue: Extract<ZodIssue, { code: "too_small" | "too_big" }>,
  path: PlanPath,
  value: unknown,
): PlanIssue {
  const got = `(got ${describeValue(value)})`;
  if (issue.origin === "array" || issue.origin === "string" || issue.origin === "set") {
    if (issue.origin === "string" && issue.code === "too_small") {
      return planIssue("wrong_length", path, "must not be empty");
    }
    return planIssue("wrong_length", path, issue.message);
  }
  const hint = rangeHint(path);
  if (hint) return planIssue("out_of_range", path, `${hint} ${got}`);
  const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
  const words =
    issue.code === "too_small"
      ? issue.inclusive
        ? "at least"
        : "more than"
      : issue.inclusive
        ? "at most"
        : "less than";
  return planIssue("out_of_range", path, `must be ${words} ${String(bound)} ${got}`);
}

/** The range of a bounded field, said the way its documentation says it. */
function rangeHint(path: PlanPath): string | undefined {
  switch (lastKey(path)) {
    case "round_to":
      return "round_to is a number of decimals: a whole number from 0 to 6";
    case "ending":
      return "ending is what values end in, from 0 up to but not including 1, such as 0.99";
    case "max_change_percent":
      return "max_change_percent must be 0 or more";
    case "max_rows_changed":
      return "max_rows_changed must be a whole number, 0 or more";
    default:
      return undefined;
  }
}

function expectedWords(expected: string): string {
  switch (expected) {
    case "number":
    case "int":
      return "a number";
    case "string":
      return "text";
    case "boolean":
      return "true or false";
    case "array":
      return "a list";
    case "object":
      return "an object";
    default:
      return expected;
  }
}

/** What kind of object sits at a path, for "this filter takes …". */
function objectNoun(path: PlanPath): string {
  const key = lastKey(path);
  if (key === undefined) {
    if (path.length === 2 && path[0] === "operations") return "operation";
    if (path.length >= 2 && ["all", "any", "none"].includes(String(path.at(-2))))
      return "condition";
    return "object";
  }
  if (key === "guards" || key === "options") return `${key} object`;
  return key;
}

/** The fields the schema allows at a path, for suggesting a fix to a misspelt one. */
function knownKeysAt(path: PlanPath, input: unknown): string[] {
  const key = lastKey(path);
  if (path.length === 0) return Object.keys(executionPlanSchema.shape);
  if (path.length === 1 && key === "guards") return Object.keys(guardsSchema.shape);
  if (path.length === 2 && path[0] === "operations") return Object.keys(operationSchema.shape);
  if (key === "filter") return Object.keys(filterSchema.shape);
  if (key === "options") return Object.keys(optionsSchema.shape);
  if (key === "action") {
    const type = (valueAt(input, path) as { type?: unknown } | undefined)?.type;
    const option = actionSchema.options.find((candidate) => candidate.shape.type.value === type);
    return option ? Object.keys(option.shape) : [];
  }
  if (path.length >= 2 && ["all", "any", "none"].includes(String(path.at(-2)))) {
    return Object.keys(conditionSchema.shape);
  }
  return [];
}

function valueAt(input: unknown, path: PlanPath): unknown {
  let current = input;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

function lastKey(path: PlanPath): string | undefined {
  const last = path.at(-1);
  return typeof last === "string" ? last : undefined;
}

function isScalar(value: unknown): boolean {
  return typeof value === "number" || typeof value === "string" || typeof value === "boolean";
}

function q(text: string): string {
  return JSON.stringify(text);
}

/**
 * What validation reports about a plan: one `PlanIssue` per problem, addressed by its path in the
 * plan JSON so the form, the graph and the JSON editor can each show it where it belongs.
 */

export type PlanPath = (string | number)[];

export type PlanIssueSeverity = "error" | "warning";

/** Every issue code with its severity. Errors block a run; warnings are shown and recorded. */
const PLAN_ISSUE_SEVERITY = {
  // The plan does not match the schema.
  required: "error",
  wrong_type: "error",
  unknown_field: "error",
  unknown_action_type: "error",
  invalid_option: "error",
  invalid_format: "error",
  out_of_range: "error",
  wrong_length: "error",
  invalid_variable_name: "error",
  schema: "error",
  // The plan does not fit the dataset.
  unknown_column: "error",
  column_type: "error",
  expression_syntax: "error",
  non_numeric_cells: "warning",
  value_type: "error",
  value_shape: "error",
  unknown_category: "error",
  unknown_value: "error",
  unknown_row_key: "error",
  shorthand_unmapped: "error",
  shorthand_ambiguous: "error",
  // The operation graph.
  duplicate_operation_id: "error",
  unknown_dependency: "error",
  dependency_cycle: "error",
  duplicate_dependency: "warning",
  order_dependent: "error",
  // Variables.
  undefined_variable: "error",
  variable_not_ready: "error",
  variable_type: "error",
  variable_redefined: "error",
  unused_variable: "warning",
  // Ranges and options.
  invalid_range: "error",
  alias_conflict: "error",
  option_ignored: "warning",
  integer_rounding: "warning",
  ending_precision: "warning",
  negative_result: "warning",
  // Filters that are probably not what was meant.
  filter_matches_nothing: "warning",
  condition_no_effect: "warning",
  new_category_value: "warning",
  // A second reading of the instruction disagrees with the plan (lib/planner/second-reading.ts).
  second_reading: "warning",
} as const satisfies Record<string, PlanIssueSeverity>;

export type PlanIssueCode = keyof typeof PLAN_ISSUE_SEVERITY;

export interface PlanIssue {
  path: PlanPath;
  /** The path as it reads in JSON: `operations[1].filter.categories[0]`; "" for the whole plan. */
  pathText: string;
  severity: PlanIssueSeverity;
  code: PlanIssueCode;
  /** The whole sentence, path first: `operations[0].filter.categories[0]: no category …`. */
  message: string;
  /** The same sentence without the path, for showing next to the field itself. */
  detail: string;
  /** A replacement for the value (or key) at `path`, when there is one ("did you mean"). */
  suggestion?: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `["operations", 1, "filter", "categories", 0]` → `operations[1].filter.categories[0]`. */
export function formatPath(path: readonly (string | number | symbol)[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (typeof segment === "string" && IDENTIFIER.test(segment)) {
      text += text === "" ? segment : `.${segment}`;
    } else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

export function planIssue(
  code: PlanIssueCode,
  path: PlanPath,
  detail: string,
  suggestion?: string,
): PlanIssue {
  const pathText = formatPath(path);
  const issue: PlanIssue = {
    path,
    pathText,
    severity: PLAN_ISSUE_SEVERITY[code],
    code,
    message: pathText === "" ? detail : `${pathText}: ${detail}`,
    detail,
  };
  if (suggestion !== undefined) issue.suggestion = suggestion;
  return issue;
}

export function hasErrors(issues: readonly PlanIssue[]): boolean {
  return issues.some((issue) => issue.severity === "error");
}

/** Issues in reading order: plan-level ones first, then by operation, keeping discovery order. */
export function sortIssues(issues: readonly PlanIssue[]): PlanIssue[] {
  const operationIndex = (issue: PlanIssue) =>
    issue.path[0] === "operations" && typeof issue.path[1] === "number" ? issue.path[1] : -1;
  return [...issues].sort((a, b) => operationIndex(a) - operationIndex(b));
}

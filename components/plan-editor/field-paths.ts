import type { PlanIssue, PlanPath } from "@/lib/plan/issues";

/**
 * Where each validation issue shows up in the form. The form renders one field per leaf of
 * `FORM_SHAPE`; an issue belongs to the deepest field or section its path reaches, so an unknown
 * key inside a filter shows on the filter, `categories[2]` on the categories field, and nothing
 * is ever left without a place. Every field and section has a DOM id derived from its path, which
 * is how the validation panel moves focus to it.
 */

type Shape = { readonly [key: string]: Shape | "field" };

/** `"#"` stands for any list index, `"*"` for any object key. */
const CONDITION: Shape = { column: "field", op: "field", value: "field" };
const CONDITIONS: Shape = { "#": CONDITION };

const FORM_SHAPE: Shape = {
  execution_id: "field",
  created_at: "field",
  source_instruction: "field",
  format_version: "field",
  variables: { "*": "field" },
  guards: {
    max_rows_changed: "field",
    max_change_percent: "field",
    min_value: "field",
    max_value: "field",
  },
  operations: {
    "#": {
      operation_id: "field",
      description: "field",
      depends_on: "field",
      filter: {
        categories: "field",
        in_stock: "field",
        skus: "field",
        price_gte: "field",
        price_lte: "field",
        all: CONDITIONS,
        any: CONDITIONS,
        none: CONDITIONS,
        top: { n: "field", by: "field", order: "field", per: "field", ties: "field" },
      },
      action: {
        type: "field",
        value: "field",
        column: "field",
        fn: "field",
        result_variable: "field",
        group_by: "field",
        values: "field",
        expression: "field",
        skip_uncomputable: "field",
        find: "field",
        replace: "field",
        ignore_case: "field",
        case: "field",
        text: "field",
        template: "field",
      },
      options: {
        round_to: "field",
        min_value: "field",
        max_value: "field",
        min_price: "field",
        max_price: "field",
        ending: "field",
      },
    },
  },
};

/** The path of the field or section that shows an issue at `path`. */
export function anchorPath(path: PlanPath): PlanPath {
  let shape: Shape | "field" = FORM_SHAPE;
  const anchor: PlanPath = [];
  for (const segment of path) {
    if (shape === "field") break;
    const next: Shape | "field" | undefined =
      typeof segment === "number" ? shape["#"] : (shape[segment] ?? shape["*"]);
    if (next === undefined) break;
    anchor.push(segment);
    shape = next;
  }
  return anchor;
}

/** A stable string for a path, used as a map key: `operations.1.filter.categories`. */
export function pathKey(path: PlanPath): string {
  return path
    .map((segment) => encodeURIComponent(String(segment)).replaceAll(".", "%2E"))
    .join(".");
}

/** The DOM id of the field (or section) at `path`: `plan-field--operations.1.action.value`. */
export function fieldId(path: PlanPath): string {
  return path.length === 0 ? "plan-field--root" : `plan-field--${pathKey(path)}`;
}

/**
 * Ids to try, best first, when moving focus to an issue: its anchor, then each enclosing
 * section (a field may be hidden, e.g. the column of an action type that takes none).
 */
export function fieldIdCandidates(path: PlanPath): string[] {
  const anchor = anchorPath(path);
  const ids: string[] = [];
  for (let length = anchor.length; length >= 0; length--) {
    ids.push(fieldId(anchor.slice(0, length)));
  }
  return ids;
}

/** Issues grouped by the field that shows them. */
export function issuesByAnchor(issues: readonly PlanIssue[]): Map<string, PlanIssue[]> {
  const groups = new Map<string, PlanIssue[]>();
  for (const issue of issues) {
    const key = pathKey(anchorPath(issue.path));
    const group = groups.get(key);
    if (group) group.push(issue);
    else groups.set(key, [issue]);
  }
  return groups;
}

/** The index of the operation an issue is about, or undefined for plan-level issues. */
export function issueOperationIndex(issue: Pick<PlanIssue, "path">): number | undefined {
  return issue.path[0] === "operations" && typeof issue.path[1] === "number"
    ? issue.path[1]
    : undefined;
}

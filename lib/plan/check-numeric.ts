import type { ColumnProfile } from "@/lib/dataset/types";
import { isNumberText } from "@/lib/dataset/values";
import { type CheckContext, q } from "./check-context";
import { isNumericColumn } from "./column-values";
import type { PlanPath } from "./issues";
import { quoteList } from "./suggest";

/**
 * A numeric action or aggregate on a column the profile does not type as numbers. When the
 * column holds no number at all (or holds true/false values or dates) that is an error. A text
 * column may be numbers with a few bad cells, though, and the run then fails naming those rows
 * (docs/plan-format.md "How a plan runs"): a warning that says which values will fail. False when the
 * action cannot work on the column.
 */
export function checkNumericTarget(
  context: CheckContext,
  column: ColumnProfile,
  path: PlanPath,
  what: string,
  hint = "",
): boolean {
  if (isNumericColumn(column)) return true;
  const values = column.distinctValues;
  if (column.type !== "text" || (values !== undefined && !values.some(isNumberText))) {
    context.report(
      "column_type",
      path,
      `${what} needs a numeric column, but ${context.holds(column)}${hint}`,
    );
    return false;
  }
  const bad = values?.filter((value) => !isNumberText(value));
  context.report(
    "non_numeric_cells",
    path,
    bad
      ? `${what} needs numbers, but ${q(column.name)} also holds ${quoteList(bad)}; rows with ${bad.length === 1 ? "that value" : "those values"} will fail the run`
      : `${what} needs numbers, but ${q(column.name)} holds text; rows whose ${q(column.name)} is not a number will fail the run`,
  );
  return true;
}

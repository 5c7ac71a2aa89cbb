import type { ColumnProfile } from "@/lib/dataset/types";
import { type CheckContext, q } from "./check-context";
import { describeValue, numberOf, valueMismatch } from "./column-values";
import type { PlanPath } from "./issues";
import { type Scalar, VARIABLE_REFERENCE } from "./schema";
import { didYouMeanText } from "./suggest";

/**
 * "${name}" references in action and condition values. Which names an operation may use comes
 * from a scope (check-graph.ts builds it from the plan); this checks one use against it.
 */

export type VariableLookup =
  | {
      status: "defined";
      value: Scalar | "number";
      /** The group column of an aggregate worked out per group. */
      perGroup?: string;
    }
  | { status: "undefined"; suggestion?: string }
  | { status: "not_ready"; producer: string };

export interface VariableScope {
  resolve(name: string, operationIndex: number): VariableLookup;
}

/**
 * Check one "${name}" reference: that it is defined for this operation and that its value fits
 * what it is used for (a number, a column's type, or anything for contains/starts_with).
 * Without a scope (a plan that does not parse as a whole) nothing is checked.
 */
export function checkVariableUse(
  context: CheckContext,
  scope: VariableScope | undefined,
  reference: string,
  path: PlanPath,
  index: number,
  needs: "number" | "any" | ColumnProfile,
  actionType: string,
  /** Whether a per-group aggregate fits here (a comparison in a filter, a formula). */
  perGroupFits = false,
): void {
  const name = VARIABLE_REFERENCE.exec(reference)?.[1];
  if (!scope || name === undefined) return;
  const lookup = scope.resolve(name, index);
  if (lookup.status === "undefined") {
    const suggestion = lookup.suggestion === undefined ? undefined : `\${${lookup.suggestion}}`;
    context.report(
      "undefined_variable",
      path,
      suggestion
        ? `${q(reference)} is not defined${didYouMeanText(suggestion)}`
        : `${q(reference)} is not defined; define it in "variables" or compute it with an aggregate operation`,
      suggestion,
    );
    return;
  }
  if (lookup.status === "not_ready") {
    context.report(
      "variable_not_ready",
      path,
      `${q(reference)} is computed by ${lookup.producer}, which this operation does not depend on; add ${q(lookup.producer)} to depends_on`,
      lookup.producer,
    );
    return;
  }
  if (lookup.perGroup !== undefined && !perGroupFits) {
    context.report(
      "variable_type",
      path,
      `${q(reference)} has one value per ${lookup.perGroup}; compare with it in a filter (eq, neq, gt, gte, lt, lte) or use it in a formula`,
    );
    return;
  }
  if (needs === "any") return;
  if (lookup.value === "number") {
    // An aggregate result: always a number, which text columns take too.
    if (needs !== "number" && (needs.type === "boolean" || needs.type === "date")) {
      context.report(
        "variable_type",
        path,
        `${q(reference)} is a number computed by an aggregate, but ${context.holds(needs)}`,
      );
    }
    return;
  }
  const value = lookup.value;
  if (needs === "number") {
    if (numberOf(value) === undefined) {
      context.report(
        "variable_type",
        path,
        `${q(reference)} holds ${describeValue(value)}, but ${actionType} needs a number`,
      );
    }
    return;
  }
  const mismatch = valueMismatch(value, needs);
  if (mismatch)
    context.report(
      "variable_type",
      path,
      `${q(reference)} holds ${describeValue(value)}: ${mismatch}`,
    );
}

import type { DatasetProfile } from "@/lib/dataset/types";
import { CheckContext, type ValidatePlanOptions } from "./check-context";
import { checkGraph, variableScope } from "./check-graph";
import { checkOperation } from "./check-operation";
import { hasErrors, type PlanIssue, sortIssues } from "./issues";
import { type ExecutionPlan, executionPlanSchema, guardsSchema, operationSchema } from "./schema";
import { schemaIssues } from "./schema-issues";

export type { KnownValues, ValidatePlanOptions } from "./check-context";

/**
 * Validation of a plan against the schema and against a dataset. Pure and
 * browser-safe: the plan editor runs it on every edit, the server and the CLI before any run.
 *
 * Order-dependence between operations needs the rows, not just the profile; the executor finds
 * it (`findOrderConflicts`) and `orderConflictIssues` in conflicts.ts turns it into issues.
 */

export interface PlanValidation {
  /** The plan, when it matches the schema and has no error against the dataset (warnings allowed). */
  plan?: ExecutionPlan;
  /** The plan as the schema parsed it, present even when checks against the dataset failed. */
  parsed?: ExecutionPlan;
  /** Every problem found, plan-level ones first, then by operation. */
  issues: PlanIssue[];
}

export function validatePlan(
  input: unknown,
  profile: DatasetProfile,
  options: ValidatePlanOptions = {},
): PlanValidation {
  const parsed = executionPlanSchema.safeParse(input);
  const context = new CheckContext(profile, options);

  if (!parsed.success) {
    // Still check what can be checked, so a typo in one operation does not hide the dataset
    // problems of the others. Variables and the graph need the whole plan and are skipped.
    const operations = (input as { operations?: unknown } | null)?.operations;
    if (Array.isArray(operations)) {
      operations.forEach((candidate, index) => {
        const operation = operationSchema.safeParse(candidate);
        if (operation.success) checkOperation(context, operation.data, index, undefined);
      });
    }
    const guards = guardsSchema.safeParse((input as { guards?: unknown } | null)?.guards);
    if (guards.success) checkGuards(context, guards.data);
    return { issues: sortIssues([...schemaIssues(parsed.error, input), ...context.issues]) };
  }

  const plan = parsed.data;
  const graphSound = checkGraph(context, plan);
  const scope = variableScope(context, plan, graphSound);
  plan.operations.forEach((operation, index) => {
    checkOperation(context, operation, index, scope);
  });
  scope.reportUnused();
  checkGuards(context, plan.guards);

  const issues = sortIssues(context.issues);
  return hasErrors(issues) ? { parsed: plan, issues } : { plan, parsed: plan, issues };
}

function checkGuards(context: CheckContext, guards: ExecutionPlan["guards"]): void {
  if (!guards) return;
  const { min_value: min, max_value: max } = guards;
  if (min !== undefined && max !== undefined && min > max) {
    context.report(
      "invalid_range",
      ["guards", "min_value"],
      `min_value (${min}) is above max_value (${max}); every changed value would fail the guard`,
    );
  }
}

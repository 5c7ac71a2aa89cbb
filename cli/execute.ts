import { type DryRunResult, dryRun, findOrderConflicts } from "@/lib/executor";
import { orderConflictIssues } from "@/lib/plan/conflicts";
import { operationOrder } from "@/lib/plan/dag";
import type { PlanIssue } from "@/lib/plan/issues";
import { CliError, EXIT } from "./errors";
import { formatIssue, type LoadedCsv, type LoadedPlan } from "./inputs";
import { keyList } from "./key-list";

/**
 * Running a validated plan with the deterministic executor, as preview and apply both do. The
 * executor is pure; this only turns its outcome into results or CLI errors.
 */

/**
 * Order conflicts between operations that do not depend on each other (they need the rows, so
 * they come after the profile checks). Exit 2: the plan must say which runs first.
 */
export function checkOrderConflicts(loaded: LoadedPlan, csv: LoadedCsv): void {
  const order = operationOrder(loaded.plan);
  // A chain (every seed plan) has no independent operations: nothing to compare.
  if (!order.ok || order.batches.every((batch) => batch.length === 1)) return;
  const issues = orderConflictIssues(
    loaded.plan,
    findOrderConflicts(loaded.plan, csv.table, csv.profile),
  );
  if (issues.length === 0) return;
  throw new CliError(
    EXIT.invalidPlan,
    `${loaded.file} is order-dependent on ${csv.file} (${issues.length} conflict${issues.length === 1 ? "" : "s"})`,
    issues.map((issue) => formatIssue(issue, loaded.file, loaded.text)),
  );
}

export type Execution =
  | { ok: true; result: DryRunResult }
  | { ok: false; exitCode: typeof EXIT.invalidPlan | typeof EXIT.executionFailed; message: string };

/** Run the plan on the table. A failure is returned (apply records it), not thrown. */
export function execute(loaded: LoadedPlan, csv: LoadedCsv): Execution {
  const outcome = dryRun(loaded.plan, csv.table, csv.profile);
  if (outcome.ok) return { ok: true, result: outcome };
  const { error } = outcome;
  const invalid = error.code === "invalid_plan" || error.code === "invalid_key";
  // The executor's message names a few offending rows; list them all when it does not.
  const keys = error.offendingKeys ?? [];
  const named = keys.length === 0 || error.message.includes(keys[0]);
  const more = (error.offendingCount ?? keys.length) - keys.length;
  const rows = named ? "" : ` Rows: ${keyList(keys)}${more > 0 ? ` and ${more} more` : ""}.`;
  return {
    ok: false,
    exitCode: invalid ? EXIT.invalidPlan : EXIT.executionFailed,
    message: `${error.message}${rows}`,
  };
}

/** Validation warnings as lines for stderr. */
export function warningLines(issues: PlanIssue[], loaded: LoadedPlan): string[] {
  return issues.map((issue) => formatIssue(issue, loaded.file, loaded.text));
}

import "server-only";
import { CsvError, parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import { type DryRunResult, dryRun, findOrderConflicts } from "@/lib/executor";
import { orderConflictIssues } from "@/lib/plan/conflicts";
import { hasErrors, type PlanIssue } from "@/lib/plan/issues";
import type { ExecutionPlan } from "@/lib/plan/schema";

export type PlanRunResult = Omit<DryRunResult, "ok">;

export type PlanRun =
  | { ok: true; result: DryRunResult; orderIssues: PlanIssue[]; header: readonly string[] }
  | { ok: false; error: string; offendingKeys?: string[]; orderIssues?: PlanIssue[] };

/**
 * Milliseconds spent in each named step of a preview or an approval. The services fill it in when
 * given one; the benchmarks report it so that a slow figure says where its time went.
 */
export type PhaseTimings = Record<string, number>;

/** A lap timer: each call books the time since the previous one under its name. */
export type Lap = (phase: string) => void;

export function phaseClock(timings: PhaseTimings | undefined): Lap {
  if (!timings) return () => {};
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    timings[phase] = (timings[phase] ?? 0) + (now - last);
    last = now;
  };
}

/** Parses a version's bytes and dry-runs a plan on them: the one path previews and approvals share. */
export function runPlan(
  plan: ExecutionPlan,
  content: Uint8Array,
  profile: DatasetProfile,
  lap: Lap = () => {},
): PlanRun {
  let table: ReturnType<typeof parseCsv>;
  try {
    table = parseCsv(content, { keyColumn: profile.keyColumn });
  } catch (error) {
    if (error instanceof CsvError)
      return { ok: false, error: `The stored version does not parse: ${error.message}` };
    throw error;
  }
  lap("parse");
  // Two operations with no path between them must commute on this data; when they do not, the
  // order would be arbitrary, so the plan is refused before anything runs.
  const orderIssues = orderConflictIssues(plan, findOrderConflicts(plan, table, profile));
  lap("order_conflicts");
  if (hasErrors(orderIssues))
    return { ok: false, error: "order-dependent operations", orderIssues };
  const outcome = dryRun(plan, table, profile);
  lap("dry_run");
  if (!outcome.ok) {
    return { ok: false, error: outcome.error.message, offendingKeys: outcome.error.offendingKeys };
  }
  return { ok: true, result: outcome, orderIssues, header: table.header };
}

/**
 * The profile of a version an execution produced. The key column and the user's shorthand
 * mapping carry over; types and category values are recomputed from the new bytes.
 */
export function profileNewVersion(content: Uint8Array, previous: DatasetProfile): DatasetProfile {
  const table = parseCsv(content, { keyColumn: previous.keyColumn });
  const profile = profileDataset(table, { keyColumn: previous.keyColumn });
  return {
    ...profile,
    shorthand: previous.shorthand,
    ambiguousShorthand: previous.ambiguousShorthand,
  };
}

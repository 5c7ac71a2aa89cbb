import type { ExecutionPlan } from "@/lib/plan/schema";

export interface PlanRevisionSummary {
  id: string;
  number: number;
  author: string;
  note?: string | null;
  /** ISO date-time. */
  createdAt: string;
  plan: ExecutionPlan;
}

/** The compare view's side for the unsaved draft. */
export const DRAFT_SIDE = "draft";

export interface CompareSides {
  from: string;
  to: string;
}

export function newestFirst<T extends { number: number }>(revisions: readonly T[]): T[] {
  return [...revisions].sort((a, b) => b.number - a.number);
}

/**
 * What "Compare" on a revision shows: that revision against the unsaved draft when there is one,
 * else against the latest revision; the latest itself against the one before it.
 */
export function compareSidesFor(
  revisions: readonly PlanRevisionSummary[],
  revisionId: string,
  dirty: boolean,
): CompareSides {
  const sorted = newestFirst(revisions);
  const to = dirty ? DRAFT_SIDE : (sorted[0]?.id ?? revisionId);
  if (revisionId !== to) return { from: revisionId, to };
  const previous = sorted.find((revision) => revision.id !== to);
  return { from: previous?.id ?? revisionId, to };
}

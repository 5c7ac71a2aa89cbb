import Link from "next/link";
import { PlanStatusBadge } from "@/components/plans/plan-status-badge";
import { formatCount, formatDateTime } from "@/components/ui/format";
import type { PlanForReview } from "@/lib/db/plans";

const PLANNER_NAMES: Record<string, string> = {
  rules: "Rules planner",
  google: "Gemini",
  "openai-compatible": "OpenAI-compatible model",
  manual: "Written by hand",
  revert: "Revert of an execution",
};

/**
 * What the plan does, in words that follow its latest revision, what was asked for, and where it
 * stands: planner, dataset, base version, status.
 */
export function PlanHeader({
  plan,
  createdByName,
  description,
  editedSince,
}: {
  plan: PlanForReview;
  createdByName: string;
  /** `describePlan` of the latest revision. */
  description: string;
  /** The latest revision differs from the first (what the planner or author first wrote). */
  editedSince: boolean;
}) {
  const current = plan.dataset.currentVersion;
  const moved =
    current !== null && current.id !== plan.baseVersion.id && plan.status !== "approved";
  return (
    <header className="mb-6 space-y-3">
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <Link
          href={`/datasets/${plan.dataset.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {plan.dataset.name}
        </Link>
        <span aria-hidden>·</span>
        <span>
          base version <strong className="text-slate-800">v{plan.baseVersion.number}</strong> (
          {formatCount(plan.baseVersion.rowCount)} rows)
        </span>
        <span aria-hidden>·</span>
        <PlanStatusBadge status={plan.status} />
      </div>
      <h1
        className={`font-semibold tracking-tight text-slate-900 ${description.length > 120 ? "text-xl" : "text-2xl"}`}
      >
        {description}
      </h1>
      <p className="text-sm text-slate-700" data-testid="asked-for">
        <span className="text-slate-500">Asked for:</span>{" "}
        {plan.instruction ? `“${plan.instruction}”` : "no instruction (written by hand)"}
        {editedSince ? (
          <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-inset ring-amber-200">
            edited since
          </span>
        ) : null}
      </p>
      <p className="text-sm text-slate-600">
        {PLANNER_NAMES[plan.planner] ?? plan.planner}
        {plan.model ? ` (${plan.model})` : ""}
        {plan.inputTokens !== null || plan.outputTokens !== null
          ? ` · ${formatCount(plan.inputTokens ?? 0)} in / ${formatCount(plan.outputTokens ?? 0)} out tokens`
          : ""}
        {plan.latencyMs !== null ? ` · ${formatCount(plan.latencyMs)} ms` : ""} · drafted by{" "}
        {createdByName} on {formatDateTime(plan.createdAt)}
      </p>
      {plan.revertOf ? (
        <p className="rounded-md border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700">
          This plan reverts execution{" "}
          <Link
            href={`/executions/${plan.revertOf.id}`}
            className="font-mono text-brand-700 hover:underline"
          >
            {plan.revertOf.executionId}
          </Link>
          : it restores every cell that execution changed.
        </p>
      ) : null}
      {moved ? (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          The dataset moved on to v{current.number} since this plan was drafted on v
          {plan.baseVersion.number}. Previewing runs it on v{current.number}.
        </p>
      ) : null}
    </header>
  );
}

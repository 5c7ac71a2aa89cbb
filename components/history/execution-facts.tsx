import Link from "next/link";
import type { ReactNode } from "react";
import { formatDateTime } from "@/components/ui/format";
import type { ExecutionDetail } from "@/lib/db/executions";
import { plannerLabel } from "./planner-label";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** Who ran what on which version, when. */
export function ExecutionFacts({ execution }: { execution: ExecutionDetail }) {
  const datasetId = execution.dataset.id;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6">
      <Fact label="Executed">{formatDateTime(execution.finishedAt ?? execution.createdAt)}</Fact>
      <Fact label="Versions">
        v{execution.baseVersion.number}
        {execution.resultVersion ? (
          <>
            {" → "}
            <Link
              href={`/datasets/${datasetId}/versions/${execution.resultVersion.number}`}
              className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
            >
              v{execution.resultVersion.number}
            </Link>
          </>
        ) : (
          " (no new version)"
        )}
      </Fact>
      <Fact label="Approved by">{execution.approverName}</Fact>
      <Fact label="Planner">
        {plannerLabel(execution.planner, execution.source)}
        {execution.plan?.model ? (
          <span className="text-slate-500"> · {execution.plan.model}</span>
        ) : null}
      </Fact>
      <Fact label="Plan">
        {execution.plan ? (
          <Link
            href={`/plans/${execution.plan.id}`}
            className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
          >
            {execution.planRevision ? `Revision ${execution.planRevision.number}` : "Open plan"}
          </Link>
        ) : (
          <span className="text-slate-600">
            {execution.source === "cli" ? "Applied from the CLI" : "—"}
          </span>
        )}
      </Fact>
      <Fact label="Duration">{formatDuration(execution.durationMs)}</Fact>
    </dl>
  );
}

import { formatDateTime } from "@/components/ui/format";
import type { ExecutionEvent } from "@/lib/db/executions";

const LABELS: Record<string, string> = {
  "plan.drafted": "Drafted",
  "plan.edited": "Edited",
  "plan.restored": "Revision restored",
  "plan.previewed": "Previewed",
  "plan.submitted": "Submitted for approval",
  "plan.rejected": "Rejected",
  "execution.approved": "Approved",
  "execution.applied": "Applied",
  "execution.failed": "Failed",
  "execution.refused": "Refused",
  "execution.reverted": "Reverted",
};

const DOTS: Record<string, string> = {
  "execution.applied": "bg-emerald-500",
  "execution.approved": "bg-brand-600",
  "execution.failed": "bg-red-500",
  "execution.refused": "bg-amber-500",
  "execution.reverted": "bg-slate-500",
};

/** One line saying what an event's detail means, where it has something worth saying. */
function summary(event: ExecutionEvent, executionId: string): string | null {
  const d = event.detail;
  const text = (value: unknown) =>
    typeof value === "string" || typeof value === "number" ? String(value) : "";
  switch (event.type) {
    case "plan.drafted":
      if (d.kind === "revert") {
        return event.executionId === executionId && d.revertOf
          ? `Revert plan drafted (${text(d.operations)} operation${d.operations === 1 ? "" : "s"}${d.laterChanges ? `; ${text(d.laterChanges)} cell${d.laterChanges === 1 ? "" : "s"} changed again later` : ""})`
          : `Inverse plan of ${text(d.revertOf)}`;
      }
      return d.planner ? `by the ${text(d.planner)} planner` : null;
    case "plan.edited":
    case "plan.restored":
      return d.revision
        ? `revision ${text(d.revision)}${d.note ? ` — ${text(d.note)}` : ""}`
        : null;
    case "plan.previewed":
      return d.rowsChanged !== undefined
        ? `${text(d.rowsChanged)} rows, ${text(d.cellsChanged)} cells would change`
        : null;
    case "execution.approved":
      return (
        [
          d.revision ? `revision ${text(d.revision)}` : "",
          d.overrideReason ? `guards overridden: “${text(d.overrideReason)}”` : "",
          d.comment ? `“${text(d.comment)}”` : "",
        ]
          .filter(Boolean)
          .join(" · ") || null
      );
    case "execution.applied":
      return `v${text(d.baseVersion)} → v${text(d.resultVersion)}, ${text(d.rowsChanged)} rows and ${text(d.cellsChanged)} cells changed`;
    case "execution.failed":
    case "execution.refused":
      return d.error ? text(d.error) : null;
    case "execution.reverted":
      return d.revertedBy ? "by a revert execution" : null;
    default:
      return null;
  }
}

/** The audit trail of an execution and its plan, oldest first. */
export function AuditTimeline({
  events,
  executionId,
}: {
  events: ExecutionEvent[];
  executionId: string;
}) {
  if (events.length === 0) {
    return <p className="px-4 py-6 text-sm text-slate-600">No audit events were recorded.</p>;
  }
  return (
    <ol className="relative space-y-4 px-4 py-4" data-testid="audit-timeline">
      {events.map((event, index) => {
        const line = summary(event, executionId);
        return (
          <li key={event.id} className="relative flex gap-3">
            {index < events.length - 1 ? (
              <span
                aria-hidden
                className="absolute left-[5px] top-4 h-[calc(100%+0.5rem)] w-px bg-slate-200"
              />
            ) : null}
            <span
              aria-hidden
              className={`mt-1.5 size-[11px] shrink-0 rounded-full ring-4 ring-white ${DOTS[event.type] ?? "bg-slate-300"}`}
            />
            <div className="min-w-0 text-sm">
              <p>
                <span className="font-medium text-slate-900">
                  {LABELS[event.type] ?? event.type}
                </span>{" "}
                <span className="text-slate-500">
                  · {formatDateTime(event.createdAt)} · {event.actorName}
                </span>
              </p>
              {line ? <p className="mt-0.5 break-words text-slate-600">{line}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

import Link from "next/link";
import { formatDateTime } from "@/components/ui/format";
import type { ExecutionDetail } from "@/lib/db/executions";

const box = "rounded-lg border px-4 py-3 text-sm";

/** What a reader must not miss: errors, overrides, and the revert links both ways. */
export function ExecutionNotices({ execution }: { execution: ExecutionDetail }) {
  const openRevert = execution.revertPlans.find(
    (p) => p.status === "draft" || p.status === "previewed" || p.status === "submitted",
  );
  return (
    <>
      {execution.error ? (
        <div role="alert" className={`${box} border-red-200 bg-red-50 text-red-900`}>
          <p className="font-medium">
            {execution.status === "refused"
              ? "Approval refused; nothing was changed."
              : "The execution failed; nothing was changed."}
          </p>
          <p className="mt-1 whitespace-pre-wrap">{execution.error}</p>
        </div>
      ) : null}
      {execution.overrideReason ? (
        <div className={`${box} border-amber-200 bg-amber-50 text-amber-950`}>
          <p className="font-medium">Guards overridden at approval</p>
          <p className="mt-1 whitespace-pre-wrap">“{execution.overrideReason}”</p>
        </div>
      ) : null}
      {execution.approvalComment ? (
        <div
          className={`${box} border-slate-200 bg-white text-slate-800`}
          data-testid="approval-comment"
        >
          <p className="font-medium">{execution.approverName} wrote when approving</p>
          <p className="mt-1 whitespace-pre-wrap">“{execution.approvalComment}”</p>
        </div>
      ) : null}
      {execution.revertedBy ? (
        <div
          className={`${box} border-slate-300 bg-slate-100 text-slate-800`}
          data-testid="reverted-notice"
        >
          Reverted by{" "}
          <Link
            href={`/executions/${execution.revertedBy.id}`}
            className="font-mono text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
          >
            {execution.revertedBy.executionId}
          </Link>{" "}
          on {formatDateTime(execution.revertedBy.createdAt)}. Its changes are no longer in the
          dataset.
        </div>
      ) : null}
      {execution.reverts ? (
        <div className={`${box} border-slate-200 bg-white text-slate-800`}>
          This execution reverted{" "}
          <Link
            href={`/executions/${execution.reverts.id}`}
            className="font-mono text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
          >
            {execution.reverts.executionId}
          </Link>
          .
        </div>
      ) : null}
      {openRevert && execution.status === "completed" ? (
        <div className={`${box} border-brand-100 bg-brand-50 text-slate-800`}>
          A{" "}
          <Link href={`/plans/${openRevert.id}`} className="text-brand-700 underline">
            revert plan
          </Link>{" "}
          drafted {formatDateTime(openRevert.createdAt)} is waiting for review.
        </div>
      ) : null}
    </>
  );
}

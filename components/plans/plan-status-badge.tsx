const STATUS_STYLES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  previewed: "bg-slate-100 text-slate-700 ring-slate-300",
  submitted: "bg-sky-50 text-sky-800 ring-sky-200",
  approved: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-red-50 text-red-800 ring-red-200",
  failed: "bg-amber-50 text-amber-900 ring-amber-200",
};

/** A plan's status in the words of the people waiting on it. */
const PLAN_STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  previewed: "Previewed",
  submitted: "Awaiting approval",
  approved: "Approved",
  rejected: "Rejected",
  failed: "Approval failed",
};

export function PlanStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="plan-status"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLES[status] ?? STATUS_STYLES.draft}`}
    >
      {PLAN_STATUS_LABELS[status] ?? status}
    </span>
  );
}

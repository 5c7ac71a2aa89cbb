const STYLES: Record<string, string> = {
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  refused: "bg-amber-50 text-amber-900 ring-amber-200",
  reverted: "bg-slate-100 text-slate-700 ring-slate-300",
};

const LABELS: Record<string, string> = {
  completed: "Completed",
  failed: "Failed",
  refused: "Refused",
  reverted: "Reverted",
};

/** An execution's status as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[status] ?? STYLES.reverted}`}
      data-testid="execution-status"
    >
      {LABELS[status] ?? status}
    </span>
  );
}

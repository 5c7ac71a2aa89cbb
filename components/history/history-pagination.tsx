import Link from "next/link";
import { formatCount } from "@/components/ui/format";
import { type HistoryFilters, historyHref } from "@/lib/schemas/history";

/** "41–60 of 1,234" with previous/next links that keep the rest of the view. */
export function HistoryPagination({
  filters,
  total,
  pageCount,
}: {
  filters: HistoryFilters;
  total: number;
  pageCount: number;
}) {
  const first = total === 0 ? 0 : (filters.page - 1) * filters.size + 1;
  const last = Math.min(total, filters.page * filters.size);
  const link =
    "inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm hover:bg-slate-50";
  const disabled =
    "inline-flex h-8 items-center rounded-md border border-slate-200 px-3 text-sm text-slate-400";
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p data-testid="history-count">
        {total === 0
          ? "No executions"
          : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="flex items-center gap-2">
        {filters.page > 1 ? (
          <Link href={historyHref(filters, { page: filters.page - 1 })} className={link} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            ← Previous
          </span>
        )}
        <span className="tabular-nums">
          Page {formatCount(Math.min(filters.page, pageCount))} of {formatCount(pageCount)}
        </span>
        {filters.page < pageCount ? (
          <Link href={historyHref(filters, { page: filters.page + 1 })} className={link} rel="next">
            Next →
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Next →
          </span>
        )}
      </div>
    </nav>
  );
}

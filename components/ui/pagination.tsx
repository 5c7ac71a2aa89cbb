import Link from "next/link";
import { formatCount } from "@/components/ui/format";

/** "41–60 of 1,234" with previous/next links that keep the rest of the view. */
export function Pagination({
  page,
  size,
  total,
  pageCount,
  hrefFor,
  noun,
  testId,
}: {
  page: number;
  size: number;
  total: number;
  pageCount: number;
  /** The link to another page of the same view. */
  hrefFor: (page: number) => string;
  /** What is counted, plural: "No executions". */
  noun: string;
  testId?: string;
}) {
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  const link =
    "inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm hover:bg-slate-50";
  const disabled =
    "inline-flex h-8 items-center rounded-md border border-slate-200 px-3 text-sm text-slate-400";
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
    >
      <p data-testid={testId}>
        {total === 0
          ? `No ${noun}`
          : `${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}`}
      </p>
      <div className="flex items-center gap-2">
        {page > 1 ? (
          <Link href={hrefFor(page - 1)} className={link} rel="prev">
            ← Previous
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            ← Previous
          </span>
        )}
        <span className="tabular-nums">
          Page {formatCount(Math.min(page, pageCount))} of {formatCount(pageCount)}
        </span>
        {page < pageCount ? (
          <Link href={hrefFor(page + 1)} className={link} rel="next">
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

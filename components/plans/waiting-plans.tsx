import Link from "next/link";
import { formatCount, formatRelative } from "@/components/ui/format";
import type { PlanListRow } from "@/lib/db/plan-list";

/** The home page's "waiting for you": plans the signed-in approver can approve now. */
export function WaitingPlans({
  rows,
  total,
  href,
  now,
}: {
  rows: PlanListRow[];
  total: number;
  href: string;
  now: Date;
}) {
  return (
    <section
      aria-labelledby="waiting-heading"
      className="mb-6 rounded-lg border border-sky-200 bg-sky-50 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="waiting-heading" className="text-sm font-semibold text-sky-900">
          {total === 1
            ? "1 plan waits for your approval"
            : `${formatCount(total)} plans wait for your approval`}
        </h2>
        <Link href={href} className="text-sm font-medium text-brand-700 hover:underline">
          See all
        </Link>
      </div>
      <ul className="mt-2 divide-y divide-sky-100">
        {rows.map((row) => (
          <li
            key={row.id}
            className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
          >
            <Link
              href={`/plans/${row.id}`}
              className="min-w-0 truncate font-medium text-slate-900 hover:underline"
            >
              {row.instruction}
            </Link>
            <span className="text-xs text-slate-600">
              {row.dataset.name} · {row.authorName} ·{" "}
              {row.rowsAffected === null ? "" : `${formatCount(row.rowsAffected)} rows · `}
              {formatRelative(row.updatedAt, now)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

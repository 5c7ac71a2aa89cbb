import Link from "next/link";
import { formatCount } from "@/components/ui/format";
import { PLAN_TAB_NAMES, type PlanFilters, type PlanTab, plansHref } from "@/lib/schemas/plans";

/** Drafts, Awaiting approval, Approved, Rejected — each with its count under the filters. */
export function PlanTabs({
  filters,
  counts,
}: {
  filters: PlanFilters;
  counts: Record<PlanTab, number>;
}) {
  return (
    <nav
      aria-label="Plan status"
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {(Object.keys(PLAN_TAB_NAMES) as PlanTab[]).map((tab) => {
        const active = filters.tab === tab;
        return (
          <Link
            key={tab}
            href={plansHref(filters, { tab })}
            aria-current={active ? "page" : undefined}
            className={`-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${
              active
                ? "border-brand-600 text-slate-900"
                : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {PLAN_TAB_NAMES[tab]}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700">
              {formatCount(counts[tab])}
            </span>
          </Link>
        );
      })}
    </nav>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PlanFilterForm } from "@/components/plans/plan-filters";
import { PlanTable } from "@/components/plans/plan-table";
import { PlanTabs } from "@/components/plans/plan-tabs";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { requirePageActor } from "@/lib/auth/page";
import { can } from "@/lib/auth/permissions";
import { listPlanFacets, listPlans } from "@/lib/db/plan-list";
import { PLAN_TAB_NAMES, type PlanFilters, parsePlanFilters, plansHref } from "@/lib/schemas/plans";

export const metadata: Metadata = { title: "Plans" };
export const dynamic = "force-dynamic";

const EMPTY: Record<PlanFilters["tab"], string> = {
  drafts: "Plans being written show here until their author submits them for approval.",
  awaiting: "Plans submitted for approval wait here for an approver.",
  approved: "Plans that were approved and applied show here.",
  rejected: "Rejected plans show here with the reason, ready to revise.",
};

export default async function PlansPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor("plan.read");
  const mayApprove = can(actor.role, "plan.approve");
  const filters = parsePlanFilters(await searchParams);
  const viewer = { id: actor.id, mayApprove };
  const [page, facets] = await Promise.all([listPlans(filters, viewer), listPlanFacets()]);
  const filtered = Boolean(
    filters.dataset || filters.author || filters.mine || filters.waiting || filters.q,
  );

  return (
    <>
      <PageHeader
        title="Plans"
        description="Every plan, from draft to approval. Open one to review its changes."
        actions={
          can(actor.role, "plan.draft") ? <ButtonLink href="/plans/new">New plan</ButtonLink> : null
        }
      />
      <div className="space-y-4">
        <PlanFilterForm
          key={plansHref(filters)}
          filters={filters}
          datasets={facets.datasets}
          authors={facets.authors}
          mayApprove={mayApprove}
        />
        <PlanTabs filters={filters} counts={page.tabCounts} />
        {page.total === 0 ? (
          <EmptyState
            title={
              filtered
                ? `No ${PLAN_TAB_NAMES[filters.tab].toLowerCase()} plans match these filters`
                : `No plans ${filters.tab === "drafts" ? "in draft" : PLAN_TAB_NAMES[filters.tab].toLowerCase()}`
            }
          >
            {filtered ? "Clear a filter or try another tab." : EMPTY[filters.tab]}
          </EmptyState>
        ) : (
          <>
            <SortLinks filters={filters} />
            <PlanTable rows={page.rows} now={new Date()} />
            <Pagination
              page={filters.page}
              size={filters.size}
              total={page.total}
              pageCount={page.pageCount}
              hrefFor={(number) => plansHref(filters, { page: number })}
              noun="plans"
              testId="plans-count"
            />
          </>
        )}
      </div>
    </>
  );
}

function SortLinks({ filters }: { filters: PlanFilters }) {
  const options = [
    { label: "Last change", sort: "updated" as const },
    { label: "Created", sort: "created" as const },
  ];
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <span>Sort by</span>
      {options.map((option) => {
        const active = filters.sort === option.sort;
        const dir = active && filters.dir === "desc" ? "asc" : "desc";
        return (
          <Link
            key={option.sort}
            href={plansHref(filters, { sort: option.sort, dir })}
            aria-current={active ? "true" : undefined}
            className={active ? "font-medium text-slate-900" : "hover:underline"}
          >
            {option.label}
            {active ? (filters.dir === "desc" ? " (newest first)" : " (oldest first)") : ""}
          </Link>
        );
      })}
    </p>
  );
}

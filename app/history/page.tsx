import type { Metadata } from "next";
import { HistoryFilterForm } from "@/components/history/history-filters";
import { HistoryPagination } from "@/components/history/history-pagination";
import { HistoryTable } from "@/components/history/history-table";
import { RowHistoryLinks } from "@/components/history/row-history-links";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageActor } from "@/lib/auth/page";
import { listExecutions, listHistoryFacets } from "@/lib/db/history";
import { historyQuery, parseHistoryFilters } from "@/lib/schemas/history";

export const metadata: Metadata = { title: "History" };
export const dynamic = "force-dynamic";

export default async function HistoryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageActor("history.read");
  const filters = parseHistoryFilters(await searchParams);
  const [page, facets] = await Promise.all([listExecutions(filters), listHistoryFacets()]);
  const { sort: _sort, dir: _dir, page: _page, size: _size, ...exportFilters } = filters;
  const exportQuery = historyQuery(exportFilters);
  const filtered = exportQuery !== "";

  return (
    <>
      <PageHeader
        title="History"
        description="Every execution: what was asked, what changed, who approved it. Click one for its plan, diff, audit trail and revert."
        actions={
          <>
            <a
              href={`/api/history/export?${exportQuery ? `${exportQuery}&` : ""}format=csv`}
              download
              className={buttonClasses("secondary")}
              title="Every changed cell with its execution, dataset, versions, author and approver, for the filters shown; opens in a spreadsheet"
            >
              Export CSV
            </a>
            <a
              href={`/api/history/export${exportQuery ? `?${exportQuery}` : ""}`}
              download
              className={buttonClasses("secondary")}
              title="One JSON line per execution, in the seed executor's audit format, for the filters and date range shown"
            >
              Export JSON lines
            </a>
          </>
        }
      />
      <div className="space-y-4">
        <HistoryFilterForm
          key={historyQuery(filters)}
          filters={filters}
          datasets={facets.datasets}
          planners={facets.planners}
        />
        {filters.key && page.rows.length > 0 ? (
          <RowHistoryLinks rowKey={filters.key} datasets={page.rows.map((row) => row.dataset)} />
        ) : null}
        {page.total === 0 ? (
          <EmptyState title={filtered ? "No executions match these filters" : "No executions yet"}>
            {filtered
              ? "Widen the date range or clear a filter."
              : "Approve a plan and its execution appears here, with every changed cell."}
          </EmptyState>
        ) : (
          <>
            <HistoryTable rows={page.rows} filters={filters} />
            <HistoryPagination filters={filters} total={page.total} pageCount={page.pageCount} />
          </>
        )}
      </div>
    </>
  );
}

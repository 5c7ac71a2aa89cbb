import { Pagination } from "@/components/ui/pagination";
import { type HistoryFilters, historyHref } from "@/lib/schemas/history";

/** The history's pages, keeping its filters and sort. */
export function HistoryPagination({
  filters,
  total,
  pageCount,
}: {
  filters: HistoryFilters;
  total: number;
  pageCount: number;
}) {
  return (
    <Pagination
      page={filters.page}
      size={filters.size}
      total={total}
      pageCount={pageCount}
      hrefFor={(page) => historyHref(filters, { page })}
      noun="executions"
      testId="history-count"
    />
  );
}

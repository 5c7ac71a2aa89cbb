import { withRoute } from "@/lib/auth/route";
import { downloadResponse, streamText } from "@/lib/http/download";
import { parseHistoryFilters } from "@/lib/schemas/history";
import { historyCsvChunks, historyExportChunks } from "@/lib/services/execution-exports";

/**
 * The history for the filters of the history page — typically a date range:
 * `?from=2026-01-01&to=2026-01-31`. As JSON lines, one audit record per execution (oldest
 * first), or with `format=csv` as a spreadsheet-safe CSV of every changed cell with its
 * execution, dataset, versions, author and approver.
 */
export const GET = withRoute("download.read", async (request) => {
  const url = new URL(request.url);
  const {
    sort: _sort,
    dir: _dir,
    page: _page,
    size: _size,
    ...filters
  } = parseHistoryFilters(Object.fromEntries(url.searchParams));
  const range = [filters.from, filters.to].filter(Boolean).join("-to-") || "all";
  if (url.searchParams.get("format") === "csv") {
    return downloadResponse(streamText(historyCsvChunks(filters)), {
      fileName: `signoff-history-${range}.csv`,
      contentType: "text/csv; charset=utf-8",
    });
  }
  return downloadResponse(streamText(historyExportChunks(filters)), {
    fileName: `signoff-history-${range}.jsonl`,
    contentType: "application/x-ndjson; charset=utf-8",
  });
});

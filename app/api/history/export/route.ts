import { withRoute } from "@/lib/auth/route";
import { downloadResponse, streamText } from "@/lib/http/download";
import { parseHistoryFilters } from "@/lib/schemas/history";
import { historyExportChunks } from "@/lib/services/execution-exports";

/**
 * The history as JSON lines, one audit record per execution (oldest first), for the filters of
 * the history page — typically a date range: `?from=2026-01-01&to=2026-01-31`.
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
  return downloadResponse(streamText(historyExportChunks(filters)), {
    fileName: `signoff-history-${range}.jsonl`,
    contentType: "application/x-ndjson; charset=utf-8",
  });
});

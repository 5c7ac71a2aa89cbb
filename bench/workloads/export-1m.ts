import path from "node:path";
import { BENCH_DIR, measure, round, SERVER_ONLY_HOOK } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/** The server's memory may grow by at most this much while an export streams. */
const LIMIT_MB = 150;

/**
 * export-1m: the history CSV export of one execution with 1,000,000 change records (100,000 with
 * --quick), read through the streamed response the route returns. `seconds` is the whole export;
 * `rss_growth_mb` the peak memory above what the process held before it. Target: ≤ 150 MB.
 */
export const export1m: Workload = {
  name: "export-1m",
  description: "streamed CSV audit export of an execution with 1,000,000 change records",
  async run({ quick }): Promise<WorkloadReport> {
    const changes = quick ? 100_000 : 1_000_000;
    const ours = measure(process.execPath, [
      "--expose-gc",
      "--import",
      SERVER_ONLY_HOOK,
      "--import",
      "tsx",
      path.join(BENCH_DIR, "children/export.ts"),
      String(changes),
    ]);
    const growth = Number(ours.report.rss_growth_mb);
    return {
      workload: "export-1m",
      seconds: round(ours.seconds, 3),
      peak_rss_mb: ours.peak_rss_mb,
      changes,
      exported_mb: ours.report.exported_mb,
      rss_before_mb: ours.report.rss_before_mb,
      rss_growth_mb: growth,
      limit_mb: LIMIT_MB,
      within_limit: growth <= LIMIT_MB,
      process_seconds: ours.process_seconds,
    };
  },
};

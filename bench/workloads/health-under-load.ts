import { catalogRows } from "../data";
import { round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";
import { measureServerChild } from "./server-child";

/** /api/health must answer within this, at the 99th percentile, while large work runs. */
const LIMIT_MS = 200;

/**
 * health-under-load: the production server with the 1M-row catalog (100,000 rows with --quick);
 * /api/health asked every 50 ms while a preview runs, then while an approval and another preview
 * run together. `seconds` is the 99th percentile of the health answers under that load.
 */
export const healthUnderLoad: Workload = {
  name: "health-under-load",
  description: "/api/health latency while a 1M-row preview and approval run",
  async run({ quick }): Promise<WorkloadReport> {
    const ours = await measureServerChild("health", quick);
    const report = ours.report as Record<string, { p99_ms: number }> & Record<string, unknown>;
    const p99 = Number(report.under_load.p99_ms);
    return {
      workload: "health-under-load",
      seconds: round(ours.seconds, 3),
      peak_rss_mb: ours.peak_rss_mb,
      rows: catalogRows(quick),
      p99_ms: p99,
      limit_ms: LIMIT_MS,
      within_limit: p99 < LIMIT_MS,
      flow_seconds: round(Number(report.flow_seconds), 3),
      idle: report.idle,
      during_preview: report.during_preview,
      during_approval_and_preview: report.during_approval_and_preview,
    };
  },
};

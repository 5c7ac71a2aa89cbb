import { catalogRows } from "../data";
import { round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";
import { measureServerChild } from "./server-child";

/** Targets: idle ≤ 300 MB after start; back to ≤ 500 MB within 60 s after a 1M-row approval. */
const IDLE_LIMIT_MB = 300;
const SETTLED_LIMIT_MB = 500;

/**
 * memory: the production server's resident memory (from /proc, the server process only) after
 * start, after the first pages, at its peak while a 1M-row catalog is uploaded, previewed and
 * approved, and for 60 s afterwards. `seconds` is the upload-to-approval flow's wall time.
 */
export const memory: Workload = {
  name: "memory",
  description: "server memory at idle and after a 1M-row approval",
  async run({ quick }): Promise<WorkloadReport> {
    const ours = await measureServerChild("memory", quick);
    const report = ours.report;
    const idle = Number(report.idle_rss_mb);
    const settled = Number(report.rss_after_60s_mb);
    return {
      workload: "memory",
      seconds: round(ours.seconds, 3),
      peak_rss_mb: Number(report.peak_rss_mb),
      rows: catalogRows(quick),
      idle_rss_mb: idle,
      after_pages_rss_mb: report.after_pages_rss_mb,
      after_approval_rss_mb: report.after_approval_rss_mb,
      rss_after_60s_mb: settled,
      rss_every_5s_mb: report.rss_every_5s_mb,
      seconds_to_500_mb: report.seconds_to_500_mb,
      idle_limit_mb: IDLE_LIMIT_MB,
      settled_limit_mb: SETTLED_LIMIT_MB,
      within_limit: idle <= IDLE_LIMIT_MB && settled <= SETTLED_LIMIT_MB,
    };
  },
};

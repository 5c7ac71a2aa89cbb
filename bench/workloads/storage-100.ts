import path from "node:path";
import { catalogCsv, catalogRows } from "../data";
import { BENCH_DIR, measure, round, SERVER_ONLY_HOOK } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/** Everything stored after the approvals, as a multiple of the first version's size. */
const RATIO_LIMIT = 3;

/**
 * storage-100: the 1M-row catalog (100,000 rows with --quick), then 100 versions each changing
 * 1% of its rows, written by the app's version writer on SQLite. Reports the bytes stored for
 * all 101 versions against the first one's size (target ≤ 3×), the time of each write, and how
 * long the oldest version takes to read back exactly.
 */
export const storage100: Workload = {
  name: "storage-100",
  description: "bytes stored after 100 versions of 1% changes on the 1M-row catalog",
  async run({ quick }): Promise<WorkloadReport> {
    const rows = catalogRows(quick);
    const ours = measure(process.execPath, [
      "--import",
      SERVER_ONLY_HOOK,
      "--import",
      "tsx",
      path.join(BENCH_DIR, "children/storage.ts"),
      catalogCsv(rows),
    ]);
    const ratio = Number(ours.report.ratio);
    return {
      workload: "storage-100",
      seconds: round(ours.seconds, 3),
      peak_rss_mb: ours.peak_rss_mb,
      rows,
      approvals: ours.report.approvals,
      first_version_bytes: ours.report.first_version_bytes,
      stored_bytes: ours.report.stored_bytes,
      ratio: round(ratio, 3),
      ratio_limit: RATIO_LIMIT,
      within_limit: ratio <= RATIO_LIMIT,
      versions_by_storage: ours.report.versions_by_storage,
      write_ms_median: ours.report.write_ms_median,
      write_ms_max: ours.report.write_ms_max,
      oldest_read_seconds: round(Number(ours.report.oldest_read_seconds), 3),
    };
  },
};

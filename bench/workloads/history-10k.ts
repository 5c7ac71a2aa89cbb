import path from "node:path";
import { BENCH_DIR, measure, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/** Target: a filtered history page renders on the server in ≤ 200 ms with 10,000 executions. */
const LIMIT_MS = 200;

/**
 * history-10k: with 10,000 executions stored (1,000 with --quick), the history page's server
 * work — the filtered query, the facets, and rendering the table to HTML — for five views
 * (newest first; status + dataset sorted by rows; instruction text; a row key; a date range with
 * a planner on page 3). `seconds` is the slowest view's median.
 */
export const history10k: Workload = {
  name: "history-10k",
  description: "filtered history page (query + render) over 10,000 executions",
  async run({ quick }): Promise<WorkloadReport> {
    const executions = quick ? 1_000 : 10_000;
    const ours = measure(process.execPath, [
      "--import",
      path.join(BENCH_DIR, "children/server-only-hook.mjs"),
      "--import",
      "tsx",
      path.join(BENCH_DIR, "children/history.ts"),
      String(executions),
    ]);
    const worstMs = round(ours.seconds * 1000, 1);
    return {
      workload: "history-10k",
      seconds: round(ours.seconds, 4),
      peak_rss_mb: ours.peak_rss_mb,
      executions,
      limit_ms: LIMIT_MS,
      within_limit: worstMs <= LIMIT_MS,
      views: ours.report.views,
      process_seconds: ours.process_seconds,
    };
  },
};

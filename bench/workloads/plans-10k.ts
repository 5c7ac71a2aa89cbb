import path from "node:path";
import { BENCH_DIR, measure, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/** Target: the plans page's first page renders on the server in ≤ 200 ms with 10,000 plans. */
const LIMIT_MS = 200;

/**
 * plans-10k: with 10,000 plans stored (1,000 with --quick), the plans page's server work — the
 * tab's page, every tab's count, the filter menus, the "waiting for you" count, and rendering
 * the tabs, table and pagination to HTML — for six views (the default tab, drafts, waiting for
 * me, mine, text + dataset, a later page). `seconds` is the slowest view's median.
 */
export const plans10k: Workload = {
  name: "plans-10k",
  description: "plans page (query + render) over 10,000 plans",
  async run({ quick }): Promise<WorkloadReport> {
    const plans = quick ? 1_000 : 10_000;
    const ours = measure(process.execPath, [
      "--import",
      path.join(BENCH_DIR, "children/server-only-hook.mjs"),
      "--import",
      "tsx",
      path.join(BENCH_DIR, "children/plans.ts"),
      String(plans),
    ]);
    const worstMs = round(ours.seconds * 1000, 1);
    return {
      workload: "plans-10k",
      seconds: round(ours.seconds, 4),
      peak_rss_mb: ours.peak_rss_mb,
      plans,
      limit_ms: LIMIT_MS,
      within_limit: worstMs <= LIMIT_MS,
      views: ours.report.views,
      process_seconds: ours.process_seconds,
    };
  },
};

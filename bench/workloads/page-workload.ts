import path from "node:path";
import { BENCH_DIR, measure, round, SERVER_ONLY_HOOK } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/** A page's server work must fit in this (history-10k, plans-10k). */
const LIMIT_MS = 200;

/**
 * A page benchmark: its child (bench/children/<child>.ts, built on `benchPageViews`) seeds
 * `count` records (a tenth with --quick) and times the page's views; `seconds` is the slowest
 * view's median, against the 200 ms limit.
 */
export function pageWorkload(options: {
  name: string;
  description: string;
  child: string;
  /** The report's name for the count: "executions", "plans". */
  countName: string;
  count: number;
}): Workload {
  return {
    name: options.name,
    description: options.description,
    async run({ quick }): Promise<WorkloadReport> {
      const count = quick ? options.count / 10 : options.count;
      const ours = measure(process.execPath, [
        "--import",
        SERVER_ONLY_HOOK,
        "--import",
        "tsx",
        path.join(BENCH_DIR, `children/${options.child}.ts`),
        String(count),
      ]);
      const worstMs = round(ours.seconds * 1000, 1);
      return {
        workload: options.name,
        seconds: round(ours.seconds, 4),
        peak_rss_mb: ours.peak_rss_mb,
        [options.countName]: count,
        limit_ms: LIMIT_MS,
        within_limit: worstMs <= LIMIT_MS,
        views: ours.report.views,
        process_seconds: ours.process_seconds,
      };
    },
  };
}

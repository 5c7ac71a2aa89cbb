import { measureTs, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/**
 * planner-rules: the offline rules planner over its whole test corpus (110 instructions on three
 * catalogs, refusals included), each call timed on its own over 20 rounds (5 with --quick).
 * `seconds` is the mean time of one plan; p99 is the tail a person typing would notice.
 */
export const plannerRules: Workload = {
  name: "planner-rules",
  description: "rules planner: mean and p99 planning time over the corpus",
  async run({ quick }): Promise<WorkloadReport> {
    const rounds = quick ? 5 : 20;
    const ours = measureTs("children/planner.ts", [String(rounds)]);
    const { report } = ours;
    return {
      workload: "planner-rules",
      seconds: round(ours.seconds, 6),
      peak_rss_mb: ours.peak_rss_mb,
      baselines: {},
      cases: report.cases,
      refusals: report.refusals,
      rounds,
      mean_ms: round(Number(report.mean_ms), 3),
      p50_ms: round(Number(report.p50_ms), 3),
      p99_ms: round(Number(report.p99_ms), 3),
      max_ms: round(Number(report.max_ms), 3),
    };
  },
};

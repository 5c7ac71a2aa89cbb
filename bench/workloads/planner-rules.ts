import { measureTs, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/**
 * planner-rules: the offline rules planner on a 100,000-row staff roster, with the lookups the
 * app gives it (every key, every text column's values): the staff domain's instructions, each
 * call timed on its own over 20 rounds (5 with --quick). `seconds` is the mean time of one plan;
 * p99 is the tail a person typing would notice (target ≤ 5 ms). `index_ms` is the one-off cost of
 * reading a table version's values into the planner's vocabulary; `corpus_*` cover every small
 * table of the corpora.
 */
export const plannerRules: Workload = {
  name: "planner-rules",
  description: "rules planner: mean and p99 planning time on a 100k-row table",
  async run({ quick }): Promise<WorkloadReport> {
    const rounds = quick ? 5 : 20;
    const ours = measureTs("children/planner.ts", [String(rounds)]);
    const { report } = ours;
    return {
      workload: "planner-rules",
      seconds: round(ours.seconds, 6),
      peak_rss_mb: ours.peak_rss_mb,
      baselines: {},
      rows: report.rows,
      cases: report.cases,
      refusals: report.refusals,
      rounds,
      mean_ms: round(Number(report.mean_ms), 3),
      p50_ms: round(Number(report.p50_ms), 3),
      p99_ms: round(Number(report.p99_ms), 3),
      max_ms: round(Number(report.max_ms), 3),
      index_ms: round(Number(report.index_ms), 1),
      corpus_cases: report.corpus_cases,
      corpus_mean_ms: round(Number(report.corpus_mean_ms), 3),
      corpus_p99_ms: round(Number(report.corpus_p99_ms), 3),
    };
  },
};

import { catalogCsv } from "../data";
import { type Measured, measureAsServer, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

const ROWS = 100_000;

/** One child run: a 100k-row dataset, a plan changing every price, preview then approval. */
function runApproveChild(rows: number): Measured {
  return measureAsServer("children/approve.ts", [catalogCsv(rows)]);
}

/**
 * Both workloads read the same child runs, so `npm run bench` runs them once: each workload
 * keeps the run fastest at its own step.
 */
const childRuns = new Map<string, Measured[]>();
function approveChildRuns(rows: number, repeat: number): Measured[] {
  const key = `${rows}:${repeat}`;
  let runs = childRuns.get(key);
  if (!runs) {
    runs = Array.from({ length: repeat }, () => runApproveChild(rows));
    childRuns.set(key, runs);
  }
  return runs;
}

function fastestBy(runs: Measured[], seconds: (run: Measured) => number): Measured {
  return runs.reduce((best, run) => (seconds(run) < seconds(best) ? run : best));
}

/**
 * approve-100k: the approval transaction (idempotency and stale checks, executor re-run with the
 * change-set hash compared, new version, execution, 100,000 change records, audit events) for a
 * plan that changes every row's price. Target ≤ 1.5 s. --quick uses 20,000 rows.
 */
export const approve100k: Workload = {
  name: "approve-100k",
  description: "approval transaction of a plan changing all 100,000 rows",
  async run({ quick, repeat }): Promise<WorkloadReport> {
    const rows = quick ? 20_000 : ROWS;
    const ours = fastestBy(approveChildRuns(rows, repeat), (run) => run.seconds);
    return {
      workload: "approve-100k",
      seconds: round(ours.seconds, 3),
      peak_rss_mb: ours.peak_rss_mb,
      runs: repeat,
      rows: ours.report.rows,
      cells_changed: ours.report.cells_changed,
      // Where the time went, in milliseconds (the approval reuses the base version the preview
      // parsed in the same process, so its "parse" is about 0).
      phases_ms: ours.report.approve_phases_ms,
      // Hits, misses and evictions of the parsed-table cache previews and approvals share.
      table_cache: ours.report.table_cache,
      limit_seconds: 1.5,
      within_limit: ours.seconds <= 1.5,
    };
  },
};

/**
 * preview-100k: the preview server action's work on the same data — load the base version,
 * validate, check order conflicts, dry-run, record the preview hash, cache the change set for
 * the diff table. Target ≤ 0.5 s. `seconds` is the first preview of the version (which parses
 * it) in a process that has served one small preview before; `again_seconds` a second preview,
 * as after an edit of the plan.
 */
export const preview100k: Workload = {
  name: "preview-100k",
  description: "preview of a plan changing all 100,000 rows",
  async run({ quick, repeat }): Promise<WorkloadReport> {
    const rows = quick ? 20_000 : ROWS;
    const previewSeconds = (run: Measured) => Number(run.report.preview_seconds);
    const ours = fastestBy(approveChildRuns(rows, repeat), previewSeconds);
    const seconds = previewSeconds(ours);
    return {
      workload: "preview-100k",
      seconds: round(seconds, 3),
      peak_rss_mb: ours.peak_rss_mb,
      runs: repeat,
      rows: ours.report.rows,
      cells_changed: ours.report.cells_changed,
      // The first preview of a version parses it; later ones reuse the parsed table.
      phases_ms: ours.report.preview_phases_ms,
      again_seconds: round(Number(ours.report.preview_again_seconds), 3),
      again_phases_ms: ours.report.preview_again_phases_ms,
      table_cache: ours.report.table_cache,
      limit_seconds: 0.5,
      within_limit: seconds <= 0.5,
    };
  },
};

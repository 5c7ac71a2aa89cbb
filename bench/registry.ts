import { approve100k, preview100k } from "./workloads/approve-100k";
import { approve1mPg, approve100kPg } from "./workloads/approve-postgres";
import { diffUi300k } from "./workloads/diff-ui-300k";
import { approve1m, cliApply1m } from "./workloads/end-to-end-1m";
import { executor1m } from "./workloads/executor-1m";
import { executorExpr } from "./workloads/executor-expr";
import { export1m } from "./workloads/export-1m";
import { healthUnderLoad } from "./workloads/health-under-load";
import { history10k } from "./workloads/history-10k";
import { memory } from "./workloads/memory";
import { plannerRules } from "./workloads/planner-rules";
import { plans10k } from "./workloads/plans-10k";
import { storage100 } from "./workloads/storage-100";
import { upload1m } from "./workloads/upload-1m";

/**
 * Benchmark workloads. Each lives in bench/workloads/<name>.ts and exports a `Workload`; add it to
 * WORKLOADS below to make `npm run bench -- <name>` find it.
 */

export interface WorkloadOptions {
  /** Smaller inputs (about 100k rows) so the whole suite runs in under a minute. */
  quick: boolean;
  /** Runs per implementation; the fastest counts (a shared machine is noisy). Default 1. */
  repeat: number;
}

/** One JSON line of the report: at least these fields, plus whatever the workload measures. */
export interface WorkloadReport {
  workload: string;
  seconds: number;
  peak_rss_mb: number;
  [field: string]: unknown;
}

export interface Workload {
  name: string;
  description: string;
  run(options: WorkloadOptions): Promise<WorkloadReport>;
}

export const WORKLOADS: readonly Workload[] = [
  executor1m,
  executorExpr,
  cliApply1m,
  approve1m,
  upload1m,
  history10k,
  plans10k,
  export1m,
  approve100k,
  preview100k,
  approve100kPg,
  approve1mPg,
  storage100,
  diffUi300k,
  plannerRules,
  memory,
  healthUnderLoad,
];

export function findWorkload(name: string): Workload | undefined {
  return WORKLOADS.find((w) => w.name === name);
}

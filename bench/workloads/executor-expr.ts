import fs from "node:fs";
import path from "node:path";
import { catalogCsv, catalogProfile, catalogRows, scratchFile } from "../data";
import { fastestOf, measureTs, round, SHARED_BENCH } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/**
 * executor-1m-expr: a formula on the 1M-row catalog (100k with --quick): every in-stock price set
 * to cost × 1.4, rounded to cents. Measured beside executor-1m's 3-operation plan in the same
 * run, by the same child, so the figure that matters is the ratio (target ≤ 1.3).
 *
 * The per-category average filter the target also names needs per-group aggregates, which the
 * plan language does not have yet; this workload times the formula alone.
 */
export const executorExpr: Workload = {
  name: "executor-1m-expr",
  description: "the formula price = cost × 1.4 (cents) over the in-stock rows, beside executor-1m",
  async run({ quick, repeat }): Promise<WorkloadReport> {
    const rows = catalogRows(quick);
    const csv = catalogCsv(rows);
    const profile = catalogProfile(csv);
    const formula = scratchFile("plan-formula.json");
    fs.writeFileSync(formula, JSON.stringify(FORMULA_PLAN));
    const threeOps = path.join(SHARED_BENCH, "plan-3ops.json");
    const outputs = {
      formula: scratchFile(`executor-expr-${rows}.csv`),
      threeOps: scratchFile(`executor-expr-3ops-${rows}.csv`),
    };
    const fresh = (file: string) => fs.rmSync(file, { force: true });
    const [expr, base] = fastestOf(repeat, [
      () => {
        fresh(outputs.formula);
        return measureTs("children/executor.ts", [formula, csv, profile, outputs.formula]);
      },
      () => {
        fresh(outputs.threeOps);
        return measureTs("children/executor.ts", [threeOps, csv, profile, outputs.threeOps]);
      },
    ]);
    return {
      workload: "executor-1m-expr",
      seconds: round(expr.seconds, 3),
      peak_rss_mb: expr.peak_rss_mb,
      runs: repeat,
      rows: expr.report.rows,
      changes: expr.report.changes,
      phases: expr.report.phases,
      baselines: {
        executor_1m: {
          seconds: round(base.seconds, 3),
          peak_rss_mb: base.peak_rss_mb,
          changes: base.report.changes,
        },
      },
      ratio: round(expr.seconds / base.seconds, 3),
    };
  },
};

const FORMULA_PLAN = {
  execution_id: "bench_formula_0001",
  created_at: "2026-01-01T00:00:00Z",
  source_instruction: "Set the price of in-stock products to cost × 1.4, rounded to cents",
  operations: [
    {
      operation_id: "price_from_cost",
      filter: { in_stock: true },
      action: { type: "set_expression", column: "price", expression: "cost * 1.4" },
      options: { round_to: 2 },
    },
  ],
};

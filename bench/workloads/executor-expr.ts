import fs from "node:fs";
import path from "node:path";
import { catalogCsv, catalogProfile, catalogRows, scratchFile } from "../data";
import { FIXTURES_DIR, fastestOf, measureBundled, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/**
 * executor-1m-expr: a formula behind a per-group filter on the 1M-row catalog (100k with
 * --quick): each category's average price, then every price below its own category's average
 * set to cost × 1.4, rounded to cents. Measured beside executor-1m's 3-operation plan in the same
 * run, by the same child, so the figure that matters is the ratio (target ≤ 1.3).
 */
export const executorExpr: Workload = {
  name: "executor-1m-expr",
  description:
    "price = cost × 1.4 (cents) where price is below its category's average, beside executor-1m",
  async run({ quick, repeat }): Promise<WorkloadReport> {
    const rows = catalogRows(quick);
    const csv = catalogCsv(rows);
    const profile = catalogProfile(csv);
    const formula = scratchFile("plan-formula.json");
    fs.writeFileSync(formula, JSON.stringify(FORMULA_PLAN));
    const threeOps = path.join(FIXTURES_DIR, "plan-3ops.json");
    const outputs = {
      formula: scratchFile(`executor-expr-${rows}.csv`),
      threeOps: scratchFile(`executor-expr-3ops-${rows}.csv`),
    };
    const fresh = (file: string) => fs.rmSync(file, { force: true });
    const [expr, base] = fastestOf(repeat, [
      () => {
        fresh(outputs.formula);
        return measureBundled("children/executor.ts", [formula, csv, profile, outputs.formula]);
      },
      () => {
        fresh(outputs.threeOps);
        return measureBundled("children/executor.ts", [threeOps, csv, profile, outputs.threeOps]);
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
  source_instruction:
    "Set the price of products priced below their category's average to cost × 1.4, rounded to cents",
  operations: [
    {
      operation_id: "category_average",
      filter: {},
      action: {
        type: "aggregate",
        fn: "avg",
        column: "price",
        result_variable: "category_avg",
        group_by: "category",
      },
    },
    {
      operation_id: "price_from_cost",
      depends_on: ["category_average"],
      filter: { all: [{ column: "price", op: "lt", value: "${category_avg}" }] },
      action: { type: "set_expression", column: "price", expression: "cost * 1.4" },
      options: { round_to: 2 },
    },
  ],
};

/**
 * Child process: the Polars baseline for a seed-shorthand plan — read_csv with typed columns,
 * one when/then/otherwise per operation, the changed rows counted by comparing with the original
 * columns, write_csv. Prints its timing as JSON. Usage: polars.ts PLAN CSV OUT
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";

// nodejs-polars is CommonJS with a native binding; loading it through require keeps tsx from
// wrapping it as an ES module.
const pl = createRequire(import.meta.url)("nodejs-polars") as typeof import("nodejs-polars");
type Expr = import("nodejs-polars").Expr;

const [planFile, csvFile, outFile] = process.argv.slice(2);

/** The condition of an operation on the catalog's columns (category, in_stock, price, sku). */
function condition(op: ExecutionPlan["operations"][number]): Expr {
  const f = op.filter;
  if (f.all || f.any || f.none) throw new Error("the Polars baseline reads seed shorthand only");
  const parts: Expr[] = [];
  if (f.categories) parts.push(pl.col("category").isIn(f.categories));
  if (f.in_stock !== undefined) parts.push(pl.col("in_stock").eq(pl.lit(f.in_stock)));
  if (f.skus) parts.push(pl.col("sku").isIn(f.skus));
  if (f.price_gte !== undefined) parts.push(pl.col("price").gtEq(f.price_gte));
  if (f.price_lte !== undefined) parts.push(pl.col("price").ltEq(f.price_lte));
  return parts.reduce((all, part) => all.and(part), pl.lit(true));
}

/** The column an operation writes and the expression of its new value. */
function assignment(op: ExecutionPlan["operations"][number]): [string, Expr] {
  const a = op.action;
  const round = op.options?.round_to ?? 2;
  switch (a.type) {
    case "percent_increase":
      return [
        "price",
        pl
          .col("price")
          .mul(1 + Number(a.value) / 100)
          .round(round),
      ];
    case "percent_decrease":
      return [
        "price",
        pl
          .col("price")
          .mul(1 - Number(a.value) / 100)
          .round(round),
      ];
    case "set_stock":
      return ["in_stock", pl.lit(a.value)];
    default:
      throw new Error(`the Polars baseline does not do ${a.type}`);
  }
}

const plan = executionPlanSchema.parse(JSON.parse(fs.readFileSync(planFile, "utf8")));
const started = performance.now();
let df: import("nodejs-polars").DataFrame = pl.readCSV(csvFile, {
  dtypes: {
    sku: pl.Utf8,
    name: pl.Utf8,
    category: pl.Utf8,
    price: pl.Float64,
    in_stock: pl.Bool,
    cost: pl.Float64,
    supplier: pl.Utf8,
  },
});
const original = df.select(
  pl.col("price").alias("price_before"),
  pl.col("in_stock").alias("in_stock_before"),
);
for (const op of plan.operations) {
  const [column, value] = assignment(op);
  df = df.withColumn(pl.when(condition(op)).then(value).otherwise(pl.col(column)).alias(column));
}
const changes = pl.concat([df, original], { how: "horizontal" }).filter(
  pl
    .col("price")
    .neq(pl.col("price_before"))
    .or(pl.col("in_stock").neq(pl.col("in_stock_before"))),
).height;
df.writeCSV(outFile);
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({
    seconds,
    rows: df.height,
    changes,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);

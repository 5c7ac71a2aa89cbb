/**
 * Child process: the DuckDB baseline for a seed-shorthand plan — read_csv with typed columns,
 * one UPDATE per operation, a diff join against the original values, COPY to CSV. Prints its
 * timing as JSON. Usage: duckdb.ts PLAN CSV OUT
 */
import fs from "node:fs";
import { DuckDBInstance } from "@duckdb/node-api";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";

const [planFile, csvFile, outFile] = process.argv.slice(2);

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** SQL for the seed shorthand on the catalog's columns (category, in_stock, price, sku). */
function updates(plan: ExecutionPlan): string[] {
  return plan.operations.map((op) => {
    const where: string[] = [];
    const f = op.filter;
    if (f.categories) where.push(`category IN (${f.categories.map(quote).join(", ")})`);
    if (f.in_stock !== undefined) where.push(`in_stock = ${f.in_stock}`);
    if (f.skus) where.push(`sku IN (${f.skus.map(quote).join(", ")})`);
    if (f.price_gte !== undefined) where.push(`price >= ${f.price_gte}`);
    if (f.price_lte !== undefined) where.push(`price <= ${f.price_lte}`);
    if (f.all || f.any || f.none) throw new Error("the DuckDB baseline reads seed shorthand only");
    const a = op.action;
    const round = op.options?.round_to ?? 2;
    let set: string;
    switch (a.type) {
      case "percent_increase":
        set = `price = ROUND(price * (1 + ${a.value} / 100), ${round})`;
        break;
      case "percent_decrease":
        set = `price = ROUND(price * (1 - ${a.value} / 100), ${round})`;
        break;
      case "set_stock":
        set = `in_stock = ${a.value}`;
        break;
      default:
        throw new Error(`the DuckDB baseline does not do ${a.type}`);
    }
    return `UPDATE work SET ${set}${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
  });
}

async function main() {
  const plan = executionPlanSchema.parse(JSON.parse(fs.readFileSync(planFile, "utf8")));
  const started = performance.now();
  const instance = await DuckDBInstance.create(":memory:");
  const db = await instance.connect();
  await db.run(
    `CREATE TABLE work AS SELECT * FROM read_csv(${quote(csvFile)}, header = true, columns = {'sku': 'VARCHAR', 'name': 'VARCHAR', 'category': 'VARCHAR', 'price': 'DECIMAL(18,2)', 'in_stock': 'BOOLEAN', 'cost': 'DECIMAL(18,2)', 'supplier': 'VARCHAR'})`,
  );
  await db.run("CREATE TABLE original AS SELECT sku, price, in_stock FROM work");
  for (const sql of updates(plan)) await db.run(sql);
  const diff = await db.runAndReadAll(
    "SELECT count(*) FROM work w JOIN original o USING (sku) WHERE w.price <> o.price OR w.in_stock <> o.in_stock",
  );
  const changes = Number(diff.getRows()[0][0]);
  await db.run(`COPY work TO ${quote(outFile)} (HEADER, DELIMITER ',')`);
  const seconds = (performance.now() - started) / 1000;
  const rows = Number((await db.runAndReadAll("SELECT count(*) FROM work")).getRows()[0][0]);
  db.closeSync();
  console.log(
    JSON.stringify({ seconds, rows, changes, peak_rss_mb: process.resourceUsage().maxRSS / 1024 }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { type ChangeColumns, type ChangedRows, emptyChanges } from "@/lib/diff/change-columns";

/**
 * A deterministic synthetic change set shaped like a catalog price run, for the /dev/diff-table
 * page and the diff-ui-300k benchmark. Built straight into columns (no per-change objects) so a
 * 300,000-change set is cheap to produce on the server.
 */
function syntheticChanges(count: number): { changes: ChangeColumns; rows: ChangedRows } {
  const header = ["sku", "name", "category", "price", "in_stock", "updated_at"];
  const categories = ["Fitness", "Yoga", "Outdoor", "Running", "Cycling", "Swimming"];
  const changes: ChangeColumns = {
    ...emptyChanges(),
    operationIds: ["raise_fitness", "cap_price", "rename_yoga", "restock"],
    columns: ["category", "price", "in_stock"],
  };
  const rows: ChangedRows = { header, keyColumn: "sku", rowKeys: [], cells: [] };
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  for (let row = 0; changes.before.length < count; row++) {
    const sku = `SKU-${String(row + 1).padStart(7, "0")}`;
    const category = categories[Math.floor(random() * categories.length)];
    const price = (5 + Math.floor(random() * 9500) / 100).toFixed(2);
    const inStock = random() < 0.7 ? "true" : "false";
    const rowIndex = changes.rowKeys.length;
    changes.rowKeys.push(sku);
    rows.rowKeys.push(sku);
    rows.cells.push(sku, `Product ${row + 1}`, category, price, inStock, "2026-01-15");

    const push = (op: number, column: number, before: string, after: string) => {
      if (changes.before.length >= count) return;
      changes.row.push(rowIndex);
      changes.op.push(op);
      changes.column.push(column);
      changes.before.push(before);
      changes.after.push(after);
    };
    const raised = (Number(price) * 1.1).toFixed(2);
    push(0, 1, price, raised);
    if (Number(raised) > 60) push(1, 1, raised, "60.00");
    if (category === "Yoga" && random() < 0.5) push(2, 0, category, "Fitness");
    if (inStock === "false" && random() < 0.2) push(3, 2, inStock, "true");
  }
  return { changes, rows };
}

let cached: { count: number; result: ReturnType<typeof syntheticChanges> } | undefined;

/**
 * `syntheticChanges`, remembered for the last count asked: the development page and its changes
 * route then serve a change set that is already built, like a preview read back from storage,
 * so a benchmark run times the transfer and the browser rather than the generator.
 */
export function cachedSyntheticChanges(count: number): ReturnType<typeof syntheticChanges> {
  if (cached?.count !== count) cached = { count, result: syntheticChanges(count) };
  return cached.result;
}

import "server-only";
import type { CsvTable } from "@/lib/dataset/csv";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import { orderRows, rowCells, type TableQuery } from "@/lib/dataset/table-query";
import type { ColumnType } from "@/lib/dataset/types";
import { asWritten, type WrittenStyle } from "@/lib/dataset/written-style";
import { findDatasetWithVersions, loadVersionContentById } from "@/lib/db/dataset-versions";
import type { readProfile } from "@/lib/db/datasets";
import { AppError } from "@/lib/errors";
import { cachedTable, rememberTable } from "./table-cache";

/**
 * Windows of a version's rows for the dataset page's virtualized grid: sorted and filtered on the
 * server, a few hundred rows per request. Versions are immutable, so parsed tables (in the cache
 * previews and approvals share, `table-cache.ts`) and computed row orders are kept by version id;
 * row orders are bounded by entries.
 */

const ORDER_CACHE_ENTRIES = 8;
export const MAX_WINDOW_ROWS = 500;

const orders = new Map<string, Int32Array>();

export interface RowWindowQuery {
  datasetId: string;
  number: number;
  offset: number;
  limit: number;
  sort?: { column: string; direction: "asc" | "desc" };
  filter?: { text: string; column?: string };
}

export interface RowWindow {
  columns: string[];
  /** Rows matching the filter. */
  total: number;
  offset: number;
  rows: Array<{ line: number; cells: string[] }>;
}

export async function queryVersionRows(query: RowWindowQuery): Promise<RowWindow> {
  const dataset = await findDatasetWithVersions(query.datasetId);
  const version = dataset?.versions.find((v) => v.number === query.number);
  if (!dataset || !version) throw new AppError("not_found", "That dataset version does not exist.");

  const table = await loadTable(version.id);
  const types = columnTypes(table, dataset.profile.columns);
  const tableQuery = toTableQuery(table, query);
  const key = `${version.id}|${JSON.stringify(tableQuery)}`;
  let order = orders.get(key);
  if (!order) {
    order = orderRows(table, types, tableQuery);
    remember(orders, key, order, ORDER_CACHE_ENTRIES);
  }

  const offset = Math.max(0, Math.min(query.offset, order.length));
  const limit = Math.max(0, Math.min(query.limit, MAX_WINDOW_ROWS));
  const slice = order.subarray(offset, offset + limit);
  const cells = shownAsWritten(table, rowCells(table, slice));
  return {
    columns: [...table.header],
    total: order.length,
    offset,
    rows: cells.map((row, k) => ({ line: table.lineOfRow(slice[k]), cells: row })),
  };
}

/** Cells as the file writes its numbers (decimal commas, currency signs); sorted as numbers. */
function shownAsWritten(table: CsvTable, rows: string[][]): string[][] {
  const styles = table.writtenStyles();
  const byColumn = table.header.map((name) => styles[name]);
  if (byColumn.every((style) => style === undefined)) return rows;
  return rows.map((cells) => cells.map((cell, col) => asWritten(cell, byColumn[col])));
}

function toTableQuery(table: CsvTable, query: RowWindowQuery): TableQuery {
  const result: TableQuery = {};
  if (query.sort) {
    const column = table.columnIndex(query.sort.column);
    if (column >= 0) result.sort = { column, direction: query.sort.direction };
  }
  const text = query.filter?.text.trim();
  if (text) {
    const column = query.filter?.column ? table.columnIndex(query.filter.column) : -1;
    result.filter = column >= 0 ? { text, column } : { text };
  }
  return result;
}

function columnTypes(
  table: CsvTable,
  profiled: ReturnType<typeof readProfile>["columns"],
): ColumnType[] {
  return table.header.map((name) => profiled.find((c) => c.name === name)?.type ?? "text");
}

async function loadTable(versionId: string): Promise<CsvTable> {
  const cached = cachedTable(versionId);
  if (cached) return cached;
  const version = await loadVersionContentById(versionId);
  if (!version) throw new AppError("not_found", "That dataset version does not exist.");
  const table = parseCsvInParallel(version.content, { delimiter: version.delimiter });
  rememberTable(versionId, table);
  return table;
}

function remember<V>(cache: Map<string, V>, key: string, value: V, max: number): void {
  cache.set(key, value);
  while (cache.size > max) cache.delete(cache.keys().next().value as string);
}

/** One row of a version by key, as header → value, or null when no row has that key. */
export async function findVersionRow(
  versionId: string,
  keyColumn: string,
  rowKey: string,
): Promise<{ values: Record<string, string> | null; styles: Record<string, WrittenStyle> }> {
  const table = await loadTable(versionId);
  if (table.keyColumn !== keyColumn) table.setKeyColumn(keyColumn);
  const styles = table.writtenStyles();
  const row = table.rowOfKey(rowKey);
  if (row < 0) return { values: null, styles };
  const [cells] = shownAsWritten(table, rowCells(table, [row]));
  return {
    values: Object.fromEntries(table.header.map((name, col) => [name, cells[col]])),
    styles,
  };
}

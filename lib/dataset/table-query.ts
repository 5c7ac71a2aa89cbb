import type { CsvTable } from "./csv";
import type { ColumnType } from "./types";

/**
 * Sorting and filtering a parsed table for the dataset page's grid. The grid asks for a window of
 * rows at a time; the server keeps the order this module computes and slices it. Pure, over a
 * CsvTable, so a million-row version never has to travel to the browser.
 */

export interface TableQuery {
  sort?: { column: number; direction: "asc" | "desc" };
  /** Case-insensitive substring; in one column, or in any column when `column` is absent. */
  filter?: { text: string; column?: number };
}

/** Row indexes in display order: the filtered rows, sorted (stable: ties keep file order). */
export function orderRows(
  table: CsvTable,
  types: readonly ColumnType[],
  query: TableQuery,
): Int32Array {
  let rows = filterRows(table, query.filter);
  if (query.sort) rows = sortRows(table, rows, types[query.sort.column] ?? "text", query.sort);
  return rows;
}

function filterRows(table: CsvTable, filter: TableQuery["filter"]): Int32Array {
  const all = new Int32Array(table.rowCount);
  for (let row = 0; row < all.length; row++) all[row] = row;
  const needle = filter?.text.trim().toLowerCase();
  if (!needle) return all;
  const columns =
    filter?.column !== undefined && filter.column >= 0 && filter.column < table.columnCount
      ? [filter.column]
      : Array.from({ length: table.columnCount }, (_, col) => col);
  // One column at a time, so only one column's strings are alive at once.
  const matched = new Uint8Array(table.rowCount);
  let count = 0;
  for (const col of columns) {
    const values = table.decodeColumn(col);
    for (let row = 0; row < values.length; row++) {
      if (matched[row] === 0 && values[row].toLowerCase().includes(needle)) {
        matched[row] = 1;
        count++;
      }
    }
  }
  const kept = new Int32Array(count);
  for (let row = 0, at = 0; row < matched.length; row++) if (matched[row] === 1) kept[at++] = row;
  return kept;
}

function sortRows(
  table: CsvTable,
  rows: Int32Array,
  type: ColumnType,
  sort: NonNullable<TableQuery["sort"]>,
): Int32Array {
  const values = table.decodeColumn(sort.column);
  const sign = sort.direction === "desc" ? -1 : 1;
  const order = Array.from(rows);
  if (type === "number" || type === "integer") {
    const numbers = new Float64Array(table.rowCount);
    for (const row of order) {
      const text = values[row].trim();
      // Empty and unparsable cells sort last in both directions.
      numbers[row] = text === "" ? Number.NaN : Number(text);
    }
    order.sort((a, b) => {
      const x = numbers[a];
      const y = numbers[b];
      const xn = Number.isNaN(x);
      const yn = Number.isNaN(y);
      if (xn || yn) return xn === yn ? a - b : xn ? 1 : -1;
      return x === y ? a - b : (x - y) * sign;
    });
  } else {
    order.sort((a, b) => {
      const x = values[a];
      const y = values[b];
      if (x === y) return a - b;
      if (x === "") return 1;
      if (y === "") return -1;
      return (x < y ? -1 : 1) * sign;
    });
  }
  return Int32Array.from(order);
}

/** The cells of some rows, in header order. */
export function rowCells(table: CsvTable, rows: ArrayLike<number>): string[][] {
  const cells: string[][] = [];
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k];
    const values = new Array<string>(table.columnCount);
    for (let col = 0; col < table.columnCount; col++) values[col] = table.cell(row, col);
    cells.push(values);
  }
  return cells;
}

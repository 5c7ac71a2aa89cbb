import type { CsvTable } from "./csv";
import type { ScannedDictionary } from "./csv-scan";

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

/**
 * A column's input values as codes into its distinct values. A filter on a low-cardinality column
 * (a category) then tests each distinct value once and each row by a table lookup. Built from the
 * parse's scan when the parse was asked to encode the column (`ParseCsvOptions.encode`), which
 * reads each cell while it is in the cache; otherwise by a pass over the column.
 */
export interface ColumnDictionary {
  /** Per row, the index of its value in `values`. */
  codes: Int32Array;
  values: string[];
}

/**
 * Distinct values up to which the executor reads a column through its dictionary (and the
 * profile counts it from one, which the executor then reuses).
 */
export const DICTIONARY_LIMIT = 1024;

/** The dictionary of `col`, or null when it has more than `limit` distinct values. */
export function buildDictionary(
  table: CsvTable,
  col: number,
  limit: number,
): ColumnDictionary | null {
  const { fieldStart, rowEnd, columnCount: width, rowCount } = table;
  const last = col === width - 1;
  let size = 16;
  while (size < limit * 2) size *= 2;
  const slots = new Int32Array(size); // code + 1; 0 is empty
  const mask = size - 1;
  const codes = new Int32Array(rowCount);
  const values: string[] = [];
  for (let row = 0, at = col; row < rowCount; row++, at += width) {
    const start = fieldStart[at];
    const end = last ? rowEnd[row] : fieldStart[at + 1] - 1;
    const quoted = table.codeAt(start) === QUOTE;
    const decoded = quoted ? table.cell(row, col) : null;
    let hash = 0x811c9dc5 | 0;
    if (decoded !== null) {
      for (let k = 0; k < decoded.length; k++)
        hash = Math.imul(hash ^ decoded.charCodeAt(k), 0x01000193);
    } else {
      hash = table.hashText(start, end);
    }
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot];
      if (entry === 0) {
        if (values.length === limit) return null;
        values.push(decoded ?? table.textOf(start, end));
        slots[slot] = values.length;
        codes[row] = values.length - 1;
        break;
      }
      const value = values[entry - 1];
      const same = decoded !== null ? value === decoded : table.textEquals(start, end, value);
      if (same) {
        codes[row] = entry - 1;
        break;
      }
    }
  }
  return { codes, values };
}

/**
 * The scan's dictionary with its quoted cells decoded and looked up, or null when the column has
 * more than `limit` distinct values.
 */
export function completeScannedDictionary(
  table: CsvTable,
  scanned: ScannedDictionary,
  limit: number,
): ColumnDictionary | null {
  if (scanned.overflow) return null;
  const { codes, values, field } = scanned;
  if (scanned.unresolved.length > 0) {
    const indexOf = new Map(values.map((value, code) => [value, code]));
    for (const row of scanned.unresolved) {
      codes[row] = codeOf(table.cell(row, field), values, indexOf, limit);
      if (codes[row] < 0) return null;
    }
  }
  return { codes, values };
}

/** The code of `value`, added to `values` when new; -1 when that would pass `limit`. */
function codeOf(
  value: string,
  values: string[],
  indexOf: Map<string, number>,
  limit: number,
): number {
  const known = indexOf.get(value);
  if (known !== undefined) return known;
  if (values.length === limit) return -1;
  values.push(value);
  indexOf.set(value, values.length - 1);
  return values.length - 1;
}

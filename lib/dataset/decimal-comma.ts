import { cellRange, innerRange } from "./cell-range";
import type { RowScan } from "./csv-scan";

/**
 * Decimal commas (`2,50`), as Excel writes numbers where the comma is the decimal mark, in the
 * semicolon-, tab- or pipe-separated files that go with it. The table reads such a cell as
 * `2.50` — the same length, so every offset of the scan still holds — and everything above the
 * parser (profile, filters, arithmetic, diff) sees an ordinary number. The writer puts the comma
 * back into the cells it changes; the cells it does not change are copied from the file as they
 * were. In a comma-separated file `1,234` is more likely a thousands separator, so nothing there
 * is read this way.
 */

/** Rows looked at to decide a column; a column of other text is told apart in its first rows. */
/** Rows looked at to decide a column: the parse decodes no more of an ASCII file to read them. */
export const SAMPLE_ROWS = 2_000;

/**
 * The columns whose sampled cells are all whole numbers or decimal-comma numbers, with at least
 * one of the latter. `skip` holds columns that must keep their text as written (the key, whose
 * hashes the scan took from the file's text).
 */
export function decimalCommaColumns(
  text: string,
  rows: RowScan,
  width: number,
  skip: ReadonlySet<number>,
): number[] {
  const columns: number[] = [];
  const sampled = Math.min(rows.rowCount, SAMPLE_ROWS);
  for (let col = 0; col < width; col++) {
    if (skip.has(col)) continue;
    let sawComma = false;
    let numeric = true;
    for (let row = 0; row < sampled && numeric; row++) {
      const kind = cellKind(text, cellRange(rows, width, row, col));
      if (kind === "decimal-comma") sawComma = true;
      else if (kind === "other") numeric = false;
    }
    if (numeric && sawComma) columns.push(col);
  }
  return columns;
}

/** The text with the comma of every decimal-comma cell in `columns` read as a point. */
export function withDecimalPoints(
  text: string,
  rows: RowScan,
  width: number,
  columns: readonly number[],
): string {
  const commas: number[] = [];
  for (let row = 0; row < rows.rowCount; row++) {
    for (const col of columns) {
      const range = cellRange(rows, width, row, col);
      if (cellKind(text, range) === "decimal-comma") {
        commas.push(text.indexOf(",", range[0]));
      }
    }
  }
  if (commas.length === 0) return text;
  commas.sort((a, b) => a - b);
  const parts: string[] = [];
  let copied = 0;
  for (const at of commas) {
    parts.push(text.slice(copied, at), ".");
    copied = at + 1;
  }
  parts.push(text.slice(copied));
  return parts.join("");
}

/** A changed value as the file writes it: `2.75` becomes `2,75` in a decimal-comma column. */
export function toDecimalComma(value: string): string {
  return DECIMAL_POINT.test(value.trim()) ? value.replace(".", ",") : value;
}

const DECIMAL_POINT = /^[+-]?\d+\.\d+$/;

/**
 * Empty, a whole number, a decimal-comma number (`-12,5`), or other text; surrounding spaces and
 * plain quotes (`"2,50"`) allowed.
 */
function cellKind(
  text: string,
  range: [number, number],
): "empty" | "integer" | "decimal-comma" | "other" {
  let [from, to] = innerRange(text, range);
  if (from === to) return "empty";
  const sign = text.charCodeAt(from);
  if (sign === 43 || sign === 45) from++;
  let digitsBefore = 0;
  let digitsAfter = 0;
  let comma = false;
  for (let at = from; at < to; at++) {
    const c = text.charCodeAt(at);
    if (c >= 48 && c <= 57) {
      if (comma) digitsAfter++;
      else digitsBefore++;
    } else if (c === 44 && !comma) {
      comma = true;
    } else {
      return "other";
    }
  }
  if (digitsBefore === 0) return "other";
  if (!comma) return "integer";
  return digitsAfter > 0 ? "decimal-comma" : "other";
}

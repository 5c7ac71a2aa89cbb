import { type ChangeColumns, columnOf, operationOf, rowKeyOf } from "./change-columns";
import { formatDelta, formatPercent, numericChange } from "./numeric-change";

/**
 * The diff as CSV, built in chunks so a 300,000-change export never blocks the page for long.
 * Cells that a spreadsheet would run as a formula are neutralised (OWASP "CSV injection").
 */

const DIFF_CSV_HEADER = [
  "row_key",
  "operation",
  "column",
  "before",
  "after",
  "change",
  "change_percent",
] as const;

/** What the UI tells the user about `neutraliseFormula`. */
export const FORMULA_NOTE =
  "Cells starting with =, +, -, @, a tab or a carriage return are prefixed with ' so spreadsheets do not run them as formulas; plain numbers such as -4.50 are kept as they are.";

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?$/;

/**
 * Prefixes `'` to a value a spreadsheet would evaluate (leading `=`, `+`, `-`, `@`, tab or CR).
 * A plain number (e.g. `-4.50`, `+10.0%`) is data, not a formula, and is left alone.
 */
export function neutraliseFormula(value: string): string {
  if (!FORMULA_START.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** One CSV field: neutralised, then quoted when it holds a comma, quote, CR or LF. */
export function csvField(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * The CSV text of the changes at `indices`, header first, as chunks of up to `chunkSize` records
 * (join them, or hand them to a Blob). Lines end with CRLF (RFC 4180).
 */
export function* diffCsvChunks(
  changes: ChangeColumns,
  indices: ArrayLike<number>,
  chunkSize = 10_000,
): Generator<string> {
  yield csvLine(DIFF_CSV_HEADER);
  for (let start = 0; start < indices.length; start += chunkSize) {
    const end = Math.min(start + chunkSize, indices.length);
    let chunk = "";
    for (let at = start; at < end; at++) chunk += csvLine(diffCsvRecord(changes, indices[at]));
    yield chunk;
  }
}

function diffCsvRecord(changes: ChangeColumns, index: number): string[] {
  const before = changes.before[index];
  const after = changes.after[index];
  const numeric = numericChange(before, after);
  return [
    rowKeyOf(changes, index),
    operationOf(changes, index),
    columnOf(changes, index),
    before,
    after,
    numeric ? formatDelta(numeric) : "",
    numeric ? formatPercent(numeric.percent) : "",
  ];
}

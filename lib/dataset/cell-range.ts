import type { RowScan } from "./csv-scan";

/**
 * Where a scanned cell is in the text, for the readers of numbers written another way
 * (`decimal-comma.ts`, `money.ts`), which look at cells before the table exists.
 */

/** The text range of a cell: from its first character to just after its last (quotes included). */
export function cellRange(
  rows: RowScan,
  width: number,
  row: number,
  col: number,
): [number, number] {
  const at = row * width + col;
  const end = col === width - 1 ? rows.rowEnd[row] : rows.fieldStart[at + 1] - 1;
  return [rows.fieldStart[at], end];
}

/** A cell's range inside plain quotes and surrounding spaces and tabs. */
export function innerRange(text: string, [start, end]: [number, number]): [number, number] {
  let from = start;
  let to = end;
  if (to - from >= 2 && text.charCodeAt(from) === 34 && text.charCodeAt(to - 1) === 34) {
    from++;
    to--;
  }
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  return [from, to];
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

import type { CsvTable } from "./csv";
import { COMMA, CR, LF, QUOTE } from "./csv-scan";

/**
 * Writing a parsed table back with some cells changed. Everything that did not change is copied
 * from the original bytes, so quoting, number formatting, line endings and a BOM survive exactly.
 */

/** A new value for one cell. */
export interface CellEdit {
  row: number;
  column: number;
  value: string;
}

/**
 * New values by column index: `edits.get(col)[row]` is the cell's new value, or undefined when
 * the cell keeps its bytes. This is the executor's working form; `CellEdit[]` is accepted too.
 */
export type ColumnEdits = ReadonlyMap<number, ReadonlyArray<string | undefined>>;

/**
 * The table's bytes with some cells changed. Rows without a changed cell, and the unchanged cells
 * of changed rows, are copied byte for byte; each row keeps its own line ending. An edit whose
 * value equals the cell's current value changes nothing. Changed cells are written by
 * `renderField`.
 */
export function serializeWithChanges(
  table: CsvTable,
  edits: ColumnEdits | readonly CellEdit[],
): Uint8Array {
  return writeChanges(table, edits).bytes;
}

export interface WrittenChanges {
  bytes: Uint8Array;
  /** Rows with at least one cell whose value changed. */
  rowsChanged: number;
  /** Cells whose value changed. */
  cellsChanged: number;
}

/** `serializeWithChanges`, also counting what actually changed (edits to the same value don't). */
export function writeChanges(
  table: CsvTable,
  edits: ColumnEdits | readonly CellEdit[],
): WrittenChanges {
  const byColumn = Array.isArray(edits)
    ? columnEditsOf(table, edits as readonly CellEdit[])
    : (edits as ColumnEdits);
  const changed = renderChangedCells(table, byColumn);
  let rowsChanged = 0;
  for (let row = 0; row < table.rowCount; row++) rowsChanged += changed.dirty[row];
  const bytes =
    changed.count === 0
      ? table.bytes.slice()
      : table.ascii
        ? writeAscii(table, changed)
        : writeText(table, changed);
  return { bytes, rowsChanged, cellsChanged: changed.count };
}

/**
 * A changed cell as written: quoted when it must be (a comma, quote, CR or LF inside, or leading
 * or trailing whitespace that other tools would trim), or when `keepQuotes` says the file's style
 * quotes it (see `quoteByStyle`).
 */
export function renderField(value: string, keepQuotes = false): string {
  if (keepQuotes || needsQuotes(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

function needsQuotes(value: string): boolean {
  if (value.length === 0) return false;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (first === 32 || first === 9 || last === 32 || last === 9) return true;
  for (let at = 0; at < value.length; at++) {
    const c = value.charCodeAt(at);
    if (c === COMMA || c === QUOTE || c === LF || c === CR) return true;
  }
  return false;
}

function columnEditsOf(table: CsvTable, edits: readonly CellEdit[]): ColumnEdits {
  const byColumn = new Map<number, Array<string | undefined>>();
  for (const edit of edits) {
    const inRange =
      edit.row >= 0 &&
      edit.row < table.rowCount &&
      edit.column >= 0 &&
      edit.column < table.columnCount;
    if (!inRange) throw new RangeError(`No cell at row ${edit.row}, column ${edit.column}.`);
    let values = byColumn.get(edit.column);
    if (!values) {
      values = new Array<string | undefined>(table.rowCount);
      byColumn.set(edit.column, values);
    }
    values[edit.row] = edit.value;
  }
  return byColumn;
}

/**
 * The cells to rewrite, per edited column: `changed[row]` is 1 when the row's cell changes, and
 * its text is then `quoted.get(row)` when rendering added quotes, else `values[row]` as it is
 * (so no per-row array of strings is made for the common unquoted case).
 */
interface ChangedColumn {
  col: number;
  values: ReadonlyArray<string | undefined>;
  changed: Uint8Array;
  quoted: Map<number, string>;
}

interface ChangedCells {
  /** Edited columns with at least one changed cell, ascending. */
  columns: ChangedColumn[];
  /** 1 for rows with at least one changed cell. */
  dirty: Uint8Array;
  count: number;
  /** Bytes the output gains (or loses) against the input. */
  growth: number;
}

function renderChangedCells(table: CsvTable, byColumn: ColumnEdits): ChangedCells {
  const { text, rowCount } = table;
  const dirty = new Uint8Array(rowCount);
  const columns: ChangedCells["columns"] = [];
  let count = 0;
  let growth = 0;
  for (const col of [...byColumn.keys()].sort((a, b) => a - b)) {
    if (col < 0 || col >= table.columnCount) throw new RangeError(`No column ${col}.`);
    let columnQuoted: boolean | undefined;
    const values = byColumn.get(col) as ReadonlyArray<string | undefined>;
    const changed = new Uint8Array(rowCount);
    const quotedText = new Map<number, string>();
    const limit = Math.min(values.length, rowCount);
    let any = false;
    for (let row = 0; row < limit; row++) {
      const value = values[row];
      if (value === undefined) continue;
      const start = table.cellStart(row, col);
      const end = table.cellEnd(row, col);
      const quoted = text.charCodeAt(start) === QUOTE;
      const previous = quoted ? table.cell(row, col) : null;
      // Compare without decoding when the cell is unquoted (its raw text is its value).
      const same =
        previous !== null
          ? value === previous
          : value.length === end - start && text.startsWith(value, start);
      if (same) continue;
      // Quotes the replaced cell did not need are the file's style: keep them. Quotes it needed
      // say nothing about style, so the column's habit decides.
      let keepQuotes = false;
      if (previous !== null) {
        if (!quotesNeeded(table, previous)) keepQuotes = true;
        else keepQuotes = columnQuoted ??= quotesByStyle(table, col);
      }
      const written = renderField(value, keepQuotes || quotesNeeded(table, value));
      if (written !== value) quotedText.set(row, written);
      changed[row] = 1;
      growth += utf8Length(written) - (end - start);
      dirty[row] = 1;
      any = true;
      count++;
    }
    if (any) columns.push({ col, values, changed, quoted: quotedText });
  }
  return { columns, dirty, count, growth };
}

/** Whether a cell of this table holding `value` must be quoted. */
function quotesNeeded(table: CsvTable, value: string): boolean {
  // In a one-column table an empty cell unquoted would be a blank line, which readers skip.
  return needsQuotes(value) || (value === "" && table.columnCount === 1);
}

/** Whether a column quotes cells that need no quotes more often than it leaves cells bare. */
function quotesByStyle(table: CsvTable, col: number): boolean {
  let styled = 0;
  let bare = 0;
  for (let row = 0; row < table.rowCount; row++) {
    if (!table.isQuoted(row, col)) bare++;
    else if (!quotesNeeded(table, table.cell(row, col))) styled++;
  }
  return styled > bare;
}

function textOf(column: ChangedColumn, row: number): string {
  const quoted = column.quoted.size > 0 ? column.quoted.get(row) : undefined;
  return quoted ?? (column.values[row] as string);
}

/**
 * Fast path: text offsets are byte offsets (shifted by 2 after a BOM), so the output is the input
 * copied in spans with the changed cells written over it. A span ends only where a new cell's
 * length differs from the old one's (the offset between input and output moves there); cells of
 * the same length are written into the span after it is copied. Typically that is a handful of
 * large copies instead of one per changed row.
 */
function writeAscii(table: CsvTable, changed: ChangedCells): Uint8Array {
  const { bytes, rowCount } = table;
  const { columns, dirty } = changed;
  const bom = table.hasBom ? 2 : 0;
  // In an ASCII table a cell's text length is its byte length.
  const out = new Uint8Array(bytes.length + changed.growth);
  const encoder = new TextEncoder();
  let delta = 0; // output offset minus input offset in the current span
  let spanStart = 0; // input offset where the current span starts
  const pendingAt: number[] = []; // same-length cells of the span: input offset and text
  const pendingText: string[] = [];
  const closeSpan = (end: number) => {
    out.set(bytes.subarray(spanStart, end), spanStart + delta);
    for (let k = 0; k < pendingAt.length; k++) {
      writeString(out, pendingAt[k] + delta, pendingText[k], encoder);
    }
    pendingAt.length = 0;
    pendingText.length = 0;
  };
  for (let row = 0; row < rowCount; row++) {
    if (dirty[row] === 0) continue;
    for (const column of columns) {
      if (column.changed[row] === 0) continue;
      const value = textOf(column, row);
      const from = table.cellStart(row, column.col) + bom;
      const to = table.cellEnd(row, column.col) + bom;
      const length = utf8Length(value);
      if (length === to - from) {
        pendingAt.push(from);
        pendingText.push(value);
        continue;
      }
      closeSpan(from);
      writeString(out, from + delta, value, encoder);
      delta += length - (to - from);
      spanStart = to;
    }
  }
  closeSpan(bytes.length);
  return out;
}

/** General path for files with non-ASCII text: assemble the text, then encode it once. */
function writeText(table: CsvTable, changed: ChangedCells): Uint8Array {
  const { text, rowCount } = table;
  const parts: string[] = [];
  let copied = 0;
  for (let row = 0; row < rowCount; row++) {
    if (changed.dirty[row] === 0) continue;
    for (const column of changed.columns) {
      if (column.changed[row] === 0) continue;
      const { col } = column;
      const value = textOf(column, row);
      parts.push(text.slice(copied, table.cellStart(row, col)), value);
      copied = table.cellEnd(row, col);
    }
  }
  parts.push(text.slice(copied));
  return new TextEncoder().encode(parts.join(""));
}

function writeString(out: Uint8Array, at: number, value: string, encoder: TextEncoder): number {
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c >= 0x80) {
      return at + k + encoder.encodeInto(value.slice(k), out.subarray(at + k)).written;
    }
    out[at + k] = c;
  }
  return at + value.length;
}

/** Bytes `value` takes in UTF-8. */
export function utf8Length(value: string): number {
  let length = value.length;
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c < 0x80) continue;
    if (c < 0x800) {
      length += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && (value.charCodeAt(k + 1) & 0xfc00) === 0xdc00) {
      length += 2; // a surrogate pair: 4 bytes for 2 code units
      k++;
    } else {
      length += 2; // 3 bytes; a lone surrogate is written as U+FFFD, also 3 bytes
    }
  }
  return length;
}

import { ColumnOverlay } from "./column-overlay";
import type { CsvTable } from "./csv";
import { CsvTable as Table } from "./csv-table";
import { toDecimalComma } from "./decimal-comma";
import type { Replacements } from "./line-patch";
import { toMoney } from "./money";
import { type ChangedCells, outputBytes, outputPieces } from "./output-bytes";

// Local constants, not imports: see the note on the character codes in csv.ts.
const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/** Output bytes per piece when they are written out as they come (`WrittenChanges.pieces`). */
const OUTPUT_PIECE_BYTES = 1 << 20;

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
 * New values by column index: `edits.get(col).get(row)` is the cell's new value, or undefined
 * when the cell keeps its bytes. This is the executor's working form; `CellEdit[]` is accepted
 * too.
 */
export type ColumnEdits = ReadonlyMap<number, ColumnOverlay>;

/**
 * Where the edited cells of one column are, rows ascending, as the executor recorded them: each
 * was unquoted in the input and holds a new value (`WorkingCells.written`). Lets `writeChanges`
 * render them without reading the input's offsets and text again.
 */
export interface WrittenColumn {
  rows: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
}

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
  /** Assembled on first read (a preview needs only the counts). */
  readonly bytes: Uint8Array;
  /**
   * `bytes` in pieces, for a caller that writes them out as they come and so never holds them
   * whole (each piece is valid until the next is asked for; see `outputPieces`).
   */
  pieces(pieceBytes?: number): Iterable<Uint8Array>;
  /** Rows with at least one cell whose value changed. */
  rowsChanged: number;
  /** Cells whose value changed. */
  cellsChanged: number;
  /**
   * The byte ranges of the table's file that were replaced to make `bytes`, or null when they
   * are not known as bytes (a non-ASCII table, whose offsets are text offsets). With them the
   * line patch back to the input is found without comparing every line (`line-patch.ts`).
   */
  replacements(): Replacements | null;
  /**
   * The written bytes as a parsed table (no key column chosen), made from the input's offsets
   * shifted past the written cells instead of parsing again; null when the input has non-ASCII
   * text, decimal commas or amounts with a currency sign, or a written cell has non-ASCII text
   * (then parse `bytes`).
   */
  shiftedTable(): CsvTable | null;
}

/**
 * `serializeWithChanges`, also counting what actually changed (edits to the same value don't).
 * `written` says where some columns' edited cells are (see `WrittenColumn`).
 */
export function writeChanges(
  table: CsvTable,
  edits: ColumnEdits | readonly CellEdit[],
  written: ReadonlyMap<number, WrittenColumn> = new Map(),
): WrittenChanges {
  const byColumn = Array.isArray(edits)
    ? columnEditsOf(table, edits as readonly CellEdit[])
    : (edits as ColumnEdits);
  const cells = inFileOrder(renderChangedCells(table, byColumn, written));
  let bytes: Uint8Array | undefined;
  return {
    get bytes() {
      bytes ??= outputBytes(table, cells);
      return bytes;
    },
    pieces(pieceBytes = OUTPUT_PIECE_BYTES) {
      return outputPieces(table, cells, pieceBytes);
    },
    rowsChanged: cells.rowsChanged,
    cellsChanged: cells.count,
    replacements() {
      return table.ascii ? byteRanges(table, cells) : null;
    },
    shiftedTable() {
      return shiftedTable(table, cells, this.bytes);
    },
  };
}

/** The changed cells as byte ranges of an ASCII table's file (text offsets shift by a BOM). */
function byteRanges(table: CsvTable, cells: ChangedCells): Replacements {
  const { starts, ends, lengths, count } = cells;
  if (!table.hasBom) return { starts, ends, lengths, count };
  const shifted = (offsets: ArrayLike<number>) => Int32Array.from(offsets, (at) => at + 2);
  return { starts: shifted(starts), ends: shifted(ends), lengths, count };
}

/**
 * `parseCsv(output)` for an ASCII table read as written (no decimal commas or currency signs)
 * whose changed cells were written in ASCII: every field and row end moves by what the cells
 * written before it grew. The writer
 * keeps the file's structure (a value that needs quotes gets them), which is what makes this the
 * parse's answer; a property test compares the two.
 */
function shiftedTable(table: CsvTable, cells: ChangedCells, output: Uint8Array): CsvTable | null {
  if (!table.ascii || table.decimalCommaColumns.size > 0 || table.moneyColumns.size > 0)
    return null;
  const { lengths, texts, count } = cells;
  for (let k = 0; k < count; k++) if (lengths[k] !== texts[k].length) return null;
  // Every cell written is ASCII, so without a BOM the output is its own text, as the input was.
  const text = table.hasBom ? new TextDecoder("utf-8", { ignoreBOM: true }).decode(output) : null;
  return new Table({
    bytes: output,
    text,
    delimiter: table.delimiter,
    header: [...table.header],
    // A cell's own start does not move; a row's end moves with its last cell, even with an empty
    // one filled in at the end.
    fieldStart: shiftedOffsets(table.fieldStart, cells, false),
    rowEnd: shiftedOffsets(table.rowEnd, cells, true),
    rowCount: table.rowCount,
    headerEnd: table.headerEnd,
  });
}

/** Ascending text offsets moved by the growth of the cells written before them. */
function shiftedOffsets(offsets: Int32Array, cells: ChangedCells, atToo: boolean): Int32Array {
  const { starts, ends, lengths, count } = cells;
  const n = offsets.length;
  const out = new Int32Array(n);
  let i = 0;
  let delta = 0;
  // Runs of offsets between two written cells move alike: a loop per cell, not a test per offset.
  for (let k = 0; k < count; k++) {
    const start = starts[k];
    if (atToo) {
      for (; i < n && offsets[i] < start; i++) out[i] = offsets[i] + delta;
    } else {
      for (; i < n && offsets[i] <= start; i++) out[i] = offsets[i] + delta;
    }
    delta += lengths[k] - (ends[k] - start);
  }
  for (; i < n; i++) out[i] = offsets[i] + delta;
  return out;
}

/**
 * A changed cell as written: quoted when it must be (the separator, a quote, CR or LF inside, or leading
 * or trailing whitespace that other tools would trim), or when `keepQuotes` says the file's style
 * quotes it (see `quoteByStyle`).
 */
export function renderField(value: string, keepQuotes = false, delimiter = COMMA): string {
  if (keepQuotes || needsQuotes(value, delimiter)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

function needsQuotes(value: string, delimiter: number): boolean {
  if (value.length === 0) return false;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  if (first === 32 || first === 9 || last === 32 || last === 9) return true;
  for (let at = 0; at < value.length; at++) {
    const c = value.charCodeAt(at);
    if (c === delimiter || c === QUOTE || c === LF || c === CR) return true;
  }
  return false;
}

function columnEditsOf(table: CsvTable, edits: readonly CellEdit[]): ColumnEdits {
  const byColumn = new Map<number, ColumnOverlay>();
  for (const edit of edits) {
    const inRange =
      edit.row >= 0 &&
      edit.row < table.rowCount &&
      edit.column >= 0 &&
      edit.column < table.columnCount;
    if (!inRange) throw new RangeError(`No cell at row ${edit.row}, column ${edit.column}.`);
    let values = byColumn.get(edit.column);
    if (!values) {
      values = new ColumnOverlay(table.rowCount);
      byColumn.set(edit.column, values);
    }
    values.set(edit.row, edit.value);
  }
  return byColumn;
}

/**
 * The cells of one column whose value changes: rows ascending, with where each cell is in the
 * text and its new text as written.
 */
interface ChangedColumn {
  col: number;
  rows: ArrayLike<number>;
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  texts: string[];
  /** Each text's length in UTF-8 bytes. */
  lengths: ArrayLike<number>;
  /** Bytes the column's changed cells gain (or lose) against the input. */
  growth: number;
}

function renderChangedCells(
  table: CsvTable,
  byColumn: ColumnEdits,
  written: ReadonlyMap<number, WrittenColumn>,
): ChangedColumn[] {
  const { rowCount, fieldStart, rowEnd, columnCount: width } = table;
  const columns: ChangedColumn[] = [];
  for (const col of [...byColumn.keys()].sort((a, b) => a - b)) {
    if (col < 0 || col >= width) throw new RangeError(`No column ${col}.`);
    let columnQuoted: boolean | undefined;
    const asWritten = fileForm(table, col);
    const values = byColumn.get(col) as ColumnOverlay;
    const known = written.get(col);
    if (known) {
      const changed = renderWritten(table, col, values, known);
      if (changed.rows.length > 0) columns.push({ col, ...changed });
      continue;
    }
    const last = col === width - 1;
    const rows: number[] = [];
    const starts: number[] = [];
    const ends: number[] = [];
    const texts: string[] = [];
    const lengths: number[] = [];
    let growth = 0;
    const editedRows = values.rows();
    for (let k = 0; k < editedRows.length; k++) {
      const row = editedRows[k];
      if (row >= rowCount) break;
      const value = values.get(row) as string;
      const start = fieldStart[row * width + col];
      const end = last ? rowEnd[row] : fieldStart[row * width + col + 1] - 1;
      let quoted: boolean;
      if (table.codeAt(start) !== QUOTE) {
        // An unquoted cell is compared without decoding it.
        if (table.cellEquals(row, col, value)) continue;
        quoted = quotesNeeded(table, value);
      } else {
        const previous = table.cell(row, col);
        if (value === previous) continue;
        // Quotes the replaced cell did not need are the file's style: keep them. Quotes it
        // needed say nothing about style, so the column's habit decides.
        if (!quotesNeeded(table, previous)) quoted = true;
        else {
          columnQuoted ??= quotesByStyle(table, col);
          quoted = columnQuoted || quotesNeeded(table, value);
        }
      }
      const shown = asWritten(value);
      const written = quoted ? renderField(shown, true) : shown;
      rows.push(row);
      starts.push(start);
      ends.push(end);
      texts.push(written);
      const length = utf8Length(written);
      lengths.push(length);
      growth += length - (end - start);
    }
    if (rows.length > 0) columns.push({ col, rows, starts, ends, texts, lengths, growth });
  }
  return columns;
}

/** A column's changed cells where the executor recorded them: no input is read. */
function renderWritten(
  table: CsvTable,
  column: number,
  values: ColumnOverlay,
  known: WrittenColumn,
): Omit<ChangedColumn, "col"> {
  const { rows, starts, ends } = known;
  const texts = new Array<string>(rows.length);
  const lengths = new Int32Array(rows.length);
  let growth = 0;
  const asWritten = fileForm(table, column);
  for (let k = 0; k < rows.length; k++) {
    const value = asWritten(values.get(rows[k]) as string);
    const text = quotesNeeded(table, value) ? renderField(value, true) : value;
    texts[k] = text;
    lengths[k] = utf8Length(text);
    growth += lengths[k] - (ends[k] - starts[k]);
  }
  return { rows, starts, ends, texts, lengths, growth };
}

/**
 * A value as a column writes it: a decimal comma put back (`2.75` → `2,75`), an amount given its
 * currency sign (`1312.5` → `$1,312.5`), any other value as it is.
 */
function fileForm(table: CsvTable, col: number): (value: string) => string {
  if (table.decimalCommaColumns.has(col)) return toDecimalComma;
  const money = table.moneyColumns.get(col);
  return money ? (value) => toMoney(value, money) : (value) => value;
}

/** Merges the columns' changed cells into file order, counting the rows they are on. */
function inFileOrder(columns: ChangedColumn[]): ChangedCells {
  const count = columns.reduce((n, c) => n + c.rows.length, 0);
  const growth = columns.reduce((n, c) => n + c.growth, 0);
  if (columns.length <= 1) {
    const only = columns[0] ?? { starts: [], ends: [], texts: [], lengths: [] };
    const { starts, ends, texts, lengths } = only;
    return { starts, ends, texts, lengths, count, rowsChanged: count, growth };
  }
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  const texts = new Array<string>(count);
  const lengths = new Int32Array(count);
  let previousRow = -1;
  const next = new Int32Array(columns.length);
  let rowsChanged = 0;
  for (let i = 0; i < count; i++) {
    // The column whose next changed row comes first; on a tie the leftmost (columns ascend).
    let pick = -1;
    let row = 0;
    for (let c = 0; c < columns.length; c++) {
      const k = next[c];
      if (k < columns[c].rows.length && (pick < 0 || columns[c].rows[k] < row)) {
        pick = c;
        row = columns[c].rows[k];
      }
    }
    const column = columns[pick];
    const k = next[pick]++;
    if (row !== previousRow) rowsChanged++;
    previousRow = row;
    starts[i] = column.starts[k];
    ends[i] = column.ends[k];
    texts[i] = column.texts[k];
    lengths[i] = column.lengths[k];
  }
  return { starts, ends, texts, lengths, count, rowsChanged, growth };
}
/** Whether a cell of this table holding `value` must be quoted. */
function quotesNeeded(table: CsvTable, value: string): boolean {
  // In a one-column table an empty or all-space cell unquoted would be an empty line, which
  // readers skip.
  return (
    needsQuotes(value, table.delimiter.charCodeAt(0)) ||
    (table.columnCount === 1 && /^[ \t]*$/.test(value))
  );
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

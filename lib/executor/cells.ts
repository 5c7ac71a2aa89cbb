import { ColumnOverlay } from "@/lib/dataset/column-overlay";
import type { ColumnDictionary, CsvTable, WrittenColumn } from "@/lib/dataset/csv";
import { DICTIONARY_LIMIT } from "@/lib/dataset/csv-dictionary";

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

/** Rows `readAhead` reads at a time (64 to 256 did as well on a million rows; 64 takes least). */
const READ_AHEAD_ROWS = 64;

/**
 * The table as the operations see it while a plan runs: the parsed input, with an overlay of
 * the values written so far. A column's overlay is made the first time an operation writes to
 * it; the input table is never modified.
 */
export class WorkingCells {
  readonly table: CsvTable;
  /** New text by column index, then row; undefined where the input value stands. */
  readonly overlays: Array<ColumnOverlay | undefined>;
  /** Where the written cells of each column are, while that can be said cheaply (`written`). */
  private readonly writes: Array<ColumnWrites | undefined>;
  /** Writes `expectWrites` announced for a column that has no overlay yet. */
  private readonly expected: number[] = [];
  /** What `readAhead` read, kept so that its reads are not optimised away. */
  private touched = 0;

  constructor(table: CsvTable) {
    this.table = table;
    this.overlays = new Array(table.columnCount).fill(undefined);
    this.writes = new Array(table.columnCount).fill(undefined);
  }

  /**
   * Reads ahead what working on the rows from rows[from] on, in `col`, will read first (each
   * cell's offsets and first character, the row key's, the column's overlay slot), for a block of
   * rows, and answers where the block ends. The rows an operation matches are scattered over a
   * large table, and a loop that works on one row at a time waits for memory on each; a tight
   * loop over a block has the processor fetch many at once. On a million rows, the numeric
   * actions took a sixth less time.
   */
  readAhead(rows: Int32Array, from: number, col: number): number {
    const to = Math.min(rows.length, from + READ_AHEAD_ROWS);
    const overlay = this.overlays[col];
    this.touched ^=
      this.table.touchRows(rows, from, to, col) ^ (overlay ? overlay.touchRows(rows, from, to) : 0);
    return to;
  }

  /** The current value of a cell. */
  get(row: number, col: number): string {
    const written = this.overlays[col]?.get(row);
    return written !== undefined ? written : this.table.cell(row, col);
  }

  /**
   * Writes a cell. Operations write only values that differ from the cell's current one, which
   * `written` relies on.
   */
  set(row: number, col: number, value: string): void {
    const rewrite = this.overlay(col).set(row, value);
    let writes = this.writes[col];
    if (!writes) {
      writes = new ColumnWrites();
      this.writes[col] = writes;
    }
    if (!writes.exact) return;
    // The cell was just read, so its offsets and first character are in the cache.
    const { table } = this;
    const start = table.cellStart(row, col);
    if (rewrite || table.codeAt(start) === QUOTE) writes.exact = false;
    else writes.add(row, start, table.cellEnd(row, col));
  }

  private overlay(col: number): ColumnOverlay {
    let overlay = this.overlays[col];
    if (!overlay) {
      overlay = new ColumnOverlay(this.table.rowCount);
      overlay.reserve(this.expected[col] ?? 0);
      this.overlays[col] = overlay;
    }
    return overlay;
  }

  /**
   * Room for `count` more writes to a column, so that an operation about to write up to that many
   * cells does not grow its record of them step by step.
   */
  expectWrites(col: number, count: number): void {
    // An overlay is made by a first write only: a column without one still reads its dictionary.
    const overlay = this.overlays[col];
    if (overlay) overlay.reserve(count);
    else this.expected[col] = count;
    const writes = this.writes[col];
    if (!writes) this.writes[col] = new ColumnWrites(count);
    else if (writes.exact) writes.reserve(count);
  }

  /**
   * The input values of a column as codes into its distinct values, or null when it has more
   * than `limit` of them (`CsvTable.dictionary`): a category filter then tests each distinct
   * value once and each row by a table lookup, however many operations filter on it.
   */
  dictionary(col: number, limit: number): ColumnDictionary | null {
    return this.table.dictionary(col, limit);
  }

  /**
   * The columns whose every written cell was unquoted in the input and written once, so holds a
   * value that differs from it, with where those cells are: `writeChanges` renders them without
   * reading the input again (by then a large table's rows are out of the cache).
   */
  written(): Map<number, WrittenColumn> {
    const columns = new Map<number, WrittenColumn>();
    this.writes.forEach((writes, col) => {
      if (writes?.exact && writes.count > 0) columns.set(col, inRowOrder(writes));
    });
    return columns;
  }

  /** Overlays of the columns written to, for `serializeWithChanges`. */
  edits(): Map<number, ColumnOverlay> {
    const edits = new Map<number, ColumnOverlay>();
    this.overlays.forEach((overlay, col) => {
      if (overlay) edits.set(col, overlay);
    });
    return edits;
  }
}

/** The cells written to one column, in the order written (typed arrays: no garbage per cell). */
class ColumnWrites {
  rows: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  count = 0;
  /** Where each run of ascending rows after the first starts (each operation writes in order). */
  runStarts: number[] = [];
  /** Every cell written once, and unquoted in the input. */
  exact = true;

  constructor(capacity = 1024) {
    this.rows = new Int32Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  reserve(extra: number): void {
    const needed = this.count + extra;
    if (needed <= this.rows.length) return;
    this.rows = grown(this.rows, needed);
    this.starts = grown(this.starts, needed);
    this.ends = grown(this.ends, needed);
  }

  add(row: number, start: number, end: number): void {
    const at = this.count;
    if (at === this.rows.length) {
      this.rows = grown(this.rows);
      this.starts = grown(this.starts);
      this.ends = grown(this.ends);
    }
    if (at > 0 && row < this.rows[at - 1]) this.runStarts.push(at);
    this.rows[at] = row;
    this.starts[at] = start;
    this.ends[at] = end;
    this.count = at + 1;
  }
}

function grown(array: Int32Array, length = array.length * 2): Int32Array {
  const larger = new Int32Array(length);
  larger.set(array);
  return larger;
}

/** The writes ordered by row: the runs of ascending rows merged (there are few: one per operation). */
function inRowOrder(writes: ColumnWrites): WrittenColumn {
  const { rows, starts, ends } = writes;
  const n = writes.count;
  const bounds = [0, ...writes.runStarts, n];
  const next = bounds.slice(0, -1);
  const ordered = { rows: new Int32Array(n), starts: new Int32Array(n), ends: new Int32Array(n) };
  for (let at = 0; at < n; at++) {
    let pick = -1;
    for (let r = 0; r < next.length; r++) {
      if (next[r] < bounds[r + 1] && (pick < 0 || rows[next[r]] < rows[next[pick]])) pick = r;
    }
    const k = next[pick]++;
    ordered.rows[at] = rows[k];
    ordered.starts[at] = starts[k];
    ordered.ends[at] = ends[k];
  }
  return ordered;
}

/**
 * A test of one cell's value. `test` reads the value as text; `testRaw`, when present, reads an
 * unquoted cell straight from the input text (its raw range is its value), which saves making a
 * string per row on the first pass over a large table.
 */
export interface CellTest {
  col: number;
  test(value: string): boolean;
  testRaw?(text: string, start: number, end: number): boolean;
  /** `testRaw` over an ASCII file's bytes, for a table read from them (no text to test in place). */
  testBytes?(bytes: Uint8Array, start: number, end: number): boolean;
  /** The column has few distinct values, so a dictionary pays off on a full pass. */
  lowCardinality?: boolean;
  /**
   * For a comparison with a per-group aggregate ("above its category's average"): the group
   * column, and the test of the row's value for each group (undefined: the group has no figure,
   * so its rows match nothing). `test` is then unused.
   */
  group?: { col: number; testFor(group: string): CellTest | undefined };
}

/**
 * The rows whose input value passes `t`, read straight off the column's dictionary codes, or
 * null when the column has no dictionary or has been written to. This is the usual first filter
 * of an operation (a category) over the whole table, and a loop with no call per row makes it
 * several times cheaper than going through `rowTest`.
 */
export function selectByDictionary(cells: WorkingCells, t: CellTest): Int32Array | null {
  if (t.group || !t.lowCardinality || cells.overlays[t.col] !== undefined) return null;
  const dictionary = cells.dictionary(t.col, DICTIONARY_LIMIT);
  if (!dictionary) return null;
  const accept = Uint8Array.from(dictionary.values, (v) => (t.test(v) ? 1 : 0));
  const { codes } = dictionary;
  const rows = new Int32Array(codes.length);
  let count = 0;
  for (let row = 0; row < codes.length; row++) {
    if (accept[codes[row]] === 1) rows[count++] = row;
  }
  return rows.subarray(0, count);
}

/**
 * A row predicate over the working cells: written values are tested as text; input values through
 * the column's dictionary when `fullPass` and the column has few values, else with `testRaw`.
 */
export function rowTest(
  cells: WorkingCells,
  t: CellTest,
  fullPass = false,
): (row: number) => boolean {
  const group = t.group;
  if (group) return groupedRowTest(cells, t.col, group);
  const dictionary =
    fullPass && t.lowCardinality ? cells.dictionary(t.col, DICTIONARY_LIMIT) : null;
  if (dictionary) {
    const accept = Uint8Array.from(dictionary.values, (v) => (t.test(v) ? 1 : 0));
    const { codes } = dictionary;
    const col = t.col;
    return (row) => {
      const written = cells.overlays[col]?.get(row);
      return written !== undefined ? t.test(written) : accept[codes[row]] === 1;
    };
  }
  const { table } = cells;
  const { decodedText: text, fieldStart, rowEnd, columnCount: width } = table;
  const col = t.col;
  const last = col === width - 1;
  const raw = t.testRaw;
  const rawBytes = text === null ? t.testBytes : undefined;
  const { bytes } = table;
  return (row) => {
    const written = cells.overlays[col]?.get(row);
    if (written !== undefined) return t.test(written);
    const start = fieldStart[row * width + col];
    const end = last ? rowEnd[row] : fieldStart[row * width + col + 1] - 1;
    if (raw !== undefined && text !== null && text.charCodeAt(start) !== QUOTE) {
      return raw(text, start, end);
    }
    if (rawBytes !== undefined && bytes[start] !== QUOTE) return rawBytes(bytes, start, end);
    // Otherwise the cell is made (an ASCII file read from its bytes has no text to test in place).
    return t.test(table.cell(row, col));
  };
}

/**
 * A comparison with each row's own group's figure. The group column's dictionary, when it has
 * one, gives each row's group without reading its text, and each group's test then reads the
 * value cell as `rowTest` does.
 */
function groupedRowTest(
  cells: WorkingCells,
  col: number,
  group: NonNullable<CellTest["group"]>,
): (row: number) => boolean {
  const slow = (row: number, groupText: string) =>
    group.testFor(groupText)?.test(cells.get(row, col)) ?? false;
  const dictionary = cells.dictionary(group.col, DICTIONARY_LIMIT);
  if (!dictionary) return (row) => slow(row, cells.get(row, group.col));
  const byCode = dictionary.values.map((text) => {
    const test = group.testFor(text);
    return test ? rowTest(cells, test) : undefined;
  });
  const { codes } = dictionary;
  return (row) => {
    const written = cells.overlays[group.col]?.get(row);
    if (written !== undefined) return slow(row, written);
    const test = byCode[codes[row]];
    return test?.(row) ?? false;
  };
}

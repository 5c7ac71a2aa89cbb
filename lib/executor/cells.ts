import type { CsvTable } from "@/lib/dataset/csv";
import { QUOTE } from "@/lib/dataset/csv-scan";

/**
 * The table as the operations see it while a plan runs: the parsed input, with an overlay of
 * the values written so far. An overlay array is made for a column the first time an operation
 * writes to it; the input table is never modified.
 */
export class WorkingCells {
  readonly table: CsvTable;
  /** New text by column index, then row; undefined where the input value stands. */
  readonly overlays: Array<Array<string | undefined> | undefined>;

  constructor(table: CsvTable) {
    this.table = table;
    this.overlays = new Array(table.columnCount).fill(undefined);
  }

  /** The current value of a cell. */
  get(row: number, col: number): string {
    const written = this.overlays[col]?.[row];
    return written !== undefined ? written : this.table.cell(row, col);
  }

  set(row: number, col: number, value: string): void {
    let overlay = this.overlays[col];
    if (!overlay) {
      overlay = new Array<string | undefined>(this.table.rowCount);
      this.overlays[col] = overlay;
    }
    overlay[row] = value;
  }

  /** Overlays of the columns written to, for `serializeWithChanges`. */
  edits(): Map<number, Array<string | undefined>> {
    const edits = new Map<number, Array<string | undefined>>();
    this.overlays.forEach((overlay, col) => {
      if (overlay) edits.set(col, overlay);
    });
    return edits;
  }
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
}

/** A row predicate over the working cells that uses `testRaw` where it can. */
export function rowTest(cells: WorkingCells, t: CellTest): (row: number) => boolean {
  const { table } = cells;
  const { text, fieldStart, rowEnd, columnCount: width } = table;
  const col = t.col;
  const last = col === width - 1;
  const raw = t.testRaw;
  return (row) => {
    const written = cells.overlays[col]?.[row];
    if (written !== undefined) return t.test(written);
    const start = fieldStart[row * width + col];
    const end = last ? rowEnd[row] : fieldStart[row * width + col + 1] - 1;
    if (raw !== undefined && text.charCodeAt(start) !== QUOTE) return raw(text, start, end);
    return t.test(table.cell(row, col));
  };
}

/**
 * New values for some cells of one column, by row: what a plan's operations have written so far,
 * and what the writer puts in place of the input's cells.
 *
 * A row's value is found through a typed array of slots rather than kept in an array as long as
 * the table: a JavaScript array of a million mostly empty places is 8 MB of pointers that every
 * garbage collection walks, and is written to the first time at a cost per place. The slots are
 * zeroed memory that no collector reads; the values are as many as the cells written.
 */
export class ColumnOverlay {
  /** Per row, 0 where the input value stands, else the index of its value in `values` plus 1. */
  private readonly slots: Int32Array;
  private values: string[] = [];
  /** Values written: the first `count` places of `values` (see `reserve`). */
  private count = 0;

  constructor(readonly rowCount: number) {
    this.slots = new Int32Array(rowCount);
  }

  /** The row's new value, or undefined where the input value stands (or past the last row). */
  get(row: number): string | undefined {
    const slot = row < this.rowCount ? this.slots[row] : 0;
    return slot === 0 ? undefined : this.values[slot - 1];
  }

  /** Writes the row's value; true when the row had been written before. */
  set(row: number, value: string): boolean {
    if ((row | 0) !== row || row < 0 || row >= this.rowCount)
      throw new RangeError(`No row ${row}.`);
    const slot = this.slots[row];
    if (slot !== 0) {
      this.values[slot - 1] = value;
      return true;
    }
    if (this.count === this.values.length) this.values.push(value);
    else this.values[this.count] = value;
    this.slots[row] = ++this.count;
    return false;
  }

  /**
   * Room for `extra` more rows' values. Made at once, an array for a third of a million values
   * took 14 ms to fill where one grown by a push per value took 40.
   */
  reserve(extra: number): void {
    if (this.count + extra <= this.values.length) return;
    const values = new Array<string>(this.count + extra);
    for (let k = 0; k < this.count; k++) values[k] = this.values[k];
    this.values = values;
  }

  /** Reads the slots of rows[from..to) (see `CsvTable.touchRows`); the answer means nothing. */
  touchRows(rows: ArrayLike<number>, from: number, to: number): number {
    const { slots } = this;
    let seen = 0;
    for (let k = from; k < to; k++) seen ^= slots[rows[k]] | 0;
    return seen;
  }

  /** Rows written, however many times each. */
  get size(): number {
    return this.count;
  }

  /** The rows written, ascending. */
  rows(): Int32Array {
    const rows = new Int32Array(this.count);
    let count = 0;
    const { slots } = this;
    for (let row = 0; row < slots.length; row++) if (slots[row] !== 0) rows[count++] = row;
    return rows;
  }

  /** An overlay of the given values; `values[row]` undefined where the input value stands. */
  static of(values: ReadonlyArray<string | undefined>, rowCount = values.length): ColumnOverlay {
    const overlay = new ColumnOverlay(rowCount);
    values.forEach((value, row) => {
      if (value !== undefined) overlay.set(row, value);
    });
    return overlay;
  }
}

import type { CsvTable } from "./csv";
import { type ColumnDictionary, DICTIONARY_LIMIT } from "./csv-dictionary";

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

export interface DistinctScan {
  /** Number of distinct non-empty values. */
  distinct: number;
  /** Cells that are empty or whitespace. */
  empty: number;
  /**
   * For each distinct value, in the order values first appear, the first row it appears on and
   * how many rows have it.
   */
  firstRow: Int32Array;
  count: Int32Array;
}

/**
 * Distinct values of a column, counted over the cells' text so that no string is made per row
 * (only quoted cells with an escaped quote are decoded). Equal values are equal strings: cells
 * are not trimmed, so " fitness" and "fitness" are two values, as the executor's eq sees them.
 *
 * A column of at most `DICTIONARY_LIMIT` values is counted off the table's dictionary of it. Most
 * other columns have a few thousand values at most, counted in one hash table that stays in the
 * cache. A column with more (an id, a name) is counted again in buckets (`countByBuckets`): one
 * table over a million values would miss the cache on nearly every row.
 */
export function scanDistinct(
  table: CsvTable,
  col: number,
  /** Where one way of counting hands over to the next (parameters for tests). */
  { dictionaryValues = DICTIONARY_LIMIT, oneTableValues = ONE_TABLE_VALUES } = {},
): DistinctScan {
  // A column of few values (a category, a flag) is counted off its dictionary, which the table
  // keeps for the executor's filters; one of many gives up on it within its first rows.
  const dictionary = dictionaryValues > 0 ? table.dictionary(col, dictionaryValues) : null;
  if (dictionary) return countCodes(dictionary);
  return countInOneTable(table, col, oneTableValues) ?? countByBuckets(table, col);
}

/** The distinct scan of a dictionary-encoded column: its non-blank values by first row. */
function countCodes({ codes, values }: ColumnDictionary): DistinctScan {
  const rowsWith = new Int32Array(values.length);
  const firstRowOf = new Int32Array(values.length).fill(-1);
  for (let row = 0; row < codes.length; row++) {
    const code = codes[row];
    if (rowsWith[code]++ === 0) firstRowOf[code] = row;
  }
  const order: number[] = [];
  let empty = 0;
  values.forEach((value, code) => {
    if (/^[ \t]*$/.test(value)) empty += rowsWith[code];
    else order.push(code);
  });
  order.sort((a, b) => firstRowOf[a] - firstRowOf[b]);
  return {
    distinct: order.length,
    empty,
    firstRow: Int32Array.from(order, (code) => firstRowOf[code]),
    count: Int32Array.from(order, (code) => rowsWith[code]),
  };
}

/** Values one table holds while it stays small enough for the cache (two 1 MB arrays). */
const ONE_TABLE_VALUES = 1 << 17;

/** Rows after which a column whose values are nearly all different goes to the buckets. */
const EARLY_LOOK = 16_384;

/** The distinct values in one hash table, or null when there are more than `limit`. */
function countInOneTable(table: CsvTable, col: number, limit: number): DistinctScan | null {
  const { rowCount, columnCount: width } = table;
  const last = col === width - 1;
  let size = 16;
  while (size < Math.min(rowCount, limit) * 2) size *= 2;
  const slotHash = new Int32Array(size);
  const slotEntry = new Int32Array(size); // distinct index + 1; 0 is empty
  const most = Math.max(Math.min(rowCount, limit), 1);
  const firstRow = new Int32Array(most);
  // Where each distinct value's text lies in the file, or -1 when it had to be decoded.
  const firstFrom = new Int32Array(most);
  const firstTo = new Int32Array(most);
  const count = new Int32Array(most);
  const mask = size - 1;
  let distinct = 0;
  let empty = 0;
  const range = new Int32Array(2);
  for (let row = 0, at = col; row < rowCount; row++, at += width) {
    // Nearly every value new so far (an id, a name): it will not fit, so stop early.
    if (row === EARLY_LOOK && distinct > EARLY_LOOK * 0.9 && rowCount > limit) return null;
    const hash = hashCell(table, row, col, at, last, range);
    if (hash === BLANK) {
      empty++;
      continue;
    }
    const from = range[0];
    const to = range[1];
    const decoded = from < 0;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slotEntry[slot];
      if (entry === 0) {
        if (distinct === limit) return null;
        slotHash[slot] = hash;
        slotEntry[slot] = distinct + 1;
        firstRow[distinct] = row;
        firstFrom[distinct] = from;
        firstTo[distinct] = decoded ? -1 : to;
        count[distinct] = 1;
        distinct++;
        break;
      }
      if (slotHash[slot] !== hash) continue;
      const other = entry - 1;
      const otherFrom = firstFrom[other];
      let same: boolean;
      if (decoded || otherFrom < 0) {
        same = table.cell(firstRow[other], col) === table.cell(row, col);
      } else {
        const length = to - from;
        same = firstTo[other] - otherFrom === length && table.sameText(otherFrom, from, length);
      }
      if (same) {
        count[other]++;
        break;
      }
    }
  }
  return { distinct, empty, firstRow, count };
}

/**
 * The distinct values of a column with many: hash every cell; spread the cells over buckets by
 * the top bits of their hash (ascending within a bucket; equal values share one); count each
 * bucket's values with a small table that stays in the cache; list the values in the order they
 * first appear.
 */
function countByBuckets(table: CsvTable, col: number): DistinctScan {
  const cells = hashCells(table, col);
  const { hashes, rows } = cells;
  const n = rows.length;

  let bits = 1;
  while (bits < 16 && n >> (bits + 9) > 0) bits++;
  const shift = 32 - bits;
  const buckets = 1 << bits;
  const bucketStart = new Int32Array(buckets + 1);
  let largest = 0;
  for (let i = 0; i < n; i++) bucketStart[(hashes[i] >>> shift) + 1]++;
  for (let b = 0; b < buckets; b++) {
    largest = Math.max(largest, bucketStart[b + 1]);
    bucketStart[b + 1] += bucketStart[b];
  }
  const next = bucketStart.slice(0, buckets);
  // Indexes into `rows` (so into the per-cell arrays), ascending within each bucket.
  const byBucket = new Int32Array(n);
  for (let i = 0; i < n; i++) byBucket[next[hashes[i] >>> shift]++] = i;

  // Per bucket, a table of the first cell of each value met so far; a slot belongs to the
  // bucket whose number (plus one) it holds, so the table is never cleared between buckets.
  let size = 16;
  while (size < Math.min(largest, 1 << 20) * 2) size *= 2;
  const mask = size - 1;
  const slotCell = new Int32Array(size);
  const slotBucket = new Int32Array(size);
  // The number of rows of each value, at the index of the value's first cell (0 elsewhere).
  const countAt = new Int32Array(n);
  let distinct = 0;
  for (let b = 0; b < buckets; b++) {
    for (let k = bucketStart[b]; k < bucketStart[b + 1]; k++) {
      const i = byBucket[k];
      const hash = hashes[i];
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        if (slotBucket[slot] !== b + 1) {
          slotBucket[slot] = b + 1;
          slotCell[slot] = i;
          countAt[i] = 1;
          distinct++;
          break;
        }
        const first = slotCell[slot];
        if (hashes[first] === hash && sameValue(table, col, cells, first, i)) {
          countAt[first]++;
          break;
        }
      }
    }
  }

  const firstRow = new Int32Array(Math.max(distinct, 1));
  const count = new Int32Array(Math.max(distinct, 1));
  let at = 0;
  for (let i = 0; i < n; i++) {
    if (countAt[i] === 0) continue;
    firstRow[at] = rows[i];
    count[at] = countAt[i];
    at++;
  }
  return { distinct, empty: table.rowCount - n, firstRow, count };
}

/**
 * The column's non-blank cells: their rows, the FNV-1a hash of each value, and where the value
 * lies in the text (inside its quotes), or -1 when it had to be decoded.
 */
interface HashedCells {
  rows: Int32Array;
  hashes: Int32Array;
  from: Int32Array;
  to: Int32Array;
}

function hashCells(table: CsvTable, col: number): HashedCells {
  const { rowCount, columnCount: width } = table;
  const last = col === width - 1;
  const rows = new Int32Array(rowCount);
  const hashes = new Int32Array(rowCount);
  const froms = new Int32Array(rowCount);
  const tos = new Int32Array(rowCount);
  const range = new Int32Array(2);
  let n = 0;
  for (let row = 0, at = col; row < rowCount; row++, at += width) {
    const hash = hashCell(table, row, col, at, last, range);
    if (hash === BLANK) continue;
    rows[n] = row;
    hashes[n] = hash;
    froms[n] = range[0];
    tos[n] = range[1];
    n++;
  }
  return {
    rows: rows.subarray(0, n),
    hashes: hashes.subarray(0, n),
    from: froms.subarray(0, n),
    to: tos.subarray(0, n),
  };
}

/** Whether cells `a` and `b` (indexes into `cells`) hold the same value. */
function sameValue(table: CsvTable, col: number, cells: HashedCells, a: number, b: number) {
  const { from, to, rows } = cells;
  if (from[a] < 0 || from[b] < 0) return table.cell(rows[a], col) === table.cell(rows[b], col);
  const length = to[a] - from[a];
  if (to[b] - from[b] !== length) return false;
  return table.sameText(from[a], from[b], length);
}

/**
 * The hash of cell (`row`, `col`), whose field is `at`, or `BLANK`; writes where its value lies
 * into `range` ([from, to), from -1 when it had to be decoded). A value is a range of the text:
 * the cell, or inside its quotes. Only a quoted value with an escaped quote ("") needs decoding
 * into a string of its own.
 */
function hashCell(
  table: CsvTable,
  row: number,
  col: number,
  at: number,
  last: boolean,
  range: Int32Array,
): number {
  const { fieldStart, rowEnd } = table;
  let from = fieldStart[at];
  let to = last ? rowEnd[row] : fieldStart[at + 1] - 1;
  if (table.codeAt(from) === QUOTE) {
    from++;
    to--;
    let quote = from;
    while (quote < to && table.codeAt(quote) !== QUOTE) quote++;
    if (quote < to) {
      const decoded = table.cell(row, col);
      range[0] = -1;
      range[1] = -1;
      return hashValue(decoded, 0, decoded.length);
    }
  }
  range[0] = from;
  range[1] = to;
  const hash = table.hashText(from, to, blankOf);
  return blankOf[0] === 1 ? BLANK : hash === BLANK ? 1 : hash;
}

const blankOf = new Uint8Array(1);

/** What `hashValue` answers for a value of only spaces and tabs (or none): no hash. */
const BLANK = 0;

/**
 * FNV-1a over the code units of `text.slice(from, to)`, or `BLANK` when they are all spaces and
 * tabs. A value whose hash happens to be 0 is given 1 instead: hashes only group candidates, and
 * values are compared by their text.
 */
function hashValue(text: string, from: number, to: number): number {
  // The same hash as a range of the table's text (`hashCell`).
  let hash = 0x811c9dc5 | 0;
  let blank = true;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9) blank = false;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  if (blank) return BLANK;
  return hash === BLANK ? 1 : hash;
}

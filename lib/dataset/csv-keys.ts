import { CsvError } from "./csv-error";
import { unquote } from "./csv-header";
import type { CsvTable } from "./csv-table";

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

/**
 * Keys: that the key column's values are unique and filled in, checked as a file is parsed,
 * and the index that finds a row by its key (csv.ts).
 */

/**
 * FNV-1a hashes of the key field's text, taken while the scan reads it anyway. Rows whose key is
 * quoted or blank are listed instead, for the key index to look at.
 */
export interface ScannedKeys {
  field: number;
  hashes: Int32Array;
  /** Rows whose hash is missing from `hashes`, ascending. */
  unhashed: number[];
}

/** FNV-1a, over UTF-16 code units: the key index hashes keys with it. */
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * The key column's index: every row ordered by its key's hash, in groups that share the hash's
 * top bits (four to eight rows each), so a lookup hashes the key and compares the hashes of one
 * group. Two stable radix passes order the rows; they read and write memory mostly in sequence,
 * where a hash table of millions of slots misses the cache on nearly every row and takes several
 * times as long to fill. Built on the first lookup: a parse only checks that keys are unique
 * (`checkKeysUnique`), and a plan that looks no row up by key never needs it.
 */
export interface KeyIndex {
  /** Key hashes in index order. */
  hashes: Int32Array;
  /** Row numbers in index order. */
  rows: Int32Array;
  /** Where each group starts in `rows`, plus the end of the last. */
  groupStart: Int32Array;
  /** A hash's group is `hash >>> shift`. */
  shift: number;
}

export function buildKeyIndex(rowHashes: Int32Array): KeyIndex {
  const n = rowHashes.length;
  // Four to eight rows per group (at most 2^24 groups).
  let bits = 1;
  while (bits < 24 && n >> (bits + 3) > 0) bits++;
  const shift = 32 - bits;
  const low = bits >> 1; // the first pass sorts by the group's low bits, the second by its high
  const byLow = radixPass(rowHashes, null, shift, low);
  const sorted = radixPass(byLow.hashes, byLow.rows, shift + low, bits - low);

  const groupStart = new Int32Array((1 << bits) + 1);
  for (let at = 0; at < n; at++) groupStart[(sorted.hashes[at] >>> shift) + 1]++;
  for (let g = 0; g < 1 << bits; g++) groupStart[g + 1] += groupStart[g];
  return { hashes: sorted.hashes, rows: sorted.rows, groupStart, shift };
}

/**
 * One stable counting-sort pass on `width` bits of the hash, starting at bit `from`. `rows` null
 * means rows in order (0, 1, 2…).
 */
function radixPass(
  hashes: Int32Array,
  rows: Int32Array | null,
  from: number,
  width: number,
): { hashes: Int32Array; rows: Int32Array } {
  const n = hashes.length;
  const mask = (1 << width) - 1;
  const next = new Int32Array(mask + 2);
  for (let at = 0; at < n; at++) next[((hashes[at] >>> from) & mask) + 1]++;
  for (let d = 0; d <= mask; d++) next[d + 1] += next[d];
  const outHashes = new Int32Array(n);
  const outRows = new Int32Array(n);
  for (let at = 0; at < n; at++) {
    const hash = hashes[at];
    const to = next[(hash >>> from) & mask]++;
    outHashes[to] = hash;
    outRows[to] = rows === null ? at : rows[at];
  }
  return { hashes: outHashes, rows: outRows };
}

/**
 * Throws for the first row, in file order, whose key an earlier row already has: the rows whose
 * hashes are equal (`equalHashPairs`) have their keys compared.
 */
export function checkKeysUnique(table: CsvTable, col: number, hashes: Int32Array): void {
  checkEqualHashPairs(table, col, equalHashPairs(hashes, EQUAL_HASH_PAIR_LIMIT));
}

/**
 * Pairs of equal hashes `equalHashPairs` may report before it gives up: a million distinct keys
 * have about a hundred, so more means repeated keys, which a plain map of keys finds sooner.
 */
export const EQUAL_HASH_PAIR_LIMIT = 4096;

/**
 * Throws for the first row, in file order, whose key an earlier row already has, given the pairs
 * of rows whose key hashes are equal (`equalHashPairs`); null pairs (too many) has every key
 * compared.
 */
export function checkEqualHashPairs(table: CsvTable, col: number, pairs: Int32Array | null): void {
  if (pairs === null) {
    const seen = new Map<string, number>();
    for (let row = 0; row < table.rowCount; row++) {
      const key = table.cell(row, col);
      const first = seen.get(key);
      if (first !== undefined) throw duplicateKey(table, col, row, first);
      seen.set(key, row);
    }
    return;
  }
  let repeat = -1;
  let first = -1;
  for (let at = 0; at < pairs.length; at += 2) {
    const earlier = pairs[at];
    const row = pairs[at + 1];
    const sooner = repeat < 0 || row < repeat || (row === repeat && earlier < first);
    if (sooner && table.cell(earlier, col) === table.cell(row, col)) {
      repeat = row;
      first = earlier;
    }
  }
  if (repeat >= 0) throw duplicateKey(table, col, repeat, first);
}

/**
 * Every pair of rows (earlier, later) whose hashes are equal, flattened, or null when there are
 * more than `limit`. One counting pass spreads the rows over buckets by the top bits of their
 * hash (a few hundred rows each, ascending within a bucket), and each bucket is looked at with a
 * small hash table that stays in the cache; one table over a million rows would miss the cache on
 * nearly every row.
 *
 * Self-contained (no imports, helpers or nested functions) because its source text also runs on
 * the scan worker (scan-worker.ts), which finds the pairs while the parse's caller goes on.
 */
export function equalHashPairs(hashes: Int32Array, limit: number): Int32Array | null {
  const n = hashes.length;
  let bits = 1;
  while (bits < 16 && n >> (bits + 9) > 0) bits++;
  const shift = 32 - bits;
  const buckets = 1 << bits;
  const bucketStart = new Int32Array(buckets + 1);
  for (let row = 0; row < n; row++) bucketStart[(hashes[row] >>> shift) + 1]++;
  let largest = 0;
  for (let b = 0; b < buckets; b++) {
    largest = Math.max(largest, bucketStart[b + 1]);
    bucketStart[b + 1] += bucketStart[b];
  }
  const next = bucketStart.slice(0, buckets);
  const rows = new Int32Array(n);
  for (let row = 0; row < n; row++) rows[next[hashes[row] >>> shift]++] = row;

  let size = 16;
  while (size < largest * 2) size *= 2;
  const mask = size - 1;
  const slotRow = new Int32Array(size);
  // Which bucket filled a slot (bucket + 1), so the table is never cleared between buckets.
  const slotBucket = new Int32Array(size);
  const pairs: number[] = [];
  for (let b = 0; b < buckets; b++) {
    for (let i = bucketStart[b]; i < bucketStart[b + 1]; i++) {
      const row = rows[i];
      const hash = hashes[row];
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        if (slotBucket[slot] !== b + 1) {
          slotBucket[slot] = b + 1;
          slotRow[slot] = row;
          break;
        }
        if (hashes[slotRow[slot]] === hash) {
          if (pairs.length === limit * 2) return null;
          pairs.push(slotRow[slot], row);
        }
      }
    }
  }
  return Int32Array.from(pairs);
}

/** The scan's key hashes with the quoted and blank keys it left out looked at. */
export function completeKeyHashes(table: CsvTable, col: number, scanned: ScannedKeys): Int32Array {
  const { hashes } = scanned;
  for (const row of scanned.unhashed) {
    const value = table.cell(row, col);
    if (value.trim() === "") throw emptyKey(table, col, row);
    hashes[row] = hashRange(value, 0, value.length);
  }
  return hashes;
}

const blankOf = new Uint8Array(1);

/** The hash of every key cell's value, in row order; throws on the first empty key. */
export function hashKeys(table: CsvTable, col: number): Int32Array {
  const { rowCount, fieldStart, rowEnd, columnCount: width } = table;
  const hashes = new Int32Array(rowCount);
  const last = col === width - 1;
  for (let row = 0, at = col; row < rowCount; row++, at += width) {
    const start = fieldStart[at];
    const end = last ? rowEnd[row] : fieldStart[at + 1] - 1;
    let hash: number;
    let blank: boolean;
    if (table.codeAt(start) === QUOTE) {
      const value = unquote(table.textOf(start, end), 0, end - start);
      hash = hashRange(value, 0, value.length);
      blank = value.trim() === "";
    } else {
      // FNV-1a over the code units, noting on the way whether any is not a space or tab.
      hash = table.hashText(start, end, blankOf);
      blank = blankOf[0] === 1;
    }
    if (blank) throw emptyKey(table, col, row);
    hashes[row] = hash;
  }
  return hashes;
}

function emptyKey(table: CsvTable, col: number, row: number): CsvError {
  const line = table.lineOfRow(row);
  return new CsvError(
    "empty_key",
    `Line ${line}: the key column '${table.header[col]}' is empty; every row needs a key.`,
    line,
  );
}

function duplicateKey(table: CsvTable, col: number, row: number, first: number): CsvError {
  const line = table.lineOfRow(row);
  return new CsvError(
    "duplicate_key",
    `Line ${line}: key '${table.cell(row, col)}' already appears on line ${table.lineOfRow(first)}.`,
    line,
  );
}

/** FNV-1a over UTF-16 code units. */
export function hashRange(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET;
  for (let at = start; at < end; at++) {
    hash = Math.imul(hash ^ text.charCodeAt(at), FNV_PRIME);
  }
  return hash;
}

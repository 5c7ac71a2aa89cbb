/**
 * The hot loop of CSV parsing: one pass over the rows recording where each field starts and
 * where each row ends, hashing the key on the way and dictionary-encoding one field. An ASCII
 * file is scanned in its bytes (`scanRowBytes`, csv-scan-bytes.ts); any other in its decoded text
 * (`scanRows`, here), where the string's native `indexOf` finds the next separator, line break or
 * quote: one native search per field beats reading each UTF-16 code unit from JavaScript.
 *
 * The byte scan also runs on a worker thread (scan-worker.ts), which scans the second half of a
 * large file while this thread scans the first. The worker runs the source text of the functions
 * in `BYTE_SCAN_FUNCTIONS`, so those live in one module and may call only each other and
 * built-ins; the text scan shares them.
 */

import {
  grownScanArrays,
  notePlainField,
  noteQuotedField,
  quoteProblem,
  raggedRow,
  rowCapacity,
  scanArrays,
  scanResult,
} from "./csv-scan-bytes";

/** A problem found by a scan, at an offset of the whole text. */
export interface ScanProblem {
  kind: "ragged_row" | "unterminated_quote" | "invalid_quote";
  /** Offset of the row (ragged_row, invalid_quote) or of the opening quote. */
  offset: number;
  /** ragged_row: fields the row has; invalid_quote: the 1-based field with text after its quote. */
  detail: number;
}

/** One field's values as codes into its distinct values, as far as a scan saw them. */
export interface ScannedDictionary {
  field: number;
  /** Per row, the index of its value in `values`; -1 for a row in `unresolved`. */
  codes: Int32Array;
  values: string[];
  /** Rows whose cell is quoted (its value needs unescaping, left to the caller), ascending. */
  unresolved: number[];
  /** More distinct values than the limit: the field is not encoded, `codes` means nothing. */
  overflow: boolean;
}

export interface RowScan {
  /** Offset of each field (row-major), quotes included, plus `base`. */
  fieldStart: Int32Array;
  /** Offset just after each row's last field, plus `base`. */
  rowEnd: Int32Array;
  rowCount: number;
  /** FNV-1a hash (over code units) of each row's unquoted, non-blank key (`ScannedKeys` in csv.ts). */
  keyHashes: Int32Array;
  /** Rows whose key is quoted or blank, so not in `keyHashes`, ascending. */
  unhashed: number[];
  /** The field asked to be encoded, or null. */
  dictionary: ScannedDictionary | null;
  /** Where the scan stopped: the start of the first row at or after `stop`, or the end. */
  next: number;
  /** The first problem; the scan stops there. */
  problem: ScanProblem | null;
  /**
   * From a scan of bytes (`scanRowBytes`): whether every byte it read was ASCII. When not, it
   * stopped after the first row that had another, and its offsets are not text offsets.
   */
  ascii?: boolean;
}

/** What a scan looks for, besides where it starts and stops. */
export interface ScanTask {
  /** Fields every record must have. */
  width: number;
  /** The field whose hashes to take, or -1. */
  keyField: number;
  /** Added to every offset in the result. */
  base: number;
  /**
   * The arrays are sized for the rows up to this offset (default: where the scan stops), so a
   * caller that scans the rest elsewhere can append those rows without reallocating.
   */
  sizeFor?: number;
  /**
   * The field dictionary-encoded on the way (`ScannedDictionary`; none, -1, by default), up to
   * `encodeLimit` distinct values: a filter on a category reads every row's category, and while
   * the scan is at a row its text is in the cache, where a later pass fetches the whole file
   * from memory again.
   */
  encodeField?: number;
  encodeLimit?: number;
  /** The separator's character code (default a comma). */
  delimiter?: number;
  /**
   * Where to put the rows instead of new arrays (views into memory another thread shares, see
   * `sharedScanViews`); a scan that finds more rows than they hold goes on in arrays of its own.
   */
  into?: ScanViews;
}

/** The arrays a scan writes its rows into (`ScanArrays` without the dictionary's state). */
export interface ScanViews {
  fieldStart: Int32Array;
  rowEnd: Int32Array;
  /** Empty when no key is hashed. */
  keyHashes: Int32Array;
  /** Empty when no field is encoded. */
  codes: Int32Array;
}

/** What a scan fills as it goes, sized for `capacity` rows. */
export interface ScanArrays extends ScanViews {
  capacity: number;
  /** Rows whose key is quoted or blank. */
  unhashed: number[];
  /** The encoded field's values so far, or null when no field is encoded. */
  dictionary: DictionaryInProgress | null;
}

/**
 * A dictionary being built: distinct values, an open-addressing table of value index + 1 (0 is
 * empty), the rows whose cell is quoted, and whether the limit was passed.
 */
export interface DictionaryInProgress {
  field: number;
  limit: number;
  values: string[];
  slots: Int32Array;
  mask: number;
  quotedRows: number[];
  overflow: boolean;
}

/**
 * Past a row's line break (CRLF, LF or CR) and any empty lines after it. A line of nothing but
 * spaces and tabs is an empty line too: it is kept in the file and is not a row — except that in
 * a tab-separated file a tab separates empty cells, so a line of tabs is a row.
 */
export function skipEmptyLines(text: string, pos: number, delimiter = 44): number {
  const n = text.length;
  const blankTab = delimiter !== 9;
  let lineStart = pos;
  for (let at = pos; at < n; at++) {
    const c = text.charCodeAt(at);
    if (c === 10 || c === 13) lineStart = at + 1;
    else if (c !== 32 && !(c === 9 && blankTab)) return lineStart;
  }
  return n;
}

/**
 * Scans the records starting at `start` until one starts at or after `stop` (a record that
 * starts before `stop` is read to its end), as `task` says (`ScanTask`).
 */
export function scanRows(text: string, start: number, stop: number, task: ScanTask): RowScan {
  const { width, keyField, base, encodeField = -1, encodeLimit = 0, delimiter = 44 } = task;
  const n = text.length;
  const separator = String.fromCharCode(delimiter);
  const capacity = rowCapacity(text, start, stop, task.sizeFor ?? stop);
  let arrays = scanArrays(capacity, width, keyField, encodeField, encodeLimit);
  let problem: ScanProblem | null = null;
  // The next separator (named `comma` for the usual one), LF and CR at or after where they were
  // last looked for; -1 when there is none, -2 before the first search. A row's LF is found once
  // for all its fields.
  let comma = -2;
  let lf = -2;
  let cr = -2;
  let rows = 0;
  let pos = start;

  scan: while (pos < stop) {
    if (rows === arrays.capacity) arrays = grownScanArrays(arrays, width);
    const rowStart = pos;
    let at = rows * width;
    let field = 0;
    for (;;) {
      if (field === width) {
        problem = raggedRow(text, rowStart, base, delimiter);
        break scan;
      }
      arrays.fieldStart[at++] = pos + base;
      if (text.charCodeAt(pos) === 34) {
        noteQuotedField(arrays, field, rows, keyField);
        field++;
        const end = quotedFieldEnd(text, pos, delimiter);
        if (end < 0) {
          problem = quoteProblem(end, pos, rowStart, base, field);
          break scan;
        }
        pos = end;
      } else {
        if (comma !== -1 && comma < pos) comma = text.indexOf(separator, pos);
        if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
        if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
        let end = comma < 0 ? n : comma;
        if (lf >= 0 && lf < end) end = lf;
        if (cr >= 0 && cr < end) end = cr;
        if (field === keyField || field === encodeField) {
          const blank = field === keyField && blankText(text, pos, end);
          const hash = textHash(text, pos, end);
          notePlainField(arrays, text, pos, end, hash, blank, field, rows, keyField);
        }
        field++;
        pos = end;
      }
      if (pos < n && text.charCodeAt(pos) === delimiter) {
        pos++;
        continue;
      }
      break;
    }
    if (field !== width) {
      problem = { kind: "ragged_row", offset: rowStart + base, detail: field };
      break;
    }
    arrays.rowEnd[rows++] = pos + base;
    pos = skipEmptyLines(text, pos, delimiter);
  }
  return scanResult(arrays, rows, width, keyField, pos, problem);
}

/** FNV-1a over the text's UTF-16 code units. */
function textHash(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5 | 0;
  for (let k = from; k < to; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
  return hash;
}

/** Whether the text holds only spaces and tabs (a blank key). */
function blankText(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

/**
 * Just past the quoted field whose quote is at `open`: -1 when the quote is never closed, -2
 * when something other than a separator or line break follows the closing quote.
 */
function quotedFieldEnd(text: string, open: number, delimiter: number) {
  let pos = open + 1;
  for (;;) {
    pos = text.indexOf('"', pos);
    if (pos < 0) return -1;
    if (text.charCodeAt(pos + 1) !== 34) break;
    pos += 2;
  }
  pos++;
  if (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c !== delimiter && c !== 10 && c !== 13) return -2;
  }
  return pos;
}

/**
 * Arrays in memory two threads share, for the rows of a file from `start` to `split` (`head`)
 * and from `split` to its end (`tail`), each with room for a little more than `rowCapacity`
 * expects. One thread scans the first part into them from row 0, the other the rest from a
 * little past where the first part's rows should end. Joining the two then moves the second
 * part's rows down, mostly onto memory the second thread has already written. Copying them from
 * arrays of the worker's own instead wrote as much memory again for the first time, which on a
 * large file cost more than the scan of those rows (about 80 ms of a million rows' 0.45 s parse).
 */
export function sharedScanViews(
  bytes: Uint8Array,
  start: number,
  split: number,
  width: number,
  keyed: boolean,
  encoded: boolean,
): { head: ScanViews; tail: ScanViews } {
  const headRows = rowCapacity(bytes, start, split, split);
  const rows = headRows + rowCapacity(bytes, split, bytes.length, bytes.length);
  const int32s = (length: number) => new Int32Array(new SharedArrayBuffer(length * 4));
  const views: ScanViews = {
    fieldStart: int32s(rows * width),
    rowEnd: int32s(rows),
    keyHashes: int32s(keyed ? rows : 0),
    codes: int32s(encoded ? rows : 0),
  };
  const at = (from: number, to: number): ScanViews => {
    const rowsOf = (array: Int32Array) => (array.length === 0 ? array : array.subarray(from, to));
    return {
      fieldStart: views.fieldStart.subarray(from * width, to * width),
      rowEnd: rowsOf(views.rowEnd),
      keyHashes: rowsOf(views.keyHashes),
      codes: rowsOf(views.codes),
    };
  };
  return { head: at(0, headRows), tail: at(headRows, rows) };
}

/**
 * `rest` appended to `head`, in `head`'s buffer when it has room (a scan sizes its arrays
 * for the rows another thread scans, so joining the two scans copies only the second's rows).
 * `rest` may be further on in the same shared memory (`sharedScanViews`): `set` copies as if
 * from a copy of it, so its rows move down intact.
 */
export function appendScanned(head: Int32Array, rest: Int32Array): Int32Array {
  const length = head.length + rest.length;
  const room = (head.buffer.byteLength - head.byteOffset) / 4;
  if (room < length) {
    const joined = new Int32Array(length);
    joined.set(head);
    joined.set(rest, head.length);
    return joined;
  }
  const joined = new Int32Array(head.buffer, head.byteOffset, length);
  joined.set(rest, head.length);
  return joined;
}

/**
 * The rows of two consecutive scans as one, in the first one's arrays when they have room; the
 * second's dictionary values join the first's, its codes renumbered into them (past `limit`
 * values the field is not encoded).
 */
export function appendRowScan(head: RowScan, rest: RowScan, limit: number): RowScan {
  const headRows = head.rowCount;
  let dictionary: ScannedDictionary | null = null;
  if (head.dictionary && rest.dictionary) {
    const values = [...head.dictionary.values];
    const unresolved = head.dictionary.unresolved.concat(
      rest.dictionary.unresolved.map((row) => row + headRows),
    );
    let overflow = head.dictionary.overflow || rest.dictionary.overflow;
    const renumbered = new Int32Array(rest.dictionary.values.length);
    const indexOf = new Map(values.map((value, code) => [value, code]));
    for (let code = 0; !overflow && code < renumbered.length; code++) {
      const value = rest.dictionary.values[code];
      let known = indexOf.get(value);
      if (known === undefined) {
        if (values.length === limit) overflow = true;
        known = values.length;
        values.push(value);
        indexOf.set(value, known);
      }
      renumbered[code] = known;
    }
    let codes: Int32Array = new Int32Array(0);
    if (!overflow) {
      const restCodes = rest.dictionary.codes;
      for (let k = 0; k < restCodes.length; k++) {
        if (restCodes[k] >= 0) restCodes[k] = renumbered[restCodes[k]];
      }
      codes = appendScanned(head.dictionary.codes, restCodes);
    }
    dictionary = { field: head.dictionary.field, codes, values, unresolved, overflow };
  }
  return {
    fieldStart: appendScanned(head.fieldStart, rest.fieldStart),
    rowEnd: appendScanned(head.rowEnd, rest.rowEnd),
    rowCount: headRows + rest.rowCount,
    keyHashes: appendScanned(head.keyHashes, rest.keyHashes),
    unhashed: head.unhashed.concat(rest.unhashed.map((row) => row + headRows)),
    dictionary,
    next: rest.next,
    problem: null,
  };
}

import type { RowScan, ScanArrays, ScanProblem, ScanTask, ScanViews } from "./csv-scan";

/**
 * `scanRows` over an ASCII file's bytes rather than its decoded text: the same rows, offsets,
 * hashes, dictionary and problems (in an ASCII file a byte offset is a text offset), found by a
 * loop over the bytes. Searching a string with `indexOf` costs a native call per field, which
 * for short fields is more than looking at their few bytes; and with the bytes scanned, the
 * worker thread need not decode its share of the file first.
 *
 * It also checks that the bytes are ASCII, since it reads each of them anyway: a separate pass
 * would be the first to touch a large file's memory, which costs more here than the check. It
 * stops after the first row with a byte above 0x7F, with `ascii` false (see `RowScan`).
 *
 * It runs on the scan worker too, so it may call only the functions in `BYTE_SCAN_FUNCTIONS`,
 * which are all in this module: a bundler calls a function of another module through that
 * module's object, which the worker does not have.
 */
export function scanRowBytes(
  bytes: Uint8Array,
  start: number,
  stop: number,
  task: ScanTask,
): RowScan {
  const { width, keyField, base, encodeField = -1, delimiter = 44 } = task;
  const n = bytes.length;
  // Letters and digits are above every byte that ends a field (with a comma, the usual
  // separator), so most bytes are passed after one comparison.
  const highestStop = Math.max(delimiter, 13);
  let arrays = taskArrays(bytes, start, stop, task);
  let problem: ScanProblem | null = null;
  let rows = 0;
  let pos = start;
  // Every byte read, or-ed together: above 0x7F once any is not ASCII.
  let seen = 0;
  // The loops over a field's bytes are written out here: as calls, the scan took half as long
  // again.
  scan: while (pos < stop) {
    if (rows === arrays.capacity) arrays = grownScanArrays(arrays, width);
    const { fieldStart } = arrays;
    const rowStart = pos;
    let at = rows * width;
    let field = 0;
    for (;;) {
      if (field === width) {
        problem = raggedRow(bytes, rowStart, base, delimiter);
        break scan;
      }
      fieldStart[at++] = pos + base;
      const open = pos;
      if (bytes[pos] === 34) {
        noteQuotedField(arrays, field++, rows, keyField);
        for (pos++; pos < n && (bytes[pos] !== 34 || bytes[pos + 1] === 34); pos++) {
          seen |= bytes[pos];
          if (bytes[pos] === 34) pos++;
        }
        const c = pos + 1 < n ? bytes[pos + 1] : delimiter;
        if (pos === n || (c !== delimiter && c !== 10 && c !== 13)) {
          problem = quoteProblem(pos === n ? -1 : -2, open, rowStart, base, field);
          break scan;
        }
        pos++;
      } else if (field === keyField || field === encodeField) {
        // FNV-1a's offset basis as an int32 (the same hashes): as the double it is written as,
        // it made the loop's hash a double, and the whole scan half as slow again.
        let hash = 0x811c9dc5 | 0;
        let blank = true;
        for (let c = bytes[pos]; pos < n; c = bytes[++pos]) {
          seen |= c;
          if (c <= highestStop && (c === delimiter || c === 10 || c === 13)) break;
          if (c !== 32 && c !== 9) blank = false;
          hash = Math.imul(hash ^ c, 0x01000193);
        }
        notePlainField(arrays, bytes, open, pos, hash, blank, field++, rows, keyField);
      } else {
        for (let c = bytes[pos]; pos < n; c = bytes[++pos]) {
          seen |= c;
          if (c <= highestStop && (c === delimiter || c === 10 || c === 13)) break;
        }
        field++;
      }
      if (pos < n && bytes[pos] === delimiter) {
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
    if (seen > 0x7f) break;
    pos = skipEmptyByteLines(bytes, pos, delimiter);
  }
  return { ...scanResult(arrays, rows, width, keyField, pos, problem), ascii: seen <= 0x7f };
}

/**
 * The arrays a scan from `start` to `stop` fills: the task's (`into`), or new ones for the rows
 * `rowCapacity` expects.
 */
export function taskArrays(
  bytes: Uint8Array,
  start: number,
  stop: number,
  task: ScanTask,
): ScanArrays {
  const { width, keyField, encodeField = -1, encodeLimit = 0, into } = task;
  const capacity = into
    ? into.rowEnd.length
    : rowCapacity(bytes, start, stop, task.sizeFor ?? stop);
  return scanArrays(capacity, width, keyField, encodeField, encodeLimit, into);
}

/** `skipEmptyLines` (csv-scan.ts) on bytes: past a line break and any empty lines after it. */
export function skipEmptyByteLines(bytes: Uint8Array, pos: number, delimiter: number): number {
  const n = bytes.length;
  let lineStart = pos;
  for (let at = pos; at < n; at++) {
    const c = bytes[at];
    if (c === 10 || c === 13) lineStart = at + 1;
    else if (c !== 32 && (c !== 9 || delimiter === 9)) return lineStart;
  }
  return n;
}

/**
 * A scan's arrays for `capacity` rows, encoding `encodeField` (or none, -1) up to `encodeLimit`
 * values: `into`'s, when given (sized for `capacity` rows), else new ones.
 */
export function scanArrays(
  capacity: number,
  width: number,
  keyField: number,
  encodeField: number,
  encodeLimit: number,
  into?: ScanViews,
): ScanArrays {
  let dictionary: ScanArrays["dictionary"] = null;
  if (encodeField >= 0) {
    let size = 16;
    while (size < encodeLimit * 2) size *= 2;
    dictionary = {
      field: encodeField,
      limit: encodeLimit,
      values: [],
      slots: new Int32Array(size),
      mask: size - 1,
      quotedRows: [],
      overflow: false,
    };
  }
  const views = into ?? {
    fieldStart: new Int32Array(capacity * width),
    rowEnd: new Int32Array(capacity),
    keyHashes: new Int32Array(keyField >= 0 ? capacity : 0),
    codes: new Int32Array(dictionary ? capacity : 0),
  };
  return { capacity, ...views, unhashed: [], dictionary };
}

/** `old`'s arrays half as large again, with its rows copied. */
export function grownScanArrays(old: ScanArrays, width: number): ScanArrays {
  const capacity = Math.ceil(old.capacity * 1.5) + 16;
  const grown: ScanArrays = {
    ...old,
    capacity,
    fieldStart: new Int32Array(capacity * width),
    rowEnd: new Int32Array(capacity),
    keyHashes: new Int32Array(old.keyHashes.length > 0 ? capacity : 0),
    codes: new Int32Array(old.dictionary ? capacity : 0),
  };
  grown.fieldStart.set(old.fieldStart);
  grown.rowEnd.set(old.rowEnd);
  grown.keyHashes.set(old.keyHashes);
  grown.codes.set(old.codes);
  return grown;
}

/**
 * Rows to size a scan's arrays for: those up to `sizeFor`, guessed from the line breaks in the
 * first 256 KB, a little generously.
 */
export function rowCapacity(
  source: string | Uint8Array,
  start: number,
  stop: number,
  sizeFor: number,
): number {
  const sampleEnd = Math.min(stop, start + 262_144);
  let breaks = 0;
  if (typeof source === "string") {
    for (
      let at = source.indexOf("\n", start);
      at >= 0 && at < sampleEnd;
      at = source.indexOf("\n", at + 1)
    )
      breaks++;
  } else {
    for (
      let at = source.indexOf(10, start);
      at >= 0 && at < sampleEnd;
      at = source.indexOf(10, at + 1)
    )
      breaks++;
  }
  if (breaks === 0) return 16;
  return 16 + Math.ceil(((sizeFor - start) / ((sampleEnd - start) / breaks)) * 1.02);
}

/**
 * The key's hash, or the field's dictionary code, for an unquoted field a scan has just passed
 * (`hash` its FNV-1a, `blank` whether it is the key and holds only spaces and tabs).
 */
export function notePlainField(
  arrays: ScanArrays,
  source: string | Uint8Array,
  from: number,
  to: number,
  hash: number,
  blank: boolean,
  field: number,
  row: number,
  keyField: number,
): void {
  if (field === keyField) {
    if (blank) arrays.unhashed.push(row);
    else arrays.keyHashes[row] = hash;
  }
  const dictionary = arrays.dictionary;
  if (dictionary === null || field !== dictionary.field || dictionary.overflow) return;
  const text = typeof source === "string";
  for (let slot = hash & dictionary.mask; ; slot = (slot + 1) & dictionary.mask) {
    const entry = dictionary.slots[slot];
    if (entry === 0) {
      if (dictionary.values.length === dictionary.limit) {
        dictionary.overflow = true;
      } else {
        const value = text
          ? source.slice(from, to)
          : String.fromCharCode(...source.subarray(from, to));
        dictionary.values.push(value);
        dictionary.slots[slot] = dictionary.values.length;
        arrays.codes[row] = dictionary.values.length - 1;
      }
      return;
    }
    const value = dictionary.values[entry - 1];
    let same = value.length === to - from;
    for (let k = 0; same && k < value.length; k++) {
      same = value.charCodeAt(k) === (text ? source.charCodeAt(from + k) : source[from + k]);
    }
    if (same) {
      arrays.codes[row] = entry - 1;
      return;
    }
  }
}

/** A quoted field is not hashed or encoded: its value needs unescaping, left to the caller. */
export function noteQuotedField(arrays: ScanArrays, field: number, row: number, keyField: number) {
  if (field === keyField) arrays.unhashed.push(row);
  const dictionary = arrays.dictionary;
  if (dictionary !== null && field === dictionary.field) {
    arrays.codes[row] = -1;
    dictionary.quotedRows.push(row);
  }
}

/** The problem `quotedFieldEnd` found (`end` below 0) in the `field`th field (1-based). */
export function quoteProblem(
  end: number,
  open: number,
  rowStart: number,
  base: number,
  field: number,
): ScanProblem {
  return end === -1
    ? { kind: "unterminated_quote", offset: open + base, detail: 0 }
    : { kind: "invalid_quote", offset: rowStart + base, detail: field };
}

/** A row with more fields than the header, all of them counted for the message. */
export function raggedRow(
  source: string | Uint8Array,
  rowStart: number,
  base: number,
  delimiter: number,
): ScanProblem {
  const text = typeof source === "string";
  let fields = 1;
  let quoted = false;
  for (let at = rowStart; at < source.length; at++) {
    const c = text ? source.charCodeAt(at) : source[at];
    if (c === 34) quoted = !quoted;
    else if (!quoted && c === delimiter) fields++;
    else if (!quoted && (c === 10 || c === 13)) break;
  }
  return { kind: "ragged_row", offset: rowStart + base, detail: fields };
}

/** The scan's arrays cut to the rows it found. */
export function scanResult(
  arrays: ScanArrays,
  rows: number,
  width: number,
  keyField: number,
  next: number,
  problem: ScanProblem | null,
): RowScan {
  const dictionary = arrays.dictionary;
  return {
    fieldStart: arrays.fieldStart.subarray(0, rows * width),
    rowEnd: arrays.rowEnd.subarray(0, rows),
    rowCount: rows,
    keyHashes: arrays.keyHashes.subarray(0, keyField < 0 ? 0 : rows),
    unhashed: arrays.unhashed,
    dictionary: dictionary && {
      field: dictionary.field,
      codes: arrays.codes.subarray(0, rows),
      values: dictionary.values,
      unresolved: dictionary.quotedRows,
      overflow: dictionary.overflow,
    },
    next,
    problem,
  };
}

/**
 * What the scan worker runs, as source text: `scanRowBytes`, everything it calls, and the join
 * of two scans (`workerSource` in scan-worker.ts writes each out as the declaration it is, under
 * the name the bundle gave it, so the calls between them still meet in a minified build).
 */
export const BYTE_SCAN_FUNCTIONS = [
  scanRowBytes,
  taskArrays,
  skipEmptyByteLines,
  rowCapacity,
  scanArrays,
  grownScanArrays,
  notePlainField,
  noteQuotedField,
  quoteProblem,
  raggedRow,
  scanResult,
];

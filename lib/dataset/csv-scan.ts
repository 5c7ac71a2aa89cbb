/**
 * The hot loop of CSV parsing: one pass over the decoded text recording where each field starts
 * and where each row ends, with the string's native `indexOf` (a vectorised search) finding the
 * next comma, line break or quote rather than a loop over every character. Fields are short but
 * many, and one native search per field still beats touching each character from JavaScript.
 *
 * `scanRows` must stay self-contained — no imports, helpers, classes or nested functions, only
 * its parameters and built-ins — because its source text also runs on a worker thread
 * (scan-worker.ts), which scans the second half of a large file while this thread scans the first.
 * So do `appendScanned`, `appendRowScan` and `scanBytesInPieces`, which the worker runs too: they
 * may call only each other and `scanRows`.
 */

/** A problem found by `scanRows`, at an offset of the whole text. */
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
}

/**
 * Scans the records starting at `start` until one starts at or after `stop` (a record that
 * starts before `stop` is read to its end). Every record must have `width` fields. Offsets in the
 * result are `base` plus offsets of `text`. `keyField` is the field whose hashes to take, or -1.
 * The arrays are sized for the rows up to `sizeFor` (default `stop`), so a caller that scans the
 * rest elsewhere can append those rows without reallocating.
 *
 * `encodeField` (or none, -1) is dictionary-encoded on the way (`ScannedDictionary`), up to
 * `encodeLimit` distinct values: a filter on a category reads every row's category, and while
 * the scan is at a row its text is in the cache, where a later pass fetches the whole file from
 * memory again.
 */
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

export function scanRows(
  text: string,
  start: number,
  stop: number,
  width: number,
  keyField: number,
  base: number,
  sizeFor: number = stop,
  encodeField = -1,
  encodeLimit = 0,
  delimiter = 44,
  /** Rows to size the arrays for; without it, guessed from the line breaks (below). */
  sizeRows = -1,
): RowScan {
  const n = text.length;
  const separator = String.fromCharCode(delimiter);
  // Rows guessed from the line breaks in the first 256 KB, a little generously.
  let capacity = 16 + Math.max(sizeRows, 0);
  if (sizeRows < 0) {
    const sampleEnd = Math.min(stop, start + 262_144);
    let breaks = 0;
    for (
      let at = text.indexOf("\n", start);
      at >= 0 && at < sampleEnd;
      at = text.indexOf("\n", at + 1)
    ) {
      breaks++;
    }
    if (breaks > 0) {
      capacity += Math.ceil(((sizeFor - start) / ((sampleEnd - start) / breaks)) * 1.02);
    }
  }
  let fieldStart = new Int32Array(capacity * width);
  let rowEnd = new Int32Array(capacity);
  let keyHashes = new Int32Array(keyField < 0 ? 0 : capacity);
  const unhashed: number[] = [];
  // The encoded field's codes, distinct values, an open-addressing table of value index + 1 (0
  // is empty), quoted rows, and whether the limit was passed.
  let codes = new Int32Array(encodeField < 0 ? 0 : capacity);
  const distinct: string[] = [];
  let tableSize = 16;
  while (tableSize < encodeLimit * 2) tableSize *= 2;
  const slots = new Int32Array(encodeField < 0 ? 0 : tableSize);
  const tableMask = tableSize - 1;
  const quotedRows: number[] = [];
  let overflow = false;
  let problem: ScanProblem | null = null;
  // The next separator (named `comma` for the usual one), LF and CR at or after where they were last looked for; -1 when there is
  // none, -2 before the first search. A row's LF is found once for all its fields.
  let comma = -2;
  let lf = -2;
  let cr = -2;
  let rows = 0;
  let pos = start;

  scan: while (pos < stop) {
    if (rows === capacity) {
      capacity = Math.ceil(capacity * 1.5) + 16;
      const fields = new Int32Array(capacity * width);
      fields.set(fieldStart);
      fieldStart = fields;
      const ends = new Int32Array(capacity);
      ends.set(rowEnd);
      rowEnd = ends;
      if (keyField >= 0) {
        const hashes = new Int32Array(capacity);
        hashes.set(keyHashes);
        keyHashes = hashes;
      }
      if (encodeField >= 0) {
        const grown = new Int32Array(capacity);
        grown.set(codes);
        codes = grown;
      }
    }
    const rowStart = pos;
    let at = rows * width;
    let field = 0;
    for (;;) {
      if (field === width) {
        // Too many fields: count them all, for the message.
        let fields = 1;
        let quoted = false;
        for (let at = rowStart; at < n; at++) {
          const c = text.charCodeAt(at);
          if (c === 34) quoted = !quoted;
          else if (!quoted && c === delimiter) fields++;
          else if (!quoted && (c === 10 || c === 13)) break;
        }
        problem = { kind: "ragged_row", offset: rowStart + base, detail: fields };
        break scan;
      }
      fieldStart[at++] = pos + base;
      if (text.charCodeAt(pos) === 34) {
        if (field === keyField) unhashed.push(rows);
        if (field === encodeField) {
          codes[rows] = -1;
          quotedRows.push(rows);
        }
        field++;
        const open = pos;
        pos++;
        for (;;) {
          pos = text.indexOf('"', pos);
          if (pos < 0) {
            problem = { kind: "unterminated_quote", offset: open + base, detail: 0 };
            break scan;
          }
          if (text.charCodeAt(pos + 1) !== 34) break;
          pos += 2;
        }
        pos++;
        if (pos < n) {
          const c = text.charCodeAt(pos);
          if (c !== delimiter && c !== 10 && c !== 13) {
            problem = { kind: "invalid_quote", offset: rowStart + base, detail: field };
            break scan;
          }
        }
      } else {
        if (comma !== -1 && comma < pos) comma = text.indexOf(separator, pos);
        if (lf !== -1 && lf < pos) lf = text.indexOf("\n", pos);
        if (cr !== -1 && cr < pos) cr = text.indexOf("\r", pos);
        let end = comma < 0 ? n : comma;
        if (lf >= 0 && lf < end) end = lf;
        if (cr >= 0 && cr < end) end = cr;
        if (field === keyField) {
          let hash = 0x811c9dc5;
          let blank = true;
          for (let k = pos; k < end; k++) {
            const c = text.charCodeAt(k);
            if (c !== 32 && c !== 9) blank = false;
            hash = Math.imul(hash ^ c, 0x01000193);
          }
          if (blank) unhashed.push(rows);
          else keyHashes[rows] = hash;
        }
        if (field === encodeField && !overflow) {
          let hash = 0x811c9dc5;
          for (let k = pos; k < end; k++) hash = Math.imul(hash ^ text.charCodeAt(k), 0x01000193);
          for (let slot = hash & tableMask; ; slot = (slot + 1) & tableMask) {
            const entry = slots[slot];
            if (entry === 0) {
              if (distinct.length === encodeLimit) {
                overflow = true;
              } else {
                distinct.push(text.slice(pos, end));
                slots[slot] = distinct.length;
                codes[rows] = distinct.length - 1;
              }
              break;
            }
            const value = distinct[entry - 1];
            let same = value.length === end - pos;
            for (let k = 0; same && k < value.length; k++) {
              same = value.charCodeAt(k) === text.charCodeAt(pos + k);
            }
            if (same) {
              codes[rows] = entry - 1;
              break;
            }
          }
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
    rowEnd[rows++] = pos + base;
    // The line break and any empty lines after it (as `skipEmptyLines`, written out here because
    // this function's source is also the tail scan worker's, which has nothing else in scope).
    let lineStart = pos;
    let ahead = pos;
    for (; ahead < n; ahead++) {
      const c = text.charCodeAt(ahead);
      if (c === 10 || c === 13) lineStart = ahead + 1;
      else if (c !== 32 && (c !== 9 || delimiter === 9)) break;
    }
    pos = ahead === n ? n : lineStart;
  }

  return {
    fieldStart: fieldStart.subarray(0, rows * width),
    rowEnd: rowEnd.subarray(0, rows),
    rowCount: rows,
    keyHashes: keyHashes.subarray(0, keyField < 0 ? 0 : rows),
    unhashed,
    dictionary:
      encodeField < 0
        ? null
        : {
            field: encodeField,
            codes: codes.subarray(0, rows),
            values: distinct,
            unresolved: quotedRows,
            overflow,
          },
    next: pos,
    problem,
  };
}

/**
 * `rest` appended to `head`, in `head`'s buffer when it has room (`scanRows` sizes its arrays
 * for the rows another thread scans, so joining the two scans copies only the second's rows).
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
 * values the field is not encoded). Runs on the scan worker too, where `appendScanned` is
 * in scope as well: it may call nothing else.
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

/**
 * `scanRows` over the bytes of an ASCII file's rows (the first at `bytes[0]`, which is the file's
 * byte `base`), decoded and scanned a piece of about `pieceBytes` at a time, each ending after a
 * line break: the decoded text of the whole is never held at once. The first piece's arrays are
 * sized for all the rows, so the others append in place. A piece can only be misread by ending
 * inside a quoted line break, which its scan reports as an unterminated quote; it is then read
 * again, larger. Any other problem is the file's, found where a whole scan finds it. Runs on the
 * scan worker, where `scanRows`, `appendScanned` and `appendRowScan` are in scope too: it may
 * call nothing else.
 */
export function scanBytesInPieces(
  bytes: Uint8Array,
  base: number,
  width: number,
  keyField: number,
  encodeField: number,
  encodeLimit: number,
  delimiter: number,
  pieceBytes: number,
): RowScan {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let joined: RowScan | null = null;
  let rowsPerByte = 0;
  for (let at = 0; at < bytes.length; ) {
    let end = at;
    let start = 0;
    let scan: RowScan | null = null;
    // A piece that ends inside a quoted line break reads as an unterminated quote: then a piece
    // twice as large is read, up to the whole rest (where a quote left open is the file's).
    for (
      let size = pieceBytes;
      scan === null || scan.problem?.kind === "unterminated_quote";
      size *= 2
    ) {
      if (end === bytes.length) break;
      const breakAt = at + size < bytes.length ? bytes.indexOf(10, at + size) : -1;
      end = breakAt < 0 ? bytes.length : breakAt + 1;
      const text = decoder.decode(bytes.subarray(at, end));
      // A piece starts at a line's start, which may be an empty line (as after any row's end).
      start = text.length;
      for (let k = 0, lineStart = 0; k < text.length; k++) {
        const c = text.charCodeAt(k);
        if (c === 10 || c === 13) lineStart = k + 1;
        else if (c !== 32 && (c !== 9 || delimiter === 9)) {
          start = lineStart;
          break;
        }
      }
      scan = scanRows(
        text,
        start,
        text.length,
        width,
        keyField,
        base + at,
        bytes.length - at,
        encodeField,
        encodeLimit,
        delimiter,
        // The first piece's arrays are sized for every row; the others' by the first's rows.
        joined ? Math.ceil((text.length - start) * rowsPerByte * 1.05) : -1,
      );
    }
    if (scan === null) break;
    if (!joined) rowsPerByte = scan.rowCount / Math.max(scan.next - start, 1);
    joined = joined ? appendRowScan(joined, scan, encodeLimit) : scan;
    // Where the scan stopped, as an offset of `bytes` (a scan's `next` does not add `base`).
    joined.next = at + scan.next;
    if (scan.problem) return { ...joined, problem: scan.problem };
    at = end;
  }
  return (
    joined ?? scanRows("", 0, 0, width, keyField, base, 0, encodeField, encodeLimit, delimiter)
  );
}

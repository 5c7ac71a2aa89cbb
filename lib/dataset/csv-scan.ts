/**
 * The scan of a file with non-ASCII text: one pass over the bytes recording where each field
 * starts and where each row ends. All the bytes that matter (comma, quote, CR, LF) are ASCII, so
 * UTF-8 needs no special care here. `toTextOffsets` then turns the byte offsets into offsets of
 * the decoded text. Errors carry a line number computed only when they happen.
 */

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

/** What went wrong while scanning, at a byte offset; csv.ts words it. */
export class ScanProblem {
  constructor(
    readonly kind: "ragged_row" | "unterminated_quote" | "invalid_quote",
    /** Byte offset of the row (ragged_row, invalid_quote) or of the opening quote. */
    readonly offset: number,
    /** ragged_row: fields the row has; invalid_quote: 1-based field with text after its quote. */
    readonly detail: number,
  ) {}
}

export interface ScannedRows {
  /** Byte offset of each field (row-major), quotes included. */
  fieldStart: Int32Array;
  /** Byte offset just after each row's last field. */
  rowEnd: Int32Array;
  rowCount: number;
}

/**
 * Scans the records from `start` to the end, byte by byte. Every record must have `width` fields.
 * For files with non-ASCII text; ASCII files go through the faster `scanTextRows`.
 */
export function scanRows(bytes: Uint8Array, start: number, width: number): ScannedRows {
  const n = bytes.length;
  // One table lookup per byte of an unquoted field instead of three comparisons.
  const endsField = new Uint8Array(256);
  endsField[COMMA] = 1;
  endsField[LF] = 1;
  endsField[CR] = 1;

  let capacity = estimateRows(bytes, start);
  let fieldStart = new Int32Array(capacity * width);
  let rowEnd = new Int32Array(capacity);
  let rows = 0;
  let pos = start;

  while (pos < n) {
    if (rows === capacity) {
      capacity = Math.ceil(capacity * 1.5) + 16;
      fieldStart = grow(fieldStart, capacity * width);
      rowEnd = grow(rowEnd, capacity);
    }
    const rowStart = pos;
    let at = rows * width;
    let field = 0;
    for (;;) {
      if (field === width)
        throw new ScanProblem("ragged_row", rowStart, countFields(bytes, rowStart));
      fieldStart[at++] = pos;
      field++;
      if (bytes[pos] === QUOTE) {
        const open = pos;
        pos++;
        for (;;) {
          while (pos < n && bytes[pos] !== QUOTE) pos++;
          if (pos >= n) throw new ScanProblem("unterminated_quote", open, 0);
          if (bytes[pos + 1] === QUOTE) {
            pos += 2;
            continue;
          }
          pos++;
          break;
        }
        if (pos < n && endsField[bytes[pos]] === 0) {
          throw new ScanProblem("invalid_quote", rowStart, field);
        }
      } else {
        while (pos < n && endsField[bytes[pos]] === 0) pos++;
      }
      if (pos < n && bytes[pos] === COMMA) {
        pos++;
        continue;
      }
      break;
    }
    if (field !== width) throw new ScanProblem("ragged_row", rowStart, field);
    rowEnd[rows++] = pos;
    // The line break (CRLF, LF or CR) and any blank lines after it.
    while (pos < n) {
      const c = bytes[pos];
      if (c !== LF && c !== CR) break;
      pos++;
    }
  }

  // Views, not copies: the estimate is close, so the unused tail is small.
  return {
    fieldStart: fieldStart.subarray(0, rows * width),
    rowEnd: rowEnd.subarray(0, rows),
    rowCount: rows,
  };
}

/** Rows guessed from the line breaks in the first 256 KB, a little generously. */
function estimateRows(bytes: Uint8Array, start: number): number {
  const sampleEnd = Math.min(bytes.length, start + 262_144);
  let breaks = 0;
  for (
    let at = bytes.indexOf(LF, start);
    at >= 0 && at < sampleEnd;
    at = bytes.indexOf(LF, at + 1)
  ) {
    breaks++;
  }
  if (breaks === 0) return 16;
  const perRow = (sampleEnd - start) / breaks;
  return Math.ceil(((bytes.length - start) / perRow) * 1.02) + 16;
}

function grow(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(length);
  bigger.set(array);
  return bigger;
}

/** Fields of the record at `start`, for the message about a ragged row. */
export function countFields(bytes: Uint8Array, start: number): number {
  let fields = 1;
  let quoted = false;
  for (let pos = start; pos < bytes.length; pos++) {
    const c = bytes[pos];
    if (c === QUOTE) quoted = !quoted;
    else if (!quoted && c === COMMA) fields++;
    else if (!quoted && (c === LF || c === CR)) break;
  }
  return fields;
}

/**
 * Rewrites byte offsets as offsets in the decoded text, in place. Both lists are ascending when
 * read row by row (fields, then the row end), so one walk over the bytes does it.
 */
export function toTextOffsets(
  bytes: Uint8Array,
  fieldStart: Int32Array,
  rowEnd: Int32Array,
  width: number,
): void {
  let byte = 0;
  let unit = 0;
  const advance = (target: number) => {
    while (byte < target) {
      const b = bytes[byte++];
      // Count code units at each lead byte; a 4-byte sequence is a surrogate pair.
      if ((b & 0xc0) !== 0x80) unit += b >= 0xf0 ? 2 : 1;
    }
    return unit;
  };
  for (let row = 0, at = 0; row < rowEnd.length; row++) {
    for (let col = 0; col < width; col++, at++) fieldStart[at] = advance(fieldStart[at]);
    rowEnd[row] = advance(rowEnd[row]);
  }
}

/** 1-based physical line of a byte offset: CRLF, LF and a lone CR each end a line. */
export function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let at = 0; at < offset; at++) {
    const c = bytes[at];
    if (c === LF || (c === CR && bytes[at + 1] !== LF)) line++;
  }
  return line;
}

/** Offset of the first byte that breaks UTF-8 (only called once decoding has failed). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const b = bytes[at];
    if (b < 0x80) {
      at++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return at;
    }
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[at + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return at;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return at;
    at += need + 1;
  }
  return bytes.length;
}

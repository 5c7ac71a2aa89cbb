import type { CsvTable } from "./csv-table";

/**
 * Assembling a written table's bytes from its input and its changed cells (csv-write.ts renders
 * the cells): whole, or in pieces for a caller that writes them out as they come, so that a large
 * output is never held at once.
 */

/** Every changed cell in the order it appears in the file (row, then column). */
export interface ChangedCells {
  /** Text offsets of the cell's first character and just after its last. */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  texts: readonly string[];
  /** Each text's length in UTF-8 bytes. */
  lengths: ArrayLike<number>;
  count: number;
  /** Rows with at least one changed cell. */
  rowsChanged: number;
  /** Bytes the output gains (or loses) against the input. */
  growth: number;
}

/** The output whole. */
export function outputBytes(table: CsvTable, cells: ChangedCells): Uint8Array {
  if (cells.count === 0) return table.bytes.slice();
  if (!table.ascii) return writeText(table, cells);
  const { bytes } = table;
  const size = bytes.length + cells.growth;
  if (!(bytes.buffer instanceof SharedArrayBuffer)) {
    const out = new Uint8Array(size);
    writeAsciiRange(table, cells, { first: 0, end: cells.count, from: 0, to: bytes.length }, out);
    return out;
  }
  // In shared memory when the input is, so that another thread can hash it without a copy;
  // assembled in plain memory a piece at a time (see `pieces`), each copied in by words.
  const out = new Uint8Array(new SharedArrayBuffer(size));
  let at = 0;
  for (const piece of pieces(table, cells, SHARED_PIECE_BYTES, true)) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** Pieces of an output assembled for shared memory: a few in the processor's cache. */
const SHARED_PIECE_BYTES = 1 << 20;

/**
 * The output in pieces of about `pieceBytes`, in order; each piece is valid until the next one is
 * asked for (they share one buffer). Joined, they are `outputBytes`. A non-ASCII table's output
 * comes whole, as one piece.
 */
export function* outputPieces(
  table: CsvTable,
  cells: ChangedCells,
  pieceBytes: number,
): Generator<Uint8Array> {
  if (!table.ascii) yield outputBytes(table, cells);
  else yield* pieces(table, cells, pieceBytes, false);
}

/**
 * An ASCII table's output in pieces. From shared memory, each piece's input is first copied out
 * in one copy by words (the two ranges start equally far from a word boundary), so that its spans
 * are copied as plain memory: V8 copies shared memory byte by byte where the two sides are not so
 * aligned, which spans shifted by every cell that changes length mostly are. On a million-row
 * output, its pieces took 15 ms less; the whole output, in shared memory too, 105 ms against
 * 250. `aligned`: each piece starts as far from a word boundary as its place in the whole
 * output, for a caller that copies it into shared memory.
 */
function* pieces(
  table: CsvTable,
  cells: ChangedCells,
  pieceBytes: number,
  aligned: boolean,
): Generator<Uint8Array> {
  const { bytes } = table;
  const { starts, ends, lengths, count } = cells;
  const bom = table.hasBom ? 2 : 0;
  const shared = bytes.buffer instanceof SharedArrayBuffer;
  let buffer = new Uint8Array(0);
  let staged = new Uint8Array(0);
  let first = 0;
  let written = 0;
  // Past the input's end, cells may remain: empty ones filled in at the very end of the file.
  for (let from = 0; from < bytes.length || first < count; ) {
    let to = Math.min(bytes.length, from + pieceBytes);
    const last = to === bytes.length;
    let end = first;
    let growth = 0;
    // The piece ends before a changed cell that crosses its end, or after one that is larger.
    while (end < count && (starts[end] + bom < to || last)) {
      if (ends[end] + bom > to && starts[end] + bom > from) {
        to = starts[end] + bom;
        break;
      }
      to = Math.max(to, ends[end] + bom);
      growth += lengths[end] - (ends[end] - starts[end]);
      end++;
    }
    const size = to - from + growth;
    if (buffer.length < size + 8) buffer = new Uint8Array(Math.max(size, pieceBytes * 2) + 8);
    let input: StagedInput | undefined;
    if (shared) {
      if (staged.length < to - from + 8) {
        staged = new Uint8Array(Math.max(to - from, pieceBytes * 2) + 8);
      }
      const lead = (bytes.byteOffset + from) & 7;
      staged.set(bytes.subarray(from, to), lead);
      input = { bytes: staged, shift: from - lead };
    }
    const lead = aligned ? written & 7 : 0;
    writeAsciiRange(table, cells, { first, end, from, to }, buffer.subarray(lead), input);
    // A range that was only a cell emptied writes nothing.
    if (size > 0) yield buffer.subarray(lead, lead + size);
    written += size;
    first = end;
    from = to;
  }
}

/** The input's bytes from some offset on, copied: input offset `x` is at `bytes[x - shift]`. */
interface StagedInput {
  bytes: Uint8Array;
  shift: number;
}

/**
 * Text offsets are byte offsets (shifted by 2 after a BOM), so the output of the input's bytes
 * `from`…`to` is those bytes copied in spans with the changed cells `first`…`end` (the ones in
 * that range) written over them, into `out` from its start. A span ends only where a new cell's
 * length differs from the old one's (the offset between input and output moves there); cells of
 * the same length are written into the span after it is copied. Typically that is a handful of
 * large copies instead of one per changed row.
 */
function writeAsciiRange(
  table: CsvTable,
  cells: ChangedCells,
  range: { first: number; end: number; from: number; to: number },
  out: Uint8Array,
  { bytes, shift }: StagedInput = { bytes: table.bytes, shift: 0 },
): void {
  const { starts, ends, texts, lengths } = cells;
  const bom = table.hasBom ? 2 : 0;
  const encoder = new TextEncoder();
  let delta = -range.from; // output offset minus input offset in the current span
  let spanStart = range.from; // input offset where the current span starts
  let firstPending = range.first; // same-length cells from here on are written when the span closes
  const closeSpan = (end: number, upTo: number) => {
    out.set(bytes.subarray(spanStart - shift, end - shift), spanStart + delta);
    for (let k = firstPending; k < upTo; k++) {
      const from = starts[k] + bom;
      const to = ends[k] + bom;
      // In an ASCII table a cell's old text length is its byte length.
      if (lengths[k] === to - from) writeString(out, from + delta, texts[k], encoder);
    }
  };
  for (let k = range.first; k < range.end; k++) {
    const from = starts[k] + bom;
    const to = ends[k] + bom;
    const length = lengths[k];
    if (length === to - from) continue;
    closeSpan(from, k);
    writeString(out, from + delta, texts[k], encoder);
    delta += length - (to - from);
    spanStart = to;
    firstPending = k + 1;
  }
  closeSpan(range.to, range.end);
}

/** General path for files with non-ASCII text: assemble the text, then encode it once. */
function writeText(table: CsvTable, cells: ChangedCells): Uint8Array {
  const text = table.fileText;
  const parts: string[] = [];
  let copied = 0;
  for (let k = 0; k < cells.count; k++) {
    parts.push(text.slice(copied, cells.starts[k]), cells.texts[k]);
    copied = cells.ends[k];
  }
  parts.push(text.slice(copied));
  return new TextEncoder().encode(parts.join(""));
}

function writeString(out: Uint8Array, at: number, value: string, encoder: TextEncoder): number {
  for (let k = 0; k < value.length; k++) {
    const c = value.charCodeAt(k);
    if (c >= 0x80) {
      return at + k + encoder.encodeInto(value.slice(k), out.subarray(at + k)).written;
    }
    out[at + k] = c;
  }
  return at + value.length;
}

/**
 * A patch between two versions of a file that differ in a few lines: the lines of `to` that are
 * not the line at the same place in `from`. An approval changes cells, never the number of lines
 * (a quoted cell with a line break in it is changed as a whole, so the count may still differ:
 * then there is no patch), so a version is kept as the lines that differ from the next version.
 * Byte for byte: lines are split at "\n" only, so "\r\n" and a missing last line break survive.
 * Node's Buffer does the scanning and comparing: a call per line in JavaScript was five times slower.
 *
 * Encoding: the number of lines of `to`, the number of entries, then per entry the gap since the
 * previous entry's line, the line's length and its bytes; numbers as LEB128 varints.
 */

const NEWLINE = 0x0a;

/** Where each line starts, plus one past the end of the buffer: `starts.length - 1` lines. */
function lineStarts(bytes: Buffer): Float64Array {
  const found: number[] = [0];
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) {
    found.push(at + 1);
  }
  found.push(bytes.byteLength + 1);
  return Float64Array.from(found);
}

/** Line `index` without its line break. */
function line(bytes: Uint8Array, starts: Float64Array, index: number): Uint8Array {
  return bytes.subarray(starts[index], starts[index + 1] - 1);
}

/** Lines compared at once when they sit at the same distance in both files. */
const BLOCK_LINES = 16;

/** Whether lines [first, end) hold the same bytes in both files, compared in place. */
function sameLines(
  a: Buffer,
  aStarts: Float64Array,
  b: Buffer,
  bStarts: Float64Array,
  first: number,
  end: number,
): boolean {
  const aStart = aStarts[first];
  const bStart = bStarts[first];
  const aEnd = Math.min(aStarts[end] - 1, a.byteLength);
  const bEnd = Math.min(bStarts[end] - 1, b.byteLength);
  if (aEnd - aStart !== bEnd - bStart) return false;
  return b.compare(a, aStart, aEnd, bStart, bEnd) === 0;
}

/** The lines of `to` that differ from `from` (which has as many), in order. */
function changedLines(from: Buffer, fromStarts: Float64Array, to: Buffer, toStarts: Float64Array) {
  const lines = toStarts.length - 1;
  const changed: number[] = [];
  let changedBytes = 0;
  // Most lines are unchanged: a block of them is one comparison; a block that differs is
  // compared line by line.
  for (let first = 0; first < lines; first += BLOCK_LINES) {
    const end = Math.min(first + BLOCK_LINES, lines);
    if (sameLines(from, fromStarts, to, toStarts, first, end)) continue;
    for (let index = first; index < end; index++) {
      if (sameLines(from, fromStarts, to, toStarts, index, index + 1)) continue;
      changed.push(index);
      changedBytes += toStarts[index + 1] - toStarts[index];
    }
    if (changedBytes * 2 > to.byteLength) return null;
  }
  return changed;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

class Writer {
  private chunks: Uint8Array[] = [];
  private scratch: number[] = [];

  varint(value: number): void {
    let rest = value;
    while (rest >= 0x80) {
      this.scratch.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.scratch.push(rest);
  }

  bytes(value: Uint8Array): void {
    this.flush();
    this.chunks.push(value);
  }

  private flush(): void {
    if (this.scratch.length === 0) return;
    this.chunks.push(Uint8Array.from(this.scratch));
    this.scratch = [];
  }

  finish(): Uint8Array {
    this.flush();
    return concat(this.chunks);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const chunk of chunks) size += chunk.byteLength;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The patch that turns `from` into `to`, or null when they do not have the same number of lines
 * or the patch would be no smaller than half of `to` (then `to` is better kept whole).
 */
export function linePatch(from: Uint8Array, to: Uint8Array): Uint8Array | null {
  const fromBytes = asBuffer(from);
  const toBytes = asBuffer(to);
  const fromStarts = lineStarts(fromBytes);
  const toStarts = lineStarts(toBytes);
  if (fromStarts.length !== toStarts.length) return null;
  const changed = changedLines(fromBytes, fromStarts, toBytes, toStarts);
  if (!changed) return null;
  const writer = new Writer();
  writer.varint(toStarts.length - 1);
  writer.varint(changed.length);
  let previous = 0;
  for (const index of changed) {
    const bytes = line(to, toStarts, index);
    writer.varint(index - previous);
    writer.varint(bytes.byteLength);
    writer.bytes(bytes);
    previous = index;
  }
  return writer.finish();
}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.offset >= this.bytes.byteLength) throw new Error("The version patch is cut short.");
      const byte = this.bytes[this.offset++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
    }
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.byteLength) {
      throw new Error("The version patch is cut short.");
    }
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
}

/** `to` again, from `from` and the patch `linePatch(from, to)` made. */
export function applyLinePatch(from: Uint8Array, patch: Uint8Array): Uint8Array {
  const reader = new Reader(patch);
  const starts = lineStarts(asBuffer(from));
  const lines = reader.varint();
  if (starts.length - 1 !== lines) {
    throw new Error("The version patch does not fit the version it is applied to.");
  }
  const count = reader.varint();
  const chunks: Uint8Array[] = [];
  let copiedUpTo = 0;
  let index = 0;
  for (let entry = 0; entry < count; entry++) {
    index += reader.varint();
    const bytes = reader.take(reader.varint());
    // Unchanged lines before this one go across in one piece.
    chunks.push(from.subarray(copiedUpTo, starts[index]));
    chunks.push(bytes);
    const end = starts[index + 1] - 1;
    copiedUpTo = Math.min(end, from.byteLength);
  }
  chunks.push(from.subarray(copiedUpTo));
  return concat(chunks);
}

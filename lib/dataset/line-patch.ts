/**
 * A patch between two versions of a file that differ in a few lines: the lines of `to` that are
 * not the line at the same place in `from`. An approval changes cells, never the number of lines
 * (a quoted cell with a line break in it is changed as a whole, so the count may still differ:
 * then there is no patch), so a version is kept as the lines that differ from the next version.
 * Byte for byte: lines are split at "\n" only, so "\r\n" and a missing last line break survive.
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

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
 *
 * One pass over both files at once, line against line: Node's Buffer finds each line's end and
 * compares the two lines (a table with a third of its rows changed leaves few runs of equal
 * lines long enough to compare in one call).
 */
export function linePatch(from: Uint8Array, to: Uint8Array): Uint8Array | null {
  const fromBytes = asBuffer(from);
  const toBytes = asBuffer(to);
  const out = new PatchWriter();
  let lines = 0;
  let previous = 0;
  let changedBytes = 0;
  let a = 0;
  let b = 0;
  for (;;) {
    const fromEnd = lineEnd(fromBytes, a);
    const toEnd = lineEnd(toBytes, b);
    const last = fromEnd === from.length;
    if (last !== (toEnd === to.length)) return null; // one file has more lines
    const same =
      fromEnd - a === toEnd - b && toBytes.compare(fromBytes, a, fromEnd, b, toEnd) === 0;
    if (!same) {
      out.entry(lines - previous, toBytes, b, toEnd);
      previous = lines;
      // A line's bytes with its line break (the last line's too), as the limit counts them.
      changedBytes += toEnd - b + 1;
      if (changedBytes * 2 > to.length) return null;
    }
    lines++;
    if (last) break;
    a = fromEnd + 1;
    b = toEnd + 1;
  }
  return out.finish(lines);
}

/**
 * Byte ranges of `input` that a writer replaced to make its output: the k-th range
 * `[starts[k], ends[k])` became `lengths[k]` new bytes. Ranges ascend and do not overlap; the
 * rest of the input was copied as it was.
 */
export interface Replacements {
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  lengths: ArrayLike<number>;
  count: number;
}

/**
 * `linePatch(output, input)`, the same bytes, for an output that `replaced` tells how it was made:
 * only the lines holding a replaced range are compared, and the others are only counted.
 */
export function linePatchOfReplacements(
  input: Uint8Array,
  output: Uint8Array,
  replaced: Replacements,
): Uint8Array | null {
  const { starts, ends, lengths, count } = replaced;
  const patch = replacedLinesPatch(input, output, starts, ends, lengths, count);
  return patch === undefined ? linePatch(output, input) : patch;
}

/** `replacedLinesPatch` and what it calls, whose source text a worker thread runs. */
export const LINE_PATCH_FUNCTIONS = [replacedLinesPatch, patchWriterClass];

/**
 * `linePatchOfReplacements`, or undefined when a replaced range or its new bytes hold a line
 * break: lines then no longer correspond one to one, and `linePatch` has to compare them all.
 * Self-contained but for `patchWriterClass` (a worker runs the source text of both).
 */
export function replacedLinesPatch(
  input: Uint8Array,
  output: Uint8Array,
  starts: ArrayLike<number>,
  ends: ArrayLike<number>,
  lengths: ArrayLike<number>,
  count: number,
): Uint8Array | null | undefined {
  const NEWLINE = 0x0a;
  const inBytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let delta = 0; // output offset minus input offset where the next line starts
  for (let k = 0; k < count; k++) {
    for (let at = starts[k]; at < ends[k]; at++) if (input[at] === NEWLINE) return undefined;
    const from = starts[k] + delta;
    for (let at = from; at < from + lengths[k]; at++) if (output[at] === NEWLINE) return undefined;
    delta += lengths[k] - (ends[k] - starts[k]);
  }
  const out = new (patchWriterClass())();
  let line = 0; // index of the line starting at `lineStart`
  let lineStart = 0;
  let previous = 0;
  let changedBytes = 0;
  let k = 0;
  delta = 0;
  while (k < count) {
    // Move to the line holding the next replaced range, counting the lines passed.
    let lineEnd = inBytes.indexOf(NEWLINE, lineStart);
    while (lineEnd !== -1 && lineEnd < starts[k]) {
      line++;
      lineStart = lineEnd + 1;
      lineEnd = inBytes.indexOf(NEWLINE, lineStart);
    }
    if (lineEnd === -1) lineEnd = input.length;
    // The line's bytes in the output: the ranges on it moved its end. (A range may start at the
    // line break itself: an insertion at the end of the line.) It is compared whole, as
    // `linePatch` does: replacements can also give a line back its own bytes.
    const outStart = lineStart + delta;
    for (; k < count && starts[k] <= lineEnd; k++) delta += lengths[k] - (ends[k] - starts[k]);
    let same = lineEnd + delta - outStart === lineEnd - lineStart;
    for (let i = 0; same && i < lineEnd - lineStart; i++) {
      if (input[lineStart + i] !== output[outStart + i]) same = false;
    }
    if (!same) {
      out.entry(line - previous, input, lineStart, lineEnd);
      previous = line;
      changedBytes += lineEnd - lineStart + 1;
      if (changedBytes * 2 > input.length) return null;
    }
    if (lineEnd === input.length) return out.finish(line + 1);
    line++;
    lineStart = lineEnd + 1;
  }
  for (
    let at = inBytes.indexOf(NEWLINE, lineStart);
    at !== -1;
    at = inBytes.indexOf(NEWLINE, at + 1)
  ) {
    line++;
  }
  return out.finish(line + 1);
}

/** Where the line starting at `at` ends: its line break, or the end of the file. */
function lineEnd(bytes: Buffer, at: number): number {
  const end = bytes.indexOf(NEWLINE, at);
  return end < 0 ? bytes.length : end;
}

/**
 * The class that writes a patch's entries as they are found, the header (two counts) put in
 * front at the end. Made by a self-contained function, which a worker runs as source text.
 */
function patchWriterClass() {
  return class PatchWriter {
    private bytes = Buffer.allocUnsafe(1 << 16);
    private at = 0;
    private entries = 0;

    entry(gap: number, source: Uint8Array, start: number, end: number): void {
      this.entries++;
      this.varint(gap);
      this.varint(end - start);
      this.reserve(end - start);
      // A line is short: a loop copies it faster than a call into Buffer's copy.
      const bytes = this.bytes;
      let at = this.at;
      for (let i = start; i < end; i++) bytes[at++] = source[i];
      this.at = at;
    }

    finish(lines: number): Uint8Array {
      const head = new PatchWriter();
      head.varint(lines);
      head.varint(this.entries);
      const out = new Uint8Array(head.at + this.at);
      out.set(head.bytes.subarray(0, head.at));
      out.set(this.bytes.subarray(0, this.at), head.at);
      return out;
    }

    private varint(value: number): void {
      this.reserve(8);
      let rest = value;
      while (rest >= 0x80) {
        this.bytes[this.at++] = (rest % 0x80) | 0x80;
        rest = Math.floor(rest / 0x80);
      }
      this.bytes[this.at++] = rest;
    }

    private reserve(length: number): void {
      if (this.at + length <= this.bytes.length) return;
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.at + length));
      this.bytes.copy(grown, 0, 0, this.at);
      this.bytes = grown;
    }
  };
}

const PatchWriter = patchWriterClass();

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

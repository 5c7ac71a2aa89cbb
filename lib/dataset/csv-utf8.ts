/**
 * Locating a decoding failure: the parse decodes the whole file as UTF-8 and, only when that
 * fails, finds the first bad byte and its line for the message.
 */

const LF = 10;
const CR = 13;

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

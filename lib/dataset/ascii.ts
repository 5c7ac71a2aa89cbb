/**
 * Reading an ASCII file without decoding it whole: its bytes are its UTF-8 text, one character
 * a byte, so a table can make the strings its runs ask for straight from the bytes. Decoding a
 * large file costs as much as scanning it, mostly in touching fresh memory for the text.
 *
 * No `node:` imports: the parse that uses this also runs in the browser.
 */

const decoder = new TextDecoder();

/** Whether every byte is below 0x80: then the bytes are valid UTF-8, without a BOM. */
export function isAscii(bytes: Uint8Array): boolean {
  // Four bytes at a time over the aligned middle; a byte at a time at either end.
  const lead = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
  const words = (bytes.length - lead) >> 2;
  let seen = 0;
  for (let at = 0; at < lead; at++) seen |= bytes[at];
  if (words > 0) {
    const middle = new Int32Array(bytes.buffer, bytes.byteOffset + lead, words);
    for (let at = 0; at < words; at++) seen |= middle[at];
  }
  for (let at = lead + words * 4; at < bytes.length; at++) seen |= bytes[at];
  return (seen & 0x80808080) === 0;
}

/** The text of ASCII bytes from `start` to `end`. */
export function asciiText(bytes: Uint8Array, start: number, end: number): string {
  const b = bytes;
  const s = start;
  // Short cells are most cells; a call with the codes as arguments makes them quickest.
  switch (end - start) {
    case 0:
      return "";
    case 1:
      return String.fromCharCode(b[s]);
    case 2:
      return String.fromCharCode(b[s], b[s + 1]);
    case 3:
      return String.fromCharCode(b[s], b[s + 1], b[s + 2]);
    case 4:
      return String.fromCharCode(b[s], b[s + 1], b[s + 2], b[s + 3]);
    case 5:
      return String.fromCharCode(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4]);
    case 6:
      return String.fromCharCode(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5]);
    case 7:
      return String.fromCharCode(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6]);
    case 8:
      return String.fromCharCode(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
      );
    default:
      return end - start <= 256
        ? String.fromCharCode.apply(null, b.subarray(start, end) as unknown as number[])
        : decoder.decode(b.subarray(start, end));
  }
}

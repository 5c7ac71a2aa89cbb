/**
 * Writes `text.slice(start, end)` (or those bytes of an ASCII file) as a JSON string followed by
 * the byte `after`, when it is printable ASCII with no quote or backslash (then JSON needs no
 * escapes); returns the offset after it, or -1 when it needs escaping (whatever was written is
 * then overwritten by the slow path). The caller makes room: the slice's length plus three bytes.
 */
export function writeJsonString(
  buffer: Uint8Array,
  at: number,
  text: string | Uint8Array,
  start: number,
  end: number,
  after: number,
): number {
  buffer[at++] = 34;
  if (typeof text === "string") {
    for (let k = start; k < end; k++) {
      const c = text.charCodeAt(k);
      if (!plainJson(c)) return -1;
      buffer[at++] = c;
    }
  } else {
    for (let k = start; k < end; k++) {
      if (!plainJson(text[k])) return -1;
      buffer[at++] = text[k];
    }
  }
  buffer[at++] = 34;
  buffer[at++] = after;
  return at;
}

/** A character JSON writes as it is: printable ASCII, not a quote or a backslash. */
function plainJson(c: number): boolean {
  return c >= 0x20 && c !== 34 && c !== 92 && c < 0x7f;
}

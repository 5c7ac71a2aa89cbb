import { createHash } from "node:crypto";
import type { Change } from "./types";

/**
 * The change set's identity. Preview and approval both compute it; approval refuses when they
 * differ. The encoding is a version line, then the changes in the change set's order as JSON
 * arrays, each followed by "\n": a run of changes from one operation to one column starts with
 * `["op_01","price"]`, and each change in it is `["A101","29.99","32.99"]` (row key, before,
 * after). Pairs and triples cannot be mistaken for each other, so the encoding is unambiguous for
 * any cell text; naming the operation and column once per run rather than on every line leaves
 * about a third less to encode and hash. Hashed as UTF-8 with sha256 (hex).
 *
 * The lines are written straight into a byte buffer that is hashed as it fills, so hashing a
 * few hundred thousand changes makes no strings (which would otherwise dominate its cost).
 */
export const CHANGE_SET_ENCODING = "signoff-change-set/2";

const CHUNK = 1 << 20;

export function changeSetHash(changes: readonly Change[]): string {
  const hash = createHash("sha256");
  hash.update(`${CHANGE_SET_ENCODING}\n`);
  const buffer = new Uint8Array(CHUNK);
  const encoder = new TextEncoder();
  let at = 0;
  const flush = () => {
    hash.update(buffer.subarray(0, at));
    at = 0;
  };
  /** Writes `text` as a JSON string; plain ASCII directly, anything else through JSON.stringify. */
  const put = (text: string, after: number) => {
    // Worst case: every code unit escaped as \uXXXX (6 bytes), plus quotes and separator.
    if (at + text.length * 6 + 3 > CHUNK) flush();
    if (text.length * 6 + 3 > CHUNK) {
      hash.update(JSON.stringify(text));
      buffer[at++] = after;
      return;
    }
    const start = at;
    buffer[at++] = 34;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c < 0x20 || c === 34 || c === 92 || c >= 0x7f) {
        at = start + encoder.encodeInto(JSON.stringify(text), buffer.subarray(start)).written;
        buffer[at++] = after;
        return;
      }
      buffer[at++] = c;
    }
    buffer[at++] = 34;
    buffer[at++] = after;
  };
  /** One byte (a bracket or the line break), with room checked. */
  const putByte = (byte: number) => {
    if (at + 1 > CHUNK) flush();
    buffer[at++] = byte;
  };
  let operationId: string | undefined;
  let column: string | undefined;
  for (let k = 0; k < changes.length; k++) {
    const c = changes[k];
    if (c.operationId !== operationId || c.column !== column) {
      operationId = c.operationId;
      column = c.column;
      putByte(91); // [
      put(operationId, 44);
      put(column, 93); // ]
      putByte(10);
    }
    putByte(91);
    put(c.rowKey, 44);
    put(c.before, 44);
    put(c.after, 93);
    putByte(10);
  }
  flush();
  return hash.digest("hex");
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

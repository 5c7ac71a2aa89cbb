import { createHash } from "node:crypto";
import type { Change } from "./types";

/**
 * The change set's identity. Preview and approval both compute it; approval refuses when they
 * differ. The encoding is a version line, then one JSON array per change,
 * `["op_01","A101","price","29.99","32.99"]`, each followed by "\n", in the change set's order,
 * hashed as UTF-8 with sha256 (hex). JSON keeps the encoding unambiguous for any cell text.
 *
 * The lines are written straight into a byte buffer that is hashed as it fills, so hashing a
 * few hundred thousand changes makes no strings (which would otherwise dominate its cost).
 */
export const CHANGE_SET_ENCODING = "signoff-change-set/1";

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
  for (let k = 0; k < changes.length; k++) {
    const c = changes[k];
    if (at + 1 > CHUNK) flush();
    buffer[at++] = 91; // [
    put(c.operationId, 44);
    put(c.rowKey, 44);
    put(c.column, 44);
    put(c.before, 44);
    put(c.after, 93); // ]
    if (at + 1 > CHUNK) flush();
    buffer[at++] = 10;
  }
  flush();
  return hash.digest("hex");
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

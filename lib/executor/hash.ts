import { createHash } from "node:crypto";
import type { Change } from "./types";

/**
 * The change set's identity. Preview and approval both compute it; approval refuses when they
 * differ. The encoding is a version line, then one JSON array per change,
 * `["op_01","A101","price","29.99","32.99"]`, each followed by "\n", in the change set's order,
 * hashed as UTF-8 with sha256 (hex). JSON keeps the encoding unambiguous for any cell text.
 */
export const CHANGE_SET_ENCODING = "signoff-change-set/1";

export function changeSetHash(changes: readonly Change[]): string {
  const hash = createHash("sha256");
  hash.update(`${CHANGE_SET_ENCODING}\n`);
  let chunk = "";
  for (let k = 0; k < changes.length; k++) {
    const c = changes[k];
    chunk += `[${json(c.operationId)},${json(c.rowKey)},${json(c.column)},${json(c.before)},${json(c.after)}]\n`;
    if (chunk.length > 1 << 20) {
      hash.update(chunk);
      chunk = "";
    }
  }
  if (chunk.length > 0) hash.update(chunk);
  return hash.digest("hex");
}

/** JSON.stringify of a string, skipping the call for the usual text that needs no escaping. */
function json(text: string): string {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x20 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) {
      return JSON.stringify(text);
    }
  }
  return `"${text}"`;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

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
  const chunk: string[] = [];
  for (const c of changes) {
    chunk.push(JSON.stringify([c.operationId, c.rowKey, c.column, c.before, c.after]));
    if (chunk.length === 4096) {
      hash.update(`${chunk.join("\n")}\n`);
      chunk.length = 0;
    }
  }
  if (chunk.length > 0) hash.update(`${chunk.join("\n")}\n`);
  return hash.digest("hex");
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

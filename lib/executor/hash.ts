import { createHash } from "node:crypto";
import { asciiText } from "@/lib/dataset/ascii";
import { writeJsonString } from "./json-bytes";
import type { Change } from "./types";

/**
 * The change set's identity. Preview and approval both compute it; approval refuses when they
 * differ. The encoding is a version line, then the changes in the change set's order as JSON
 * arrays, each followed by "\n": a run of changes from one operation to one column starts with
 * `["op_01","price"]`, and each change in it is `["A101","29.99","32.99"]` (row key, before,
 * after). Pairs and triples cannot be mistaken for each other, so the encoding is unambiguous for
 * any cell text; naming the operation and column once per run rather than on every line leaves
 * about a third less to encode and hash. Hashed as UTF-8 with SHA-512/256 (hex): as strong as
 * sha256 and as long, and on 64-bit processors without SHA instructions (this project's servers)
 * nearly three times as fast, which on a few hundred thousand changes is tens of milliseconds.
 *
 * The lines are written straight into a byte buffer that is hashed as it fills, so hashing a
 * few hundred thousand changes makes no strings (which would otherwise dominate its cost).
 */
export const CHANGE_SET_ENCODING = "signoff-change-set/3";

/** The digest of the encoding (a name `node:crypto` knows). */
export const CHANGE_SET_DIGEST = "sha512-256";

const CHUNK = 1 << 20;

export function changeSetHash(changes: readonly Change[]): string {
  const hasher = new ChangeSetHasher();
  for (const change of changes) {
    hasher.run(change.operationId, change.column);
    hasher.change(change.rowKey, change.before, change.after);
  }
  return hasher.digest();
}

/**
 * The change set's hash, fed change by change, so the executor can hash each change as it
 * records it, without making an object per change; `changeWithKeyText` reads a row key straight
 * from the table's text.
 */
export class ChangeSetHasher {
  private readonly hash = createHash(CHANGE_SET_DIGEST);
  private readonly buffer = new Uint8Array(CHUNK);
  private at = 0;
  private operationId: string | undefined;
  private column: string | undefined;

  constructor() {
    this.hash.update(`${CHANGE_SET_ENCODING}\n`);
  }

  /** The operation and column of the changes that follow (a new run when either differs). */
  run(operationId: string, column: string): void {
    if (operationId === this.operationId && column === this.column) return;
    this.operationId = operationId;
    this.column = column;
    this.putByte(91); // [
    this.put(operationId, 44);
    this.put(column, 93); // ]
    this.putByte(10);
  }

  change(rowKey: string, before: string, after: string): void {
    this.changeWithKeyText(rowKey, 0, rowKey.length, before, after);
  }

  /**
   * A change whose row key is `text.slice(start, end)` (an unquoted cell, whose raw text is its
   * value), or those bytes of an ASCII file. Hashes exactly as `change` with that key as a
   * string, without making the string.
   */
  changeWithKeyText(
    text: string | Uint8Array,
    start: number,
    end: number,
    before: string,
    after: string,
  ): void {
    const length = 8 + (end - start) + before.length + after.length;
    let at = -1;
    if (length <= CHUNK) {
      this.reserve(length);
      const { buffer } = this;
      at = this.at;
      buffer[at++] = 91; // [
      at = writeJsonString(buffer, at, text, start, end, 44);
      if (at >= 0) at = writeJsonString(buffer, at, before, 0, before.length, 44);
      if (at >= 0) at = writeJsonString(buffer, at, after, 0, after.length, 93); // ]
    }
    if (at < 0) {
      const key = typeof text === "string" ? text.slice(start, end) : asciiText(text, start, end);
      this.changeEscaped(key, before, after);
      return;
    }
    this.buffer[at++] = 10;
    this.at = at;
  }

  digest(): string {
    this.flush();
    return this.hash.digest("hex");
  }

  private flush(): void {
    this.hash.update(this.buffer.subarray(0, this.at));
    this.at = 0;
  }

  /** A change with text that needs escaping (or is too long for the buffer), the slow way. */
  private changeEscaped(rowKey: string, before: string, after: string): void {
    this.flush();
    this.hash.update(`${JSON.stringify([rowKey, before, after])}\n`);
  }

  /** Flushes first when `length` more code units might not fit (ASCII: one byte each). */
  private reserve(length: number): void {
    if (this.at + length > CHUNK) this.flush();
  }

  /** `text` as a JSON string, quoted, ASCII only (else the caller escapes it). */
  private put(text: string, after: number): void {
    this.reserve(text.length + 3);
    const at =
      text.length + 3 > CHUNK
        ? -1
        : writeJsonString(this.buffer, this.at, text, 0, text.length, after);
    if (at >= 0) {
      this.at = at;
      return;
    }
    this.flush();
    this.hash.update(JSON.stringify(text));
    this.putByte(after);
  }

  /** One byte (a bracket or the line break), with room checked. */
  private putByte(byte: number): void {
    if (this.at + 1 > CHUNK) this.flush();
    this.buffer[this.at++] = byte;
  }
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

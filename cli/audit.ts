import { writeSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { auditLineBody, auditLineEnd } from "@/lib/dataset/audit-line";
import type { AuditRecordInput } from "@/lib/dataset/audit-record";

/**
 * The audit file: one JSON line per `apply`, in the seed executor's
 * format, built by lib/dataset/audit-record.ts as for the web history. The CLI adds what only it
 * knows as extras after `plan_snapshot`: who ran it, the files, the guards and an override's reason.
 */

export type AuditStatus = "completed" | "skipped" | "failed";

export interface CliAuditExtras {
  actor: string;
  /** The CSV read; sha256 is null when the run was skipped before reading it. */
  input: { path: string; sha256: string | null };
  /** The CSV written, when one was. */
  output: { path: string; sha256: string } | null;
  guards: { guard: string; passed: boolean; message: string }[];
  override_reason: string | null;
}

/**
 * Append one record as one line, written piece by piece (about a megabyte each), so a run that
 * changed a million rows never holds its line whole.
 */
export async function appendAuditLine(
  handle: FileHandle,
  record: AuditRecordInput,
  extras: CliAuditExtras,
): Promise<void> {
  await new AuditLine(record).appendTo(handle, extras);
}

/**
 * One record's line, whose first pieces can be made ahead of writing it (`makeAhead`) while the
 * command waits for something else, such as the output being flushed to disk and hashed. The
 * extras, which hold that hash, come last: they are needed only when the line is appended.
 */
export class AuditLine {
  private readonly pieces: Generator<Uint8Array>;
  private readonly ahead: Uint8Array[] = [];
  private aheadBytes = 0;

  constructor(private readonly record: AuditRecordInput) {
    this.pieces = auditLineBody(record, { reusePieces: true });
  }

  /**
   * Makes pieces (copies: the generator writes each over the last) until `until` settles or
   * `limitBytes` are held, letting the event loop turn between pieces to notice.
   */
  async makeAhead(until: Promise<unknown>, limitBytes: number): Promise<void> {
    let settled = false;
    const notice = () => {
      settled = true;
    };
    until.then(notice, notice);
    while (!settled && this.aheadBytes < limitBytes) {
      const next = this.pieces.next();
      if (next.done) return;
      this.ahead.push(next.value.slice());
      this.aheadBytes += next.value.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Appends the pieces made ahead, then makes and appends the rest, ending with `extras`. Every
   * few megabytes the bytes so far are flushed on another thread while this one goes on, so the
   * caller's flush at the end has only the last of them to wait for.
   */
  async appendTo(
    handle: FileHandle,
    extras: CliAuditExtras,
    { flushAheadBytes = FLUSH_AHEAD_BYTES } = {},
  ): Promise<void> {
    // Checked before the first byte is appended, so a bad extra leaves the file as it was.
    const end = auditLineEnd(this.record, { ...extras });
    let flushing: Promise<void> | null = null;
    let unflushed = 0;
    // A flush that fails is reported once the line is appended, not left unhandled.
    let failed: { error: unknown } | undefined;
    const append = (bytes: Uint8Array) => {
      writeAll(handle.fd, bytes);
      unflushed += bytes.length;
      if (flushing === null && unflushed >= flushAheadBytes) {
        unflushed = 0;
        flushing = handle.datasync().then(
          () => {
            flushing = null;
          },
          (error: unknown) => {
            failed ??= { error };
            flushing = null;
          },
        );
      }
    };
    for (const bytes of this.ahead) append(bytes);
    this.ahead.length = 0;
    for (const bytes of this.pieces) {
      append(bytes);
      // A turn of the event loop, to notice a flush that ended.
      if (flushing !== null) await new Promise((resolve) => setImmediate(resolve));
    }
    append(end);
    await flushing;
    if (failed) throw failed.error;
  }
}

/** Bytes appended between flushes started ahead of the caller's. */
const FLUSH_AHEAD_BYTES = 16 << 20;

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}

import { writeSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { type AuditRecordInput, auditLinePieces } from "@/lib/dataset/audit-record";

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
 * Append one record as one line, encoded piece by piece into a buffer of a few megabytes that is
 * written whenever it fills, so a run that changed a million rows never holds its line whole.
 * The writes are synchronous: the command has nothing else to do meanwhile.
 */
export async function appendAuditLine(
  handle: FileHandle,
  record: AuditRecordInput,
  extras: CliAuditExtras,
): Promise<void> {
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  let used = 0;
  const flush = () => {
    for (let at = 0; at < used; ) at += writeSync(handle.fd, buffer, at, used - at);
    used = 0;
  };
  for (const piece of auditLinePieces(record, { ...extras })) {
    // A UTF-8 character takes at most three bytes per UTF-16 code unit.
    if (used + piece.length * 3 > BUFFER_BYTES) flush();
    if (piece.length * 3 > BUFFER_BYTES) {
      const bytes = Buffer.from(piece, "utf8");
      for (let at = 0; at < bytes.length; ) at += writeSync(handle.fd, bytes, at);
    } else {
      used += buffer.write(piece, used, "utf8");
    }
  }
  flush();
}

const BUFFER_BYTES = 4 << 20;

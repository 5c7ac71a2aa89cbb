import { writeSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { auditLineBytes } from "@/lib/dataset/audit-line";
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
 * changed a million rows never holds its line whole. The writes are synchronous: the command has
 * nothing else to do meanwhile.
 */
export async function appendAuditLine(
  handle: FileHandle,
  record: AuditRecordInput,
  extras: CliAuditExtras,
): Promise<void> {
  for (const bytes of auditLineBytes(record, { ...extras }, { reusePieces: true })) {
    for (let at = 0; at < bytes.length; ) at += writeSync(handle.fd, bytes, at);
  }
}

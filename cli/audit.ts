import { writeSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { type AuditRecordInput, auditLineChunks } from "@/lib/dataset/audit-record";

/**
 * The audit file: one JSON line per `apply` (DESIGN.md "Command line"), in the seed executor's
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
 * Append one record as one line, written in slices of about a megabyte so a run that changed a
 * million rows never builds its line as one string. The slices are written synchronously: the
 * command has nothing else to do meanwhile, and a hundred asynchronous writes of fresh buffers
 * cost more than the writing itself.
 */
export async function appendAuditLine(
  handle: FileHandle,
  record: AuditRecordInput,
  extras: CliAuditExtras,
): Promise<void> {
  for (const chunk of auditLineChunks(record, { ...extras })) {
    const bytes = Buffer.from(chunk, "utf8");
    for (let at = 0; at < bytes.length; ) at += writeSync(handle.fd, bytes, at);
  }
}

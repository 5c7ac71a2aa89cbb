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

const FLUSH_AT = 1 << 20;

/**
 * Append one record as one line, written in slices so a run that changed a million rows never
 * builds its line as one string.
 */
export async function appendAuditLine(
  handle: FileHandle,
  record: AuditRecordInput,
  extras: CliAuditExtras,
): Promise<void> {
  let buffer = "";
  for (const chunk of auditLineChunks(record, { ...extras })) {
    buffer += chunk;
    if (buffer.length >= FLUSH_AT) {
      await handle.write(buffer);
      buffer = "";
    }
  }
  if (buffer !== "") await handle.write(buffer);
}

import type { FileHandle } from "node:fs/promises";
import { type AuditRecordInput, auditLineChunks } from "@/lib/dataset/audit-record";

/**
 * The audit file: one JSON line per `apply` (DESIGN.md "Command line"), in the seed executor's
 * format as lib/dataset/audit-record.ts writes it for the web history too. The CLI adds what only
 * it knows after `plan_snapshot`: who ran it, the files, the guards and an override's reason.
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
  for (const chunk of auditLineChunks(record)) {
    // Flush before adding, so the last chunk (which ends the line) is still in the buffer.
    if (buffer.length >= FLUSH_AT) {
      await handle.write(buffer);
      buffer = "";
    }
    buffer += chunk;
  }
  // The line ends with `}\n`; the extras go inside that closing brace.
  if (!buffer.endsWith("}\n")) throw new Error("an audit line must end with }");
  await handle.write(`${buffer.slice(0, -2)},${JSON.stringify(extras).slice(1)}\n`);
}

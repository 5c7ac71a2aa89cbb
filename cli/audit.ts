import type { FileHandle } from "node:fs/promises";

/**
 * The audit file: one JSON line per `apply` (DESIGN.md "Command line"). The seed executor's
 * fields come first and keep their names; Signoff's own fields follow them.
 */

export type AuditStatus = "completed" | "skipped" | "failed";

/** One changed row for one operation: the row before and after it, keyed by the key column. */
export interface AuditChange {
  operation_id: string;
  /** The key column's name (e.g. `sku`) → the row's key; also under `key`. */
  [keyColumn: string]: string | Record<string, string>;
  before: Record<string, string>;
  after: Record<string, string>;
}

export interface AuditRecord {
  execution_id: string;
  source_instruction: string;
  executed_at: string;
  status: AuditStatus;
  error: string | null;
  operations_count: number;
  /** Distinct rows whose cells changed. */
  rows_changed: number;
  /** Their keys, in file order. */
  keys_changed: string[];
  changes: AuditChange[];
  plan_snapshot: unknown;
  plan_hash: string;
  actor: string;
  key_column: string | null;
  cells_changed: number;
  /** The CSV read; sha256 is null when the run was skipped before reading it. */
  input: { path: string; sha256: string | null };
  output: { path: string; sha256: string } | null;
  warnings: string[];
  guards: { name: string; passed: boolean; detail: string }[];
  override_reason: string | null;
}

/**
 * Append a record as one line. The changes are written in slices, so a run that changed a
 * million rows never builds its whole line as one string.
 */
export async function appendAuditRecord(handle: FileHandle, record: AuditRecord): Promise<void> {
  let buffer = "{";
  const flush = async (force = false) => {
    if (buffer.length >= 1 << 20 || (force && buffer.length > 0)) {
      await handle.write(buffer);
      buffer = "";
    }
  };
  let first = true;
  for (const [key, value] of Object.entries(record)) {
    buffer += `${first ? "" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (key === "changes") {
      buffer += "[";
      const changes = value as AuditChange[];
      for (let index = 0; index < changes.length; index++) {
        buffer += `${index === 0 ? "" : ","}${JSON.stringify(changes[index])}`;
        await flush();
      }
      buffer += "]";
    } else {
      buffer += JSON.stringify(value);
    }
    await flush();
  }
  buffer += "}\n";
  await flush(true);
}

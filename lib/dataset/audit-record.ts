import type { CsvTable } from "./csv";

/**
 * The audit record of one execution as a JSON line, in the seed executor's format: the history
 * downloads, the history export and the CLI's `--audit` file all
 * write it through this module, so the three agree byte for byte.
 *
 * ```
 * { execution_id, source_instruction, executed_at, status, error, operations_count,
 *   rows_changed, keys_changed: [key… in file order],
 *   changes: [{ operation_id, <key column>: key, before: {row}, after: {row} }…],
 *   plan_snapshot, …extras }
 * ```
 *
 * As in the seed, `changes` has one entry per operation and row it changed, with the whole row
 * before and after that operation (so a row two operations change appears twice). The cell-level
 * change records Signoff stores are folded back into rows here, starting from the input version.
 *
 * Pure: no `node:` imports. The record as a JSON line, written piece by piece, is audit-line.ts.
 */

/** One changed cell, in executor order (the executor's `Change`, and the stored change records). */
export interface AuditCellChange {
  operationId: string;
  rowKey: string;
  column: string;
  before: string;
  after: string;
}

export interface AuditRecordInput {
  /** The plan's execution_id. */
  executionId: string;
  sourceInstruction: string;
  executedAt: Date | string;
  /** completed | failed | refused | reverted (web), completed | skipped | failed (CLI). */
  status: string;
  error: string | null;
  operationsCount: number;
  /** Rows whose final bytes differ from the input. */
  rowsChanged: number;
  keyColumn: string;
  /** The input version with its key column set; may be null when there are no changes. */
  input: CsvTable | null;
  changes: Iterable<AuditCellChange>;
  /** The input row of each change, when the caller knows it (saves a lookup by key per row). */
  rowOfChange?: (index: number) => number;
  /**
   * `changes` as the executor made them, when the caller has them: the line is then written
   * without reading a change object (`changes` may then make its objects only when iterated).
   */
  changeRuns?: readonly AuditChangeRun[];
  planSnapshot: unknown;
}

/** Changes of one operation to one column, one per row (input row numbers), in order. */
export interface AuditChangeRun {
  operationId: string;
  column: string;
  rows: ArrayLike<number>;
  after: readonly string[];
}

export interface AuditChangeEntry {
  operation_id: string;
  [keyColumn: string]: string | Record<string, string>;
  before: Record<string, string>;
  after: Record<string, string>;
}

export interface AuditRecord {
  execution_id: string;
  source_instruction: string;
  executed_at: string;
  status: string;
  error: string | null;
  operations_count: number;
  rows_changed: number;
  keys_changed: string[];
  changes: AuditChangeEntry[];
  plan_snapshot: unknown;
}

/**
 * Fields a writer adds after the seed's (the CLI: actor, files, guards, override reason). They
 * may not reuse a seed field's name: the seed's fields keep their meaning for every reader.
 */
export type AuditExtras = Readonly<Record<string, unknown>>;

const SEED_FIELDS: ReadonlySet<string> = new Set([
  "execution_id",
  "source_instruction",
  "executed_at",
  "status",
  "error",
  "operations_count",
  "rows_changed",
  "keys_changed",
  "changes",
  "plan_snapshot",
]);

/** The record as an object (tests, and callers that post-process it). */
export function buildAuditRecord(
  input: AuditRecordInput,
  extras: AuditExtras = {},
): AuditRecord & Record<string, unknown> {
  checkExtras(extras);
  const changes = [...auditChangeEntries(input)];
  return {
    ...header(input),
    keys_changed: keysInFileOrder(changes, input),
    changes,
    plan_snapshot: input.planSnapshot ?? null,
    ...extras,
  };
}

/** The line's start, up to the `keys_changed` list (audit-line.ts writes the rest). */
export function auditHead(input: AuditRecordInput, keysChanged: readonly string[]): string {
  return JSON.stringify({ ...header(input), keys_changed: keysChanged }).slice(0, -1);
}

/** The line's end after the changes: `plan_snapshot`, then the extras (without the `{`). */
export function auditTail(input: AuditRecordInput, extras: AuditExtras): string {
  return JSON.stringify({ plan_snapshot: input.planSnapshot ?? null, ...extras }).slice(1);
}

/**
 * Whether entries written as text keep JSON.stringify's field order: an object lists integer-like
 * names first and keeps one of two equal names, and an entry's own fields could be shadowed by
 * the key column's name. Such tables take the object path.
 */
export function writableAsText(header: readonly string[], keyColumn: string): boolean {
  if (new Set(header).size !== header.length) return false;
  if (["operation_id", "before", "after"].includes(keyColumn)) return false;
  return header.every((name) => !/^(0|[1-9]\d*)$/.test(name));
}

export function checkExtras(extras: AuditExtras): void {
  for (const name of Object.keys(extras)) {
    if (SEED_FIELDS.has(name)) throw new Error(`"${name}" is a seed audit field, not an extra`);
  }
}

function header(input: AuditRecordInput) {
  return {
    execution_id: input.executionId,
    source_instruction: input.sourceInstruction,
    executed_at:
      typeof input.executedAt === "string" ? input.executedAt : input.executedAt.toISOString(),
    status: input.status,
    error: input.error,
    operations_count: input.operationsCount,
    rows_changed: input.rowsChanged,
  };
}

/**
 * Each changed row's key once, in the order the rows stand in the input version — the order the
 * seed executor scans rows in — whatever order the operations reached them in, so the CLI, the
 * history downloads and the export list the same keys the same way.
 */
export function keysInFileOrder(
  entries: readonly AuditChangeEntry[],
  input: AuditRecordInput,
): string[] {
  const keys = new Set<string>();
  for (const entry of entries) keys.add(entry[input.keyColumn] as string);
  const table = input.input;
  if (!table || keys.size < 2) return [...keys];
  return [...keys]
    .map((key) => ({ key, row: table.rowOfKey(key) }))
    .sort((a, b) => a.row - b.row)
    .map(({ key }) => key);
}

/**
 * Folds cell changes into per-(operation, row) entries with whole rows before and after. Cells of
 * one row changed by one operation are consecutive in executor order (by operation, then row).
 */
export function* auditChangeEntries(input: AuditRecordInput): Generator<AuditChangeEntry> {
  const rows = new Map<string, string[]>();
  const header = input.input?.header ?? [];
  let group: { operationId: string; rowKey: string; cells: AuditCellChange[] } | null = null;

  const flush = (): AuditChangeEntry | null => {
    if (!group) return null;
    const values = currentRow(group.rowKey);
    const before = toObject(header, values);
    for (const cell of group.cells) {
      const col = header.indexOf(cell.column);
      if (col >= 0) values[col] = cell.after;
    }
    const entry: AuditChangeEntry = {
      operation_id: group.operationId,
      [input.keyColumn]: group.rowKey,
      before,
      after: toObject(header, values),
    };
    group = null;
    return entry;
  };

  const currentRow = (rowKey: string): string[] => {
    let values = rows.get(rowKey);
    if (!values) {
      const table = input.input;
      if (!table) throw new Error("The input table is needed to describe changed rows.");
      const row = table.rowOfKey(rowKey);
      if (row < 0) throw new Error(`Row '${rowKey}' is not in the input table.`);
      values = table.header.map((_, col) => table.cell(row, col));
      rows.set(rowKey, values);
    }
    return values;
  };

  for (const change of input.changes) {
    if (group && (group.operationId !== change.operationId || group.rowKey !== change.rowKey)) {
      const entry = flush();
      if (entry) yield entry;
    }
    group ??= { operationId: change.operationId, rowKey: change.rowKey, cells: [] };
    group.cells.push(change);
  }
  const last = flush();
  if (last) yield last;
}

function toObject(header: readonly string[], values: readonly string[]): Record<string, string> {
  const row: Record<string, string> = {};
  for (let col = 0; col < header.length; col++) row[header[col]] = values[col];
  return row;
}

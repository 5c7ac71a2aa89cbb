import type { WrittenStyle } from "@/lib/dataset/written-style";
import type { Change as ChangeRecord } from "@/lib/executor/types";

/**
 * The change set as the browser receives and holds it: one array per field instead of one object
 * per change. Operation ids, column names and row keys are stored once and referenced by index, so
 * 300,000 changes cross the server/client boundary as a few flat arrays (cheap to serialise and to
 * parse) and sit in memory without 300,000 small objects. Plain JSON-safe data: it can be a prop of
 * a client component, a server action result, or the body of a route handler.
 */
export interface ChangeColumns {
  /** Operation ids, in plan order where the producer knows it. */
  operationIds: string[];
  /** Changed column names, in dataset order where the producer knows it. */
  columns: string[];
  /** Distinct row keys, in order of first appearance. */
  rowKeys: string[];
  /** Per change: index into `rowKeys`. */
  row: number[];
  /** Per change: index into `operationIds`. */
  op: number[];
  /** Per change: index into `columns`. */
  column: number[];
  before: string[];
  after: string[];
  /** How the file writes the numbers of columns that do not write them plainly, by name. */
  styles?: Record<string, WrittenStyle>;
}

/** One changed cell, as the executor reports it and the change records store it. */
export type { ChangeRecord };

export interface EncodeOptions {
  /** Known operation order (e.g. the plan's); ids not listed are appended as they appear. */
  operationIds?: readonly string[];
  /** Known column order (e.g. the dataset header); names not listed are appended as they appear. */
  columns?: readonly string[];
}

export function encodeChanges(
  changes: Iterable<ChangeRecord>,
  options: EncodeOptions = {},
): ChangeColumns {
  const list = Array.isArray(changes) ? (changes as readonly ChangeRecord[]) : [...changes];
  const count = list.length;
  const operations = new Interner(options.operationIds);
  const columns = new Interner(options.columns);
  const rowKeys = new Interner();
  const encoded: ChangeColumns = {
    operationIds: operations.values,
    columns: columns.values,
    rowKeys: rowKeys.values,
    row: new Array<number>(count),
    op: new Array<number>(count),
    column: new Array<number>(count),
    before: new Array<string>(count),
    after: new Array<string>(count),
  };
  // Consecutive changes mostly share their operation and column, often their row: comparing with
  // the previous change skips most map lookups.
  let lastOperation: string | undefined;
  let lastOp = -1;
  let lastColumnName: string | undefined;
  let lastColumn = -1;
  let lastRowKey: string | undefined;
  let lastRow = -1;
  for (let at = 0; at < count; at++) {
    const change = list[at];
    if (change.rowKey !== lastRowKey) {
      lastRowKey = change.rowKey;
      lastRow = rowKeys.indexOf(lastRowKey);
    }
    if (change.operationId !== lastOperation) {
      lastOperation = change.operationId;
      lastOp = operations.indexOf(lastOperation);
    }
    if (change.column !== lastColumnName) {
      lastColumnName = change.column;
      lastColumn = columns.indexOf(lastColumnName);
    }
    encoded.row[at] = lastRow;
    encoded.op[at] = lastOp;
    encoded.column[at] = lastColumn;
    encoded.before[at] = change.before;
    encoded.after[at] = change.after;
  }
  if (options.columns) encoded.columns = dropUnused(encoded, "column", "columns");
  if (options.operationIds) encoded.operationIds = dropUnused(encoded, "op", "operationIds");
  return encoded;
}

export function emptyChanges(): ChangeColumns {
  return {
    operationIds: [],
    columns: [],
    rowKeys: [],
    row: [],
    op: [],
    column: [],
    before: [],
    after: [],
  };
}

export function changeCount(changes: ChangeColumns): number {
  return changes.before.length;
}

export function rowKeyOf(changes: ChangeColumns, index: number): string {
  return changes.rowKeys[changes.row[index]];
}

export function operationOf(changes: ChangeColumns, index: number): string {
  return changes.operationIds[changes.op[index]];
}

export function columnOf(changes: ChangeColumns, index: number): string {
  return changes.columns[changes.column[index]];
}

export function changeAt(changes: ChangeColumns, index: number): ChangeRecord {
  return {
    operationId: operationOf(changes, index),
    rowKey: rowKeyOf(changes, index),
    column: columnOf(changes, index),
    before: changes.before[index],
    after: changes.after[index],
  };
}

export function* decodeChanges(changes: ChangeColumns): Generator<ChangeRecord> {
  const count = changeCount(changes);
  for (let index = 0; index < count; index++) yield changeAt(changes, index);
}

/**
 * Throws when the arrays do not line up or an index points nowhere: data from the network or the
 * database is checked once, so the table can then index without guards.
 */
export function assertChangeColumns(changes: ChangeColumns): void {
  const count = changes.before.length;
  for (const field of ["row", "op", "column", "after"] as const) {
    if (changes[field].length !== count) {
      throw new Error(
        `change columns: ${field} has ${changes[field].length} entries, expected ${count}`,
      );
    }
  }
  const limits = [
    ["row", changes.rowKeys.length],
    ["op", changes.operationIds.length],
    ["column", changes.columns.length],
  ] as const;
  for (const [field, limit] of limits) {
    assertIndexes(`change columns: ${field}`, changes[field], limit);
  }
}

/**
 * Every entry of `indexes` points into a list of `limit` items; `first` is the position of the
 * first entry in the whole change set, for the message.
 */
export function assertIndexes(
  label: string,
  indexes: readonly number[],
  limit: number,
  first = 0,
): void {
  for (let at = 0; at < indexes.length; at++) {
    const value = indexes[at];
    if (!Number.isInteger(value) || value < 0 || value >= limit) {
      throw new Error(`${label}[${first + at}] = ${value} is out of range`);
    }
  }
}

/**
 * The whole rows a change set touches, for the "Full rows" view: the dataset header and, for each
 * changed row, its cells as they were before the plan ran. Row-major: row `r` is
 * `cells.slice(r * header.length, (r + 1) * header.length)`.
 */
export interface ChangedRows {
  header: string[];
  /** The key column's name (shown first, not repeated among the other cells). */
  keyColumn: string;
  rowKeys: string[];
  cells: string[];
  /** As `ChangeColumns.styles`. */
  styles?: Record<string, WrittenStyle>;
}

/**
 * Picks the rows a change set touches out of a parsed table. `rows` are the base version's records
 * in header order; rows whose key has no change are skipped.
 */
export function pickChangedRows(
  header: readonly string[],
  keyColumn: string,
  rows: Iterable<readonly string[]>,
  changes: ChangeColumns,
): ChangedRows {
  const keyIndex = header.indexOf(keyColumn);
  if (keyIndex < 0) throw new Error(`key column "${keyColumn}" is not in the header`);
  const wanted = new Set(changes.rowKeys);
  const picked: ChangedRows = {
    header: [...header],
    keyColumn,
    rowKeys: [],
    cells: [],
    ...(changes.styles ? { styles: changes.styles } : {}),
  };
  for (const row of rows) {
    const key = row[keyIndex];
    if (!wanted.has(key)) continue;
    wanted.delete(key);
    picked.rowKeys.push(key);
    for (let column = 0; column < header.length; column++) picked.cells.push(row[column] ?? "");
  }
  return picked;
}

/** Looks rows up by key; built once per `ChangedRows`. */
export function rowLookup(rows: ChangedRows): (rowKey: string) => string[] | undefined {
  const positions = new Map<string, number>();
  for (let index = 0; index < rows.rowKeys.length; index++)
    positions.set(rows.rowKeys[index], index);
  const width = rows.header.length;
  return (rowKey) => {
    const position = positions.get(rowKey);
    if (position === undefined) return undefined;
    return rows.cells.slice(position * width, (position + 1) * width);
  };
}

class Interner {
  readonly values: string[];
  private readonly positions = new Map<string, number>();

  constructor(initial: readonly string[] = []) {
    this.values = [];
    for (const value of initial) this.indexOf(value);
  }

  indexOf(value: string): number {
    let position = this.positions.get(value);
    if (position === undefined) {
      position = this.values.length;
      this.values.push(value);
      this.positions.set(value, position);
    }
    return position;
  }
}

/** Removes names that were pre-seeded from an order hint but no change uses, renumbering refs. */
function dropUnused(
  encoded: ChangeColumns,
  refField: "column" | "op",
  namesField: "columns" | "operationIds",
): string[] {
  const names = encoded[namesField];
  const used = new Uint8Array(names.length);
  const refs = encoded[refField];
  for (const ref of refs) used[ref] = 1;
  if (used.every((flag) => flag === 1)) return names;
  const renumber = new Int32Array(names.length);
  const kept: string[] = [];
  for (let index = 0; index < names.length; index++) {
    renumber[index] = kept.length;
    if (used[index]) kept.push(names[index]);
  }
  for (let index = 0; index < refs.length; index++) refs[index] = renumber[refs[index]];
  return kept;
}

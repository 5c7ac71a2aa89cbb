import type { CsvTable } from "@/lib/dataset/csv";
import type { Replacements } from "@/lib/dataset/line-patch";
import type { Scalar } from "@/lib/plan/schema";

/** One cell written by one operation. A cell two operations change appears twice, in order. */
export interface Change {
  operationId: string;
  rowKey: string;
  column: string;
  /** The cell's value before this operation (as text, unquoted). */
  before: string;
  /** The value this operation wrote. */
  after: string;
}

export interface OperationStats {
  operationId: string;
  /** Rows the filter selected. */
  matched: number;
  /** Matched rows whose cell this operation changed. */
  changed: number;
  /** Matched rows left as they were: the value was already right, or the cell was empty. */
  skipped: number;
}

export type GuardName = "max_rows_changed" | "max_change_percent" | "min_value" | "max_value";

export interface GuardResult {
  guard: GuardName;
  limit: number;
  /**
   * The figure compared with the limit: rows changed; the largest change in percent (Infinity
   * when a cell changed from 0); the smallest or largest resulting value. Null when no numeric
   * cell changed, so there was nothing to measure.
   */
  actual: number | null;
  passed: boolean;
  message: string;
  /** Keys of the rows that break the guard (at most OFFENDING_KEYS_SHOWN). */
  offendingKeys?: string[];
}

/**
 * A change set as the fields of its records (operation id, row key, column, before, after), made
 * a piece at a time without a `Change` object each; with the columns it changes, in the order
 * operations ran.
 */
export interface ChangeRecords {
  count: number;
  columns: string[];
  /** The records from `start` up to `end`. */
  fields(start: number, end: number): string[][];
  /** The records in runs of one operation and one column, in order: how many each has. */
  runs: ChangeRunCount[];
  /**
   * Each record's row key, before and after from `start` up to `end`, as JSON text:
   * `JSON.stringify` of those three fields, each text made well-formed (`toWellFormed`), written
   * without an array or key string per record.
   */
  json(start: number, end: number): string;
}

export interface ChangeRunCount {
  operationId: string;
  column: string;
  count: number;
}

export interface DryRunResult {
  ok: true;
  /** Operation ids in the order they ran. */
  order: string[];
  /** Every cell change, by operation in execution order, then row order (made on first read). */
  readonly changes: Change[];
  /**
   * The input row of `changes[index]`, known without a lookup by key (a method, so that the
   * result's JSON stays what it was).
   */
  rowOfChange(index: number): number;
  /**
   * The byte ranges of the input replaced to make `output` (null for a non-ASCII input): the line
   * patch that keeps the input version is found from them (lib/dataset/line-patch.ts).
   */
  outputReplacements(): Replacements | null;
  /**
   * `output` in pieces, in order, for a caller that writes them out as they come: the output is
   * then never held whole (each piece is valid until the next is asked for).
   */
  outputPieces(pieceBytes?: number): Iterable<Uint8Array>;
  /** `changes` as the fields of their records, made a piece at a time. */
  changeRecords(): ChangeRecords;
  /**
   * `changes` as the runs the executor made them in: one operation's changes to one column, one
   * per row (input row numbers), with each value after; without a `Change` object each.
   */
  changeRuns(): ChangeRun[];
  /**
   * `output` as a parsed table, derived from the input's without parsing it again, or null when
   * it cannot be (non-ASCII text, decimal commas: then parse `output`).
   */
  outputTable(): CsvTable | null;
  operations: OperationStats[];
  guards: GuardResult[];
  /** True when every guard passed (or there are none). */
  guardsPassed: boolean;
  warnings: string[];
  /** Rows whose final bytes differ from the input. */
  rowsChanged: number;
  /** Cells whose final value differs from the input. */
  cellsChanged: number;
  /** The change set's hash (`changeSetHash`, hex), taken during the run. */
  readonly changeSetHash: string;
  /** The resulting CSV, assembled when first read. */
  readonly output: Uint8Array;
  /** sha256 hex of `output`, computed when first read. */
  readonly outputSha256: string;
  /** Plan variables and aggregate results after the last operation. */
  variables: Record<string, Scalar>;
}

export interface ChangeRun {
  operationId: string;
  column: string;
  rows: readonly number[];
  after: readonly string[];
}

export type DryRunErrorCode =
  /** The plan cannot be read against this dataset (unmapped shorthand, unknown column, cycle). */
  | "invalid_plan"
  /** The key column is missing, not unique or has empty cells. */
  | "invalid_key"
  /** A numeric action or aggregate met cells that are not numbers. */
  | "non_numeric"
  /** A value does not fit the column it is written to. */
  | "type_mismatch"
  /** "${name}" names a variable that has no value at that point. */
  | "unknown_variable"
  /** An expression cannot be computed for some rows (an empty cell, division by zero). */
  | "uncomputable";

export interface DryRunError {
  code: DryRunErrorCode;
  message: string;
  operationId?: string;
  column?: string;
  /** Plan path of the problem, for invalid_plan. */
  path?: (string | number)[];
  /** Keys of the offending rows (at most OFFENDING_KEYS_SHOWN) and how many there are. */
  offendingKeys?: string[];
  offendingCount?: number;
}

export interface DryRunFailure {
  ok: false;
  error: DryRunError;
}

/** Offending row keys listed in a failure or guard result; the count says how many in all. */
export const OFFENDING_KEYS_SHOWN = 100;

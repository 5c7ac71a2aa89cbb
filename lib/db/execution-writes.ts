import "server-only";
import { AppError } from "@/lib/errors";
import type { Change as ChangeRecord } from "@/lib/executor/types";
import { providerOf, sqliteConnection, type Tx } from "./client";

/** One changed cell, as the executor reports it and the change records store it. */
export type { ChangeRecord };

/** An execution as approvals and command-line runs record it. */
export interface NewExecution {
  executionId: string;
  /** The execution id again when it completed (it may then hold no other); null otherwise. */
  idempotencyKey: string | null;
  datasetId: string;
  planId?: string | null;
  planRevisionId?: string | null;
  baseVersionId: string;
  resultVersionId?: string | null;
  status: "completed" | "failed" | "refused";
  source: "web" | "cli";
  planner: string | null;
  instruction: string;
  operationsCount: number;
  rowsChanged?: number;
  cellsChanged?: number;
  previewHash?: string | null;
  changeSetHash?: string | null;
  planHash: string;
  planSnapshotJson: string;
  statsJson?: string;
  guardsJson?: string;
  approvedBy: string;
  overrideReason?: string | null;
  approvalComment?: string | null;
  error?: string | null;
  startedAt: Date;
  finishedAt: Date;
}

/**
 * Creates an execution record (completed, refused or failed; from an approval or the CLI) in the
 * caller's transaction. The one place executions are created.
 */
export function insertExecution(tx: Tx, execution: NewExecution) {
  return tx.execution.create({
    data: {
      ...execution,
      durationMs: execution.finishedAt.getTime() - execution.startedAt.getTime(),
    },
    select: { id: true, executionId: true },
  });
}

/** Marks an execution as undone by a later one (its revert's approval). */
export function markExecutionReverted(tx: Tx, id: string, revertedById: string) {
  return tx.execution.update({
    where: { id },
    data: { status: "reverted", revertedById },
  });
}

/**
 * Change records per INSERT statement. Each statement carries its records as one JSON parameter
 * that SQLite unpacks with `json_each`: binding eight parameters per record (a multi-row VALUES
 * list) costs the driver adapter more than SQLite's own insert, and Prisma's createMany is slower
 * still (STACK.md). 20,000 records make a JSON text of about a megabyte.
 */
const RECORDS_PER_STATEMENT = 20_000;

const INSERT_FROM_JSON = `
  WITH input("executionId", "datasetId", "firstSeq", "records") AS (SELECT ?, ?, ?, ?)
  INSERT INTO "Change" ("executionId", "datasetId", "seq", "operationId", "rowKey", "column", "before", "after")
  SELECT input."executionId", input."datasetId", input."firstSeq" + record.key,
         json_extract(record.value, '$[0]'), json_extract(record.value, '$[1]'),
         json_extract(record.value, '$[2]'), json_extract(record.value, '$[3]'),
         json_extract(record.value, '$[4]')
  FROM input, json_each(input."records") AS record`;

/** `INSERT_FROM_JSON` for records of one operation and column, which are bound once. */
const INSERT_RUN_FROM_JSON = `
  WITH input("executionId", "datasetId", "firstSeq", "operationId", "column", "records") AS (
    SELECT ?, ?, ?, ?, ?, ?)
  INSERT INTO "Change" ("executionId", "datasetId", "seq", "operationId", "rowKey", "column", "before", "after")
  SELECT input."executionId", input."datasetId", input."firstSeq" + record.key, input."operationId",
         json_extract(record.value, '$[0]'), input."column",
         json_extract(record.value, '$[1]'), json_extract(record.value, '$[2]')
  FROM input, json_each(input."records") AS record`;

/**
 * The same on PostgreSQL: each field as one JSON array parameter, unpacked side by side and
 * numbered by position. A JSON text passes through the driver adapter as one string; a text[]
 * parameter of 50,000 strings is converted element by element, which cost a third more.
 */
const INSERT_FROM_JSON_POSTGRES = `
  INSERT INTO "Change" ("executionId", "datasetId", "seq", "operationId", "rowKey", "column", "before", "after")
  SELECT $1, $2, $3::int + (record.position - 1)::int,
         record."operationId", record."rowKey", record."column", record."before", record."after"
  FROM ROWS FROM (
    json_array_elements_text($4::json), json_array_elements_text($5::json),
    json_array_elements_text($6::json), json_array_elements_text($7::json),
    json_array_elements_text($8::json)
  ) WITH ORDINALITY AS record("operationId", "rowKey", "column", "before", "after", position)`;

/**
 * An execution's change records by position, as the five fields a record stores: operation id,
 * row key, column, before, after. A large run hands over a view that makes them in pieces
 * (`DryRunResult.changeRecords`) rather than a `Change` object each.
 */
export interface ChangeFields {
  readonly count: number;
  /** The records from `start` up to `end`. */
  fields(start: number, end: number): string[][];
  /**
   * With `json`, when the source can write its records more cheaply than `fields` makes them
   * (`DryRunResult.changeRecords`): the records in runs of one operation and one column, in
   * order, and how many each has.
   */
  readonly runs?: readonly { operationId: string; column: string; count: number }[];
  /**
   * Each record's row key, before and after from `start` up to `end`, as the JSON text of
   * `[rowKey, before, after]` arrays, each text made well-formed.
   */
  json?(start: number, end: number): string;
}

/** `ChangeFields` of change objects. */
export function changeFieldsOf(changes: readonly ChangeRecord[]): ChangeFields {
  return {
    count: changes.length,
    fields: (start, end) =>
      changes
        .slice(start, end)
        .map((change) => [
          change.operationId,
          change.rowKey,
          change.column,
          change.before,
          change.after,
        ]),
  };
}

/**
 * Inserts an execution's change records inside the caller's transaction, numbered by their
 * position (`seq`), so they read back in executor order. On SQLite the statements run on the
 * connection under the transaction, as version bytes do (client.ts): part of it, without a trip
 * through Prisma's query engine for each megabyte of records.
 */
export async function insertChanges(
  tx: Tx,
  executionId: string,
  datasetId: string,
  changes: ChangeFields,
): Promise<void> {
  if (providerOf(tx) === "postgres") {
    await insertChangesPostgres(tx, executionId, datasetId, changes);
    return;
  }
  if (changes.runs && changes.json) {
    await insertRunsSqlite(tx, executionId, datasetId, changes.runs, changes.json);
    return;
  }
  const insert = sqliteConnection(tx)?.prepare(INSERT_FROM_JSON);
  for (let start = 0; start < changes.count; start += RECORDS_PER_STATEMENT) {
    const records = changes.fields(start, Math.min(start + RECORDS_PER_STATEMENT, changes.count));
    for (const record of records) {
      for (let field = 0; field < record.length; field++) record[field] = wellFormed(record[field]);
    }
    const json = JSON.stringify(records);
    if (insert) insert.run(executionId, datasetId, start, json);
    else await tx.$executeRawUnsafe(INSERT_FROM_JSON, executionId, datasetId, start, json);
  }
}

/**
 * Records a run at a time: the run's operation and column are bound once per statement, and each
 * record carries only its row key, before and after. SQLite then extracts three fields from each
 * record's JSON rather than five, which on a million-row approval's 332,681 records was about a
 * quarter of the insert's time.
 */
async function insertRunsSqlite(
  tx: Tx,
  executionId: string,
  datasetId: string,
  runs: NonNullable<ChangeFields["runs"]>,
  json: NonNullable<ChangeFields["json"]>,
): Promise<void> {
  const insert = sqliteConnection(tx)?.prepare(INSERT_RUN_FROM_JSON);
  let first = 0; // position of the run's first record in the change set
  for (const { operationId, column, count } of runs) {
    for (let start = first; start < first + count; start += RECORDS_PER_STATEMENT) {
      const records = json(start, Math.min(start + RECORDS_PER_STATEMENT, first + count));
      const values = [executionId, datasetId, start, operationId, column, records];
      if (insert) insert.run(...values);
      else await tx.$executeRawUnsafe(INSERT_RUN_FROM_JSON, ...values);
    }
    first += count;
  }
}

/** Records per statement on PostgreSQL: five JSON arrays of this many strings. */
const POSTGRES_RECORDS_PER_STATEMENT = 50_000;

async function insertChangesPostgres(
  tx: Tx,
  executionId: string,
  datasetId: string,
  changes: ChangeFields,
): Promise<void> {
  for (let start = 0; start < changes.count; start += POSTGRES_RECORDS_PER_STATEMENT) {
    const records = changes.fields(
      start,
      Math.min(start + POSTGRES_RECORDS_PER_STATEMENT, changes.count),
    );
    refuseNulCharacters(records);
    const fields: string[][] = [[], [], [], [], []];
    for (const record of records) {
      for (let field = 0; field < 5; field++) fields[field].push(wellFormed(record[field]));
    }
    await tx.$executeRawUnsafe(
      INSERT_FROM_JSON_POSTGRES,
      executionId,
      datasetId,
      start,
      ...fields.map((values) => JSON.stringify(values)),
    );
  }
}

/**
 * PostgreSQL's text cannot hold U+0000, so a change whose value has one cannot be recorded
 * exactly there: the approval is refused with the row named rather than stored altered.
 */
function refuseNulCharacters(records: readonly string[][]): void {
  for (const [, rowKey, column, before, after] of records) {
    if (`${rowKey}${column}${before}${after}`.includes("\u0000")) {
      throw new AppError(
        "execution_failed",
        `Row ${rowKey}, column ${column} holds a NUL character (U+0000), which PostgreSQL cannot store in a change record. Remove it from the file (or use SQLite) and approve again.`,
      );
    }
  }
}

/**
 * A lone UTF-16 surrogate (possible only in a value typed into a plan) reaches SQLite as one U+FFFD
 * when bound as a parameter, but as three through JSON; this keeps the stored text the same.
 */
function wellFormed(value: string): string {
  return value.isWellFormed() ? value : value.toWellFormed();
}

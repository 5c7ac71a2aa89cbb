import "server-only";
import type { Tx } from "./client";

export interface ChangeRecord {
  operationId: string;
  rowKey: string;
  column: string;
  before: string;
  after: string;
}

/**
 * Rows per INSERT statement. Each row binds 8 parameters; SQLite allows 32,766 per statement.
 * One statement per row, or Prisma's createMany, is 10–50× slower at 100k changes (STACK.md).
 */
const ROWS_PER_STATEMENT = 2_000;

/** Inserts an execution's change records with multi-row INSERTs inside the caller's transaction. */
export async function insertChanges(
  tx: Tx,
  executionId: string,
  datasetId: string,
  changes: readonly ChangeRecord[],
): Promise<void> {
  for (let start = 0; start < changes.length; start += ROWS_PER_STATEMENT) {
    const chunk = changes.slice(start, start + ROWS_PER_STATEMENT);
    const placeholders = chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
    const values: (string | number)[] = [];
    chunk.forEach((change, offset) => {
      values.push(
        executionId,
        datasetId,
        start + offset,
        change.operationId,
        change.rowKey,
        change.column,
        change.before,
        change.after,
      );
    });
    await tx.$executeRawUnsafe(
      `INSERT INTO "Change" ("executionId", "datasetId", "seq", "operationId", "rowKey", "column", "before", "after") VALUES ${placeholders}`,
      ...values,
    );
  }
}

import "server-only";
import { type ParseCsvOptions, parseCsv } from "@/lib/dataset/csv";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import { loadVersionContentById } from "@/lib/db/dataset-versions";
import { type ExecutionDetail, loadExecutionChanges } from "@/lib/db/executions";
import {
  type ChangeColumns,
  type ChangedRows,
  encodeChanges,
  pickChangedRows,
} from "@/lib/diff/change-columns";

/**
 * An execution's change records for the diff table (`RemoteDiffTable`): the change set in its
 * columnar form, and the changed rows as they were in the input version ("Full rows").
 */

type DiffSource = Pick<ExecutionDetail, "id" | "baseVersionId" | "planSnapshot"> & {
  dataset: { keyColumn: string };
};

export async function loadExecutionChangeColumns(execution: DiffSource): Promise<ChangeColumns> {
  const records = await loadExecutionChanges(execution.id);
  const base = records.length > 0 ? await loadVersionContentById(execution.baseVersionId) : null;
  return encodeChanges(records, {
    operationIds: operationIdsOf(execution.planSnapshot),
    columns: base ? headerOf(base.content, base.delimiter) : [],
  });
}

export async function loadExecutionChangedRows(execution: DiffSource): Promise<ChangedRows | null> {
  const base = await loadVersionContentById(execution.baseVersionId);
  if (!base) return null;
  const changes = encodeChanges(await loadExecutionChanges(execution.id));
  const table = parseCsvInParallel(base.content, {
    keyColumn: execution.dataset.keyColumn,
    delimiter: base.delimiter,
  });
  return pickChangedRows(
    table.header,
    execution.dataset.keyColumn,
    changedRows(table, changes.rowKeys),
    changes,
  );
}

function operationIdsOf(snapshot: unknown): string[] {
  const operations = (snapshot as { operations?: Array<{ operation_id?: unknown }> } | null)
    ?.operations;
  return (Array.isArray(operations) ? operations : [])
    .map((operation) => operation.operation_id)
    .filter((id): id is string => typeof id === "string");
}

/** The column order, from the first line only (column order is all the change set needs). */
function headerOf(content: Uint8Array, delimiter?: ParseCsvOptions["delimiter"]): string[] {
  const newline = content.indexOf(10);
  try {
    const line = content.subarray(0, newline < 0 ? content.length : newline + 1);
    return [...parseCsv(line, { delimiter }).header];
  } catch {
    return []; // a header with a line break inside quotes: fall back to order of appearance
  }
}

function* changedRows(table: ReturnType<typeof parseCsv>, keys: readonly string[]) {
  for (const key of keys) {
    const row = table.rowOfKey(key);
    if (row >= 0) yield table.header.map((_, col) => table.cell(row, col));
  }
}

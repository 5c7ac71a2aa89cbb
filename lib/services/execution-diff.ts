import "server-only";
import {
  type ChangeColumns,
  type ChangedRows,
  encodeChanges,
  pickChangedRows,
} from "@/components/diff-table/change-columns";
import { parseCsv } from "@/lib/dataset/csv";
import { loadVersionContentById } from "@/lib/db/dataset-versions";
import { loadExecutionChanges } from "@/lib/db/executions";

/**
 * An execution's change records in the diff table's columnar form, with the changed rows as they
 * were in the input version (for the table's "Full rows" view).
 */
export async function loadExecutionDiff(execution: {
  id: string;
  baseVersionId: string;
  dataset: { keyColumn: string };
  planSnapshot: unknown;
}): Promise<{ changes: ChangeColumns; rows?: ChangedRows }> {
  const records = await loadExecutionChanges(execution.id);
  const snapshot = execution.planSnapshot as {
    operations?: Array<{ operation_id?: unknown }>;
  } | null;
  const operationIds = (snapshot?.operations ?? [])
    .map((operation) => operation.operation_id)
    .filter((id): id is string => typeof id === "string");
  if (records.length === 0) return { changes: encodeChanges([], { operationIds }) };

  const base = await loadVersionContentById(execution.baseVersionId);
  if (!base) return { changes: encodeChanges(records, { operationIds }) };
  const table = parseCsv(base.content, { keyColumn: execution.dataset.keyColumn });
  const changes = encodeChanges(records, { operationIds, columns: table.header });
  const rows = pickChangedRows(
    table.header,
    execution.dataset.keyColumn,
    changedRows(table, changes.rowKeys),
    changes,
  );
  return { changes, rows };
}

function* changedRows(table: ReturnType<typeof parseCsv>, keys: readonly string[]) {
  for (const key of keys) {
    const row = table.rowOfKey(key);
    if (row >= 0) yield table.header.map((_, col) => table.cell(row, col));
  }
}

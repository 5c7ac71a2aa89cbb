import "server-only";
import { type ParseCsvOptions, parseCsv } from "@/lib/dataset/csv";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import { withWrittenStyles } from "@/lib/dataset/written-style";
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
  const opening = base ? openingOf(base.content, base.delimiter) : null;
  const changes = encodeChanges(records, {
    operationIds: operationIdsOf(execution.planSnapshot),
    columns: opening ? [...opening.header] : [],
  });
  return withWrittenStyles(changes, opening?.writtenStyles() ?? {});
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
    withWrittenStyles(changes, table.writtenStyles()),
  );
}

function operationIdsOf(snapshot: unknown): string[] {
  const operations = (snapshot as { operations?: Array<{ operation_id?: unknown }> } | null)
    ?.operations;
  return (Array.isArray(operations) ? operations : [])
    .map((operation) => operation.operation_id)
    .filter((id): id is string => typeof id === "string");
}

/** Bytes of a version's opening read for its column order and how it writes numbers. */
const OPENING_BYTES = 65_536;

/**
 * The version's opening lines, parsed: the column order (all the change set needs) and how the
 * file writes its numbers (decimal commas, currency signs), which its first rows show as well as
 * all of them would. A cut inside quotes leaves the header line alone, and a header with a line
 * break inside quotes nothing (null: the change set keeps its columns in order of appearance).
 */
function openingOf(content: Uint8Array, delimiter?: ParseCsvOptions["delimiter"]) {
  const lineEnd = (at: number) => (at < 0 ? content.length : at + 1);
  const cuts = [
    content.length <= OPENING_BYTES
      ? content.length
      : lineEnd(content.lastIndexOf(10, OPENING_BYTES)),
    lineEnd(content.indexOf(10)),
  ];
  for (const cut of cuts) {
    try {
      return parseCsv(content.subarray(0, cut), { delimiter });
    } catch {
      // A line break inside quotes at the cut: the header line alone.
    }
  }
  return null;
}

function* changedRows(table: ReturnType<typeof parseCsv>, keys: readonly string[]) {
  for (const key of keys) {
    const row = table.rowOfKey(key);
    if (row >= 0) yield table.header.map((_, col) => table.cell(row, col));
  }
}

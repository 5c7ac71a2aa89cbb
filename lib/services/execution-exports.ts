import "server-only";
import { nameWithEmail } from "@/lib/auth/actor-label";
import { auditLineChunks } from "@/lib/dataset/audit-line";
import type { CsvTable } from "@/lib/dataset/csv";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import { loadVersionContentById } from "@/lib/db/dataset-versions";
import {
  type ExecutionDetail,
  findExecution,
  iterateExecutionChanges,
  loadExecutionChanges,
} from "@/lib/db/executions";
import { listExecutionIdsForExport } from "@/lib/db/history";
import { actorLabels } from "@/lib/db/users";
import { encodeChanges } from "@/lib/diff/change-columns";
import { csvLine, diffCsvChunks } from "@/lib/diff/diff-csv";
import { AppError } from "@/lib/errors";
import type { HistoryFilters } from "@/lib/schemas/history";

/**
 * What the execution page and the history export download: the audit record as a JSON line (the
 * seed executor's format, `lib/dataset/audit-record.ts`) and the change records as CSV. Both are
 * produced piece by piece for streaming responses.
 */

/** The execution's audit record as one JSON line, in pieces. */
export async function* executionAuditChunks(
  executionId: string,
  tables: TableCache = new TableCache(),
): AsyncGenerator<string> {
  const execution = await findExecution(executionId);
  if (!execution) throw new AppError("not_found", "That execution does not exist.");
  const changes = await loadExecutionChanges(execution.id);
  const input =
    changes.length > 0
      ? await tables.get(execution.baseVersionId, execution.dataset.keyColumn)
      : null;
  yield* auditLineChunks(
    {
      executionId: execution.executionId,
      sourceInstruction: execution.instruction,
      executedAt: execution.finishedAt ?? execution.createdAt,
      status: execution.status,
      error: execution.error,
      operationsCount: execution.operationsCount,
      rowsChanged: execution.rowsChanged,
      keyColumn: execution.dataset.keyColumn,
      input,
      changes,
      planSnapshot: execution.planSnapshot,
    },
    executionFacts(execution),
  );
}

/**
 * Who approved, on which dataset, from which version to which: after the seed format's fields,
 * so a reader of the seed format still reads the line, and an auditor does not need the app.
 */
function executionFacts(execution: ExecutionDetail) {
  return {
    approved_by: execution.approverName,
    approved_by_id: execution.approvedBy,
    override_reason: execution.overrideReason ?? undefined,
    approval_comment: execution.approvalComment ?? undefined,
    source: execution.source,
    dataset: { id: execution.dataset.id, name: execution.dataset.name },
    base_version: execution.baseVersion?.number ?? null,
    result_version: execution.resultVersion?.number ?? null,
  };
}

/** One audit line per execution matching the filters, oldest first. */
export async function* historyExportChunks(
  filters: Omit<HistoryFilters, "sort" | "dir" | "page" | "size">,
): AsyncGenerator<string> {
  const tables = new TableCache();
  for (const id of await listExecutionIdsForExport(filters)) {
    yield* executionAuditChunks(id, tables);
  }
}

/** The columns of the history's CSV export: one line per changed cell, with its execution. */
const HISTORY_CSV_HEADER = [
  "execution_id",
  "instruction",
  "dataset",
  "version_before",
  "version_after",
  "status",
  "author",
  "approver",
  "approved_at",
  "override_reason",
  "approval_comment",
  "row_key",
  "column",
  "before",
  "after",
] as const;

/**
 * The history for the filters as CSV a spreadsheet opens: a line per changed cell (an execution
 * that changed nothing gets one line without a cell), oldest execution first, formula-like cells
 * neutralised. Streamed: change records are read in batches, never all at once.
 */
export async function* historyCsvChunks(
  filters: Omit<HistoryFilters, "sort" | "dir" | "page" | "size">,
): AsyncGenerator<string> {
  yield csvLine(HISTORY_CSV_HEADER);
  for (const id of await listExecutionIdsForExport(filters)) {
    const execution = await findExecution(id);
    if (!execution) continue;
    const authorId = execution.planRevision?.author ?? execution.plan?.createdBy;
    const labels = await actorLabels(authorId ? [authorId] : []);
    const facts = [
      execution.executionId,
      execution.instruction,
      execution.dataset.name,
      String(execution.baseVersion?.number ?? ""),
      String(execution.resultVersion?.number ?? ""),
      execution.status,
      authorId ? nameWithEmail(labels.get(authorId), authorId) : "",
      execution.approverName,
      (execution.finishedAt ?? execution.createdAt).toISOString(),
      execution.overrideReason ?? "",
      execution.approvalComment ?? "",
    ];
    let any = false;
    for await (const batch of iterateExecutionChanges(execution.id, 2_000)) {
      any = true;
      yield batch
        .map((change) =>
          csvLine([...facts, change.rowKey, change.column, change.before, change.after]),
        )
        .join("");
    }
    if (!any) yield csvLine([...facts, "", "", "", ""]);
  }
}

/** The execution's change records as CSV (the diff table's download format), in pieces. */
export async function* executionChangesCsv(execution: ExecutionDetail): AsyncGenerator<string> {
  const changes = await loadExecutionChanges(execution.id);
  const plan = execution.planSnapshot as { operations?: Array<{ operation_id?: unknown }> } | null;
  const operationIds = (plan?.operations ?? [])
    .map((operation) => operation.operation_id)
    .filter((id): id is string => typeof id === "string");
  const encoded = encodeChanges(changes, { operationIds });
  const indices = Array.from({ length: changes.length }, (_, index) => index);
  yield* diffCsvChunks(encoded, indices);
}

/**
 * Parsed input versions, kept while an export walks executions: consecutive failed attempts share
 * a base version, and a version's bytes never change.
 */
class TableCache {
  private readonly tables = new Map<string, CsvTable>();

  async get(versionId: string, keyColumn: string): Promise<CsvTable> {
    const cached = this.tables.get(versionId);
    if (cached) return cached;
    const version = await loadVersionContentById(versionId);
    if (!version) throw new AppError("not_found", "The execution's input version is missing.");
    const table = parseCsvInParallel(version.content, { keyColumn, delimiter: version.delimiter });
    this.tables.clear();
    this.tables.set(versionId, table);
    return table;
  }
}

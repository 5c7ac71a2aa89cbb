import Link from "next/link";
import { formatDateTime } from "@/components/ui/format";
import { asWritten, type WrittenStyle } from "@/lib/dataset/written-style";
import type { RowHistoryEntry } from "@/lib/db/executions";
import { StatusBadge } from "./status-badge";

/** A row's changes grouped by execution, newest first; each cell as before → after. */
export function RowHistoryList({
  changes,
  styles = {},
}: {
  changes: RowHistoryEntry[];
  /** How the file writes the numbers of columns that do not write them plainly, by name. */
  styles?: Record<string, WrittenStyle>;
}) {
  const groups: Array<{ execution: RowHistoryEntry["execution"]; changes: RowHistoryEntry[] }> = [];
  for (const change of changes) {
    const last = groups[groups.length - 1];
    if (last && last.execution.id === change.execution.id) last.changes.push(change);
    else groups.push({ execution: change.execution, changes: [change] });
  }
  return (
    <ol className="divide-y divide-slate-100" data-testid="row-history">
      {groups.map(({ execution, changes: cells }) => (
        <li key={execution.id} className="px-4 py-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="min-w-0">
              <Link
                href={`/executions/${execution.id}`}
                className="font-mono text-sm font-medium text-brand-700 hover:underline"
              >
                {execution.executionId}
              </Link>{" "}
              <StatusBadge status={execution.status} />
              <span className="mt-0.5 block text-sm text-slate-600">{execution.instruction}</span>
            </p>
            <p className="text-sm text-slate-500">
              {formatDateTime(execution.createdAt)}
              {execution.resultVersion ? ` · made v${execution.resultVersion.number}` : ""} ·
              approved by {execution.approverName}
            </p>
          </div>
          <table className="mt-3 w-full max-w-2xl text-left text-sm">
            <caption className="sr-only">Cells changed by {execution.executionId}</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Operation
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Column
                </th>
                <th scope="col" className="py-1 pr-4 font-medium">
                  Before
                </th>
                <th scope="col" className="py-1 font-medium">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {cells.map((cell) => (
                <tr key={cell.seq}>
                  <td className="py-1 pr-4 font-mono text-xs text-slate-600">{cell.operationId}</td>
                  <td className="py-1 pr-4 font-mono text-[13px]">{cell.column}</td>
                  <td className="py-1 pr-4">
                    <span className="rounded bg-red-50 px-1.5 py-0.5 tabular-nums text-red-800 line-through decoration-red-300">
                      {cell.before === "" ? "empty" : asWritten(cell.before, styles[cell.column])}
                    </span>
                  </td>
                  <td className="py-1">
                    <span className="rounded bg-emerald-50 px-1.5 py-0.5 tabular-nums text-emerald-800">
                      {cell.after === "" ? "empty" : asWritten(cell.after, styles[cell.column])}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  );
}

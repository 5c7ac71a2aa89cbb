import Link from "next/link";
import { formatCount, formatDateTime } from "@/components/ui/format";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { HistoryRow } from "@/lib/db/history";
import { type HistoryFilters, type HistorySort, historyHref } from "@/lib/schemas/history";
import { plannerLabel } from "./planner-label";
import { StatusBadge } from "./status-badge";

const COLUMNS: Array<{ label: string; sort?: HistorySort; numeric?: boolean }> = [
  { label: "Time", sort: "time" },
  { label: "Dataset", sort: "dataset" },
  { label: "Instruction" },
  { label: "Planner", sort: "planner" },
  { label: "Rows", sort: "rows", numeric: true },
  { label: "Cells", sort: "cells", numeric: true },
  { label: "Status", sort: "status" },
  { label: "Approver" },
];

/** Executions as a table whose headers sort through the URL. */
export function HistoryTable({ rows, filters }: { rows: HistoryRow[]; filters: HistoryFilters }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <ScrollRegion label="Executions">
        <Table>
          <caption className="sr-only">Executions</caption>
          <TableHead>
            {COLUMNS.map((column) => (
              <HeaderCell
                key={column.label}
                dense
                align={column.numeric ? "right" : "left"}
                className="whitespace-nowrap"
                aria-sort={
                  column.sort && filters.sort === column.sort
                    ? filters.dir === "asc"
                      ? "ascending"
                      : "descending"
                    : undefined
                }
              >
                {column.sort ? (
                  <SortLink column={column.sort} label={column.label} filters={filters} />
                ) : (
                  column.label
                )}
              </HeaderCell>
            ))}
          </TableHead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <HistoryTableRow key={row.id} row={row} />
            ))}
          </tbody>
        </Table>
      </ScrollRegion>
    </div>
  );
}

/** One execution: when (linking to it), the dataset, what was asked, by whom, how much changed. */
function HistoryTableRow({ row }: { row: HistoryRow }) {
  return (
    <tr className="align-top hover:bg-slate-50" data-testid="history-row">
      <td className="whitespace-nowrap px-4 py-3">
        <Link href={`/executions/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {formatDateTime(row.createdAt)}
        </Link>
        <span className="block font-mono text-xs text-slate-500">{row.executionId}</span>
      </td>
      <td className="whitespace-nowrap px-4 py-3">
        <Link href={`/datasets/${row.dataset.id}`} className="text-slate-800 hover:underline">
          {row.dataset.name}
        </Link>
      </td>
      <td className="max-w-sm px-4 py-3 text-slate-700">
        <span className="line-clamp-2" title={row.instruction}>
          {row.instruction || <span className="text-slate-400">No instruction</span>}
        </span>
        {row.error ? (
          <span className="mt-0.5 line-clamp-1 block text-xs text-red-700" title={row.error}>
            {row.error}
          </span>
        ) : null}
        {row.approvalComment ? (
          <span
            className="mt-0.5 line-clamp-1 block text-xs text-slate-600"
            title={row.approvalComment}
            data-testid="history-comment"
          >
            “{row.approvalComment}”
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">
        {plannerLabel(row.planner, row.source)}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{formatCount(row.rowsChanged)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{formatCount(row.cellsChanged)}</td>
      <td className="px-4 py-3">
        <StatusBadge status={row.status} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-slate-600">{row.approverName}</td>
    </tr>
  );
}

function SortLink({
  column,
  label,
  filters,
}: {
  column: HistorySort;
  label: string;
  filters: HistoryFilters;
}) {
  const active = filters.sort === column;
  // Numbers and time read best largest/newest first; names and statuses A→Z.
  const firstDir = column === "time" || column === "rows" || column === "cells" ? "desc" : "asc";
  const dir = active ? (filters.dir === "asc" ? "desc" : "asc") : firstDir;
  return (
    <Link
      href={historyHref(filters, { sort: column, dir, page: 1 })}
      className={`inline-flex items-center gap-1 hover:text-slate-900 ${active ? "text-slate-900" : ""}`}
    >
      {label}
      <span aria-hidden className="text-[10px]">
        {active ? (filters.dir === "asc" ? "▲" : "▼") : ""}
      </span>
    </Link>
  );
}

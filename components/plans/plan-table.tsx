import Link from "next/link";
import { formatCount, formatDateTime, formatRelative } from "@/components/ui/format";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { PlanListRow } from "@/lib/db/plan-list";
import { PlanStatusBadge } from "./plan-status-badge";

/** Plans as a table (a list of cards on a phone): what was asked, where, by whom, how big. */
export function PlanTable({ rows, now }: { rows: PlanListRow[]; now: Date }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <Table>
        <caption className="sr-only">Plans</caption>
        <TableHead className="hidden md:table-header-group">
          <HeaderCell dense>Plan</HeaderCell>
          <HeaderCell dense>Dataset</HeaderCell>
          <HeaderCell dense>Author</HeaderCell>
          <HeaderCell dense>Status</HeaderCell>
          <HeaderCell dense align="right">
            Rows affected
          </HeaderCell>
          <HeaderCell dense>Last change</HeaderCell>
        </TableHead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr
              key={row.id}
              className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 py-3 hover:bg-slate-50 md:table-row md:p-0"
              data-testid="plan-row"
            >
              <td className="col-span-2 md:max-w-md md:px-4 md:py-3">
                <Link
                  href={`/plans/${row.id}`}
                  className="line-clamp-2 font-medium text-brand-700 hover:underline"
                  title={row.instruction}
                >
                  {row.instruction}
                </Link>
              </td>
              <td className="text-slate-700 md:px-4 md:py-3">
                <span className="sr-only md:hidden">Dataset: </span>
                {row.dataset.name}
              </td>
              <td className="text-slate-600 md:px-4 md:py-3">
                <span className="sr-only md:hidden">Author: </span>
                {row.authorName}
              </td>
              <td className="md:px-4 md:py-3">
                <PlanStatusBadge status={row.status} />
              </td>
              <td className="tabular-nums text-slate-700 md:px-4 md:py-3 md:text-right">
                {row.rowsAffected === null ? (
                  <span className="text-slate-400">Not previewed</span>
                ) : (
                  <>
                    {formatCount(row.rowsAffected)}
                    <span className="md:hidden"> rows</span>
                  </>
                )}
              </td>
              <td className="col-span-2 whitespace-nowrap text-xs text-slate-500 md:px-4 md:py-3 md:text-sm">
                <time dateTime={row.updatedAt.toISOString()} title={formatDateTime(row.updatedAt)}>
                  {formatRelative(row.updatedAt, now)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

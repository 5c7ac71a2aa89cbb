import Link from "next/link";
import { formatCount, formatDateTime } from "@/components/ui/format";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { DatasetSummary } from "@/lib/db/datasets";

export function DatasetList({ datasets }: { datasets: DatasetSummary[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <Table>
        <caption className="sr-only">Datasets</caption>
        <TableHead>
          <HeaderCell>Name</HeaderCell>
          <HeaderCell align="right">Rows</HeaderCell>
          <HeaderCell align="right">Columns</HeaderCell>
          <HeaderCell align="right">Version</HeaderCell>
          <HeaderCell>Updated</HeaderCell>
        </TableHead>
        <tbody className="divide-y divide-slate-100">
          {datasets.map((dataset) => (
            <tr key={dataset.id} className="hover:bg-slate-50">
              <td className="px-4 py-3 font-medium">
                <Link
                  href={`/datasets/${dataset.id}`}
                  className="text-brand-700 hover:underline"
                  data-testid="dataset-link"
                >
                  {dataset.name}
                </Link>
              </td>
              <td className="px-4 py-3 text-right tabular-nums" data-testid="dataset-rows">
                {formatCount(dataset.rowCount)}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{dataset.columnCount}</td>
              <td className="px-4 py-3 text-right tabular-nums">
                {dataset.currentVersion === null ? "—" : `v${dataset.currentVersion}`}
              </td>
              <td className="px-4 py-3 text-slate-600">{formatDateTime(dataset.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

import Link from "next/link";
import { formatCount, formatDateTime } from "@/components/ui/format";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { VersionSummary } from "@/lib/db/dataset-versions";
import { DownloadMenu } from "./download-menu";
import { formatBytes } from "./format-bytes";
import { VersionSource } from "./version-source";

/** Every version of a dataset, newest first, with its origin, diff and downloads. */
export function VersionList({
  datasetId,
  versions,
  currentVersionId,
}: {
  datasetId: string;
  versions: VersionSummary[];
  currentVersionId: string | null;
}) {
  return (
    <ScrollRegion label="Versions">
      <Table>
        <caption className="sr-only">Versions</caption>
        <TableHead>
          <HeaderCell dense>Version</HeaderCell>
          <HeaderCell dense>Created by</HeaderCell>
          <HeaderCell dense align="right">
            Rows
          </HeaderCell>
          <HeaderCell dense align="right">
            Size
          </HeaderCell>
          <HeaderCell dense>Time</HeaderCell>
          <HeaderCell dense>
            <span className="sr-only">Actions</span>
          </HeaderCell>
        </TableHead>
        <tbody className="divide-y divide-slate-100">
          {versions.map((version) => (
            <tr key={version.id} data-testid="version-row">
              <th scope="row" className="whitespace-nowrap px-4 py-2 font-medium text-slate-900">
                v{version.number}
                {version.id === currentVersionId ? (
                  <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
                    current
                  </span>
                ) : null}
              </th>
              <td className="max-w-xs px-4 py-2">
                <VersionSource version={version} />
              </td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCount(version.rowCount)}</td>
              <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums text-slate-600">
                {formatBytes(version.byteSize)}
              </td>
              <td className="whitespace-nowrap px-4 py-2 text-slate-600">
                {formatDateTime(version.createdAt)}
              </td>
              <td className="px-4 py-2">
                <div className="flex items-center justify-end gap-2">
                  {version.parentNumber !== null ? (
                    <Link
                      href={`/datasets/${datasetId}/versions/${version.number}`}
                      className="rounded px-2 py-1 text-sm text-brand-700 hover:bg-brand-50"
                    >
                      Diff vs v{version.parentNumber}
                    </Link>
                  ) : null}
                  <DownloadMenu datasetId={datasetId} version={version.number} size="sm" />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

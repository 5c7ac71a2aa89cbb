import { formatCount } from "@/components/ui/format";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { HeaderCell, Table, TableHead } from "@/components/ui/table";
import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";

const TYPE_STYLES: Record<ColumnProfile["type"], string> = {
  number: "bg-sky-50 text-sky-800 ring-sky-200",
  integer: "bg-sky-50 text-sky-800 ring-sky-200",
  boolean: "bg-violet-50 text-violet-800 ring-violet-200",
  date: "bg-amber-50 text-amber-800 ring-amber-200",
  text: "bg-slate-50 text-slate-700 ring-slate-200",
};

function ColumnTypeBadge({ type }: { type: ColumnProfile["type"] }) {
  return (
    <span
      className={`inline-flex rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset ${TYPE_STYLES[type]}`}
    >
      {type}
    </span>
  );
}

function describeValues(column: ColumnProfile): string {
  if (column.distinctValues) {
    const shown = column.distinctValues.slice(0, 6).join(", ");
    const more = column.distinctValues.length - 6;
    return more > 0 ? `${shown} +${more} more` : shown;
  }
  if (column.min !== undefined && column.max !== undefined) return `${column.min} – ${column.max}`;
  return `${formatCount(column.distinctCount)} distinct`;
}

/** The columns of a profile: type, empties, distinct values, and which one is the key. */
export function ColumnProfileTable({
  profile,
  keyColumn = profile.keyColumn,
}: {
  profile: DatasetProfile;
  keyColumn?: string;
}) {
  const roles = new Map<string, string[]>();
  for (const [role, column] of Object.entries(profile.shorthand)) {
    if (role === "key" || !column) continue;
    roles.set(column, [...(roles.get(column) ?? []), role]);
  }
  return (
    <ScrollRegion label="Columns">
      <Table>
        <caption className="sr-only">Columns</caption>
        <TableHead>
          <HeaderCell dense>Column</HeaderCell>
          <HeaderCell dense>Type</HeaderCell>
          <HeaderCell dense align="right">
            Empty
          </HeaderCell>
          <HeaderCell dense align="right">
            Distinct
          </HeaderCell>
          <HeaderCell dense>Values</HeaderCell>
        </TableHead>
        <tbody className="divide-y divide-slate-100">
          {profile.columns.map((column) => (
            <tr key={column.name} data-testid="profile-column">
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                <span className="font-mono text-[13px]">{column.name}</span>
                {column.name === keyColumn ? (
                  <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">
                    key
                  </span>
                ) : null}
                {(roles.get(column.name) ?? []).map((role) => (
                  <span
                    key={role}
                    className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-800"
                  >
                    {role}
                  </span>
                ))}
              </th>
              <td className="px-4 py-2">
                <ColumnTypeBadge type={column.type} />
              </td>
              <td className="px-4 py-2 text-right tabular-nums text-slate-600">
                {formatCount(column.emptyCount)}
              </td>
              <td className="px-4 py-2 text-right tabular-nums text-slate-600">
                {formatCount(column.distinctCount)}
              </td>
              <td
                className="max-w-md truncate px-4 py-2 text-slate-600"
                title={describeValues(column)}
              >
                {describeValues(column)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

/** The first rows of a file, as the profile sampled them. */
export function SampleRowsTable({ profile }: { profile: DatasetProfile }) {
  return (
    <ScrollRegion label="Sample rows">
      <Table>
        <caption className="sr-only">Sample rows</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-500">
          <tr>
            {profile.columns.map((column) => (
              <th key={column.name} scope="col" className="whitespace-nowrap px-4 py-2 font-mono">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {profile.sampleRows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but order
            <tr key={index}>
              {row.map((cell, col) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  key={col}
                  className="max-w-[16rem] truncate whitespace-nowrap px-4 py-2 tabular-nums text-slate-700"
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollRegion>
  );
}

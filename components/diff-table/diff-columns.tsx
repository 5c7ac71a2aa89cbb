"use client";

import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { asWritten, type WrittenStyle, withDecimalMark } from "@/lib/dataset/written-style";
import type { ChangeColumns } from "@/lib/diff/change-columns";
import { formatDelta, formatPercent, numericChange } from "@/lib/diff/numeric-change";
import type { DiffTableFeatures, WindowRow } from "./virtual-table";

/** A row of the "Only changed cells" view: one change. */
export interface ChangeRow extends WindowRow {
  change: number;
}

/** A row of the "Full rows" view: one changed row with its cells before and after. */
export interface FullRow extends WindowRow {
  rowKey: string;
  operations: string[];
  /** Net change per column name (see `netCellChanges`). */
  changed: Map<string, { before: string; after: string }>;
  /** The row's cells before the plan, in header order; undefined when the row is not known. */
  cells: string[] | undefined;
}

const changeHelper = createColumnHelper<DiffTableFeatures, ChangeRow>();
const fullHelper = createColumnHelper<DiffTableFeatures, FullRow>();

export function changeColumns(changes: ChangeColumns) {
  const numeric = (row: ChangeRow) =>
    numericChange(changes.before[row.change], changes.after[row.change]);
  // Values are sorted as the plain numbers they are, and shown as the file writes them.
  const styleOf = (row: ChangeRow) => changes.styles?.[changes.columns[changes.column[row.change]]];
  return changeHelper.columns([
    changeHelper.accessor((row) => changes.rowKeys[changes.row[row.change]], {
      id: "rowKey",
      header: "Row key",
      sortDescFirst: false,
      meta: { min: 140, grow: 1.2 },
      cell: (info) => <span className="font-mono text-slate-900">{info.getValue()}</span>,
    }),
    changeHelper.accessor((row) => changes.operationIds[changes.op[row.change]], {
      id: "operation",
      header: "Operation",
      sortDescFirst: false,
      meta: { min: 120, grow: 0.8 },
      cell: (info) => <OperationBadge id={info.getValue()} />,
    }),
    changeHelper.accessor((row) => changes.columns[changes.column[row.change]], {
      id: "column",
      header: "Column",
      sortDescFirst: false,
      meta: { min: 120, grow: 0.8 },
      cell: (info) => <span className="text-slate-700">{info.getValue()}</span>,
    }),
    changeHelper.accessor((row) => changes.before[row.change], {
      id: "before",
      header: "Before",
      sortDescFirst: false,
      meta: { min: 140, grow: 1.4 },
      cell: (info) => <Before value={asWritten(info.getValue(), styleOf(info.row.original))} />,
    }),
    changeHelper.accessor((row) => changes.after[row.change], {
      id: "after",
      header: "After",
      sortDescFirst: false,
      meta: { min: 140, grow: 1.4 },
      cell: (info) => <After value={asWritten(info.getValue(), styleOf(info.row.original))} />,
    }),
    changeHelper.accessor((row) => numeric(row), {
      id: "change",
      header: "Change",
      sortDescFirst: true,
      meta: { min: 110, align: "right" },
      cell: (info) => {
        const value = info.getValue();
        const text = value && withDecimalMark(formatDelta(value), styleOf(info.row.original));
        return <Signed value={value?.delta} text={text} />;
      },
    }),
    changeHelper.accessor((row) => numeric(row)?.percent, {
      id: "percent",
      header: "%",
      sortDescFirst: true,
      meta: { min: 96, align: "right" },
      cell: (info) => {
        const value = info.getValue();
        const style = styleOf(info.row.original);
        const text = value === undefined ? undefined : withDecimalMark(formatPercent(value), style);
        return <Signed value={value} text={text} />;
      },
    }),
  ]);
}

export function fullRowColumns(
  header: readonly string[],
  keyColumn: string,
  styles: Record<string, WrittenStyle> = {},
) {
  const columns: ColumnDef<DiffTableFeatures, FullRow, unknown>[] = [
    fullHelper.accessor((row) => row.rowKey, {
      id: "rowKey",
      header: keyColumn || "Row key",
      sortDescFirst: false,
      meta: { min: 140, grow: 1 },
      cell: (info) => <span className="font-mono text-slate-900">{info.getValue()}</span>,
    }) as ColumnDef<DiffTableFeatures, FullRow, unknown>,
    fullHelper.display({
      id: "operations",
      header: "Operations",
      meta: { min: 130, grow: 0.6 },
      cell: ({ row }) => {
        const text = row.original.operations.join(", ");
        return (
          <span title={text} className="font-mono text-xs text-brand-700">
            {text}
          </span>
        );
      },
    }),
  ];
  header.forEach((name, at) => {
    if (name === keyColumn) return;
    columns.push(
      fullHelper.display({
        id: `cell:${name}`,
        header: name,
        meta: { min: 150, grow: 1 },
        cell: ({ row }) => (
          <FullRowCell row={row.original} column={name} at={at} style={styles[name]} />
        ),
      }),
    );
  });
  return columns;
}

function FullRowCell({
  row,
  column,
  at,
  style,
}: {
  row: FullRow;
  column: string;
  at: number;
  style: WrittenStyle | undefined;
}) {
  const change = row.changed.get(column);
  if (change) {
    const before = asWritten(change.before, style);
    const after = asWritten(change.after, style);
    return (
      <span title={`${before} → ${after}`}>
        <Before value={before} />
        <span aria-hidden="true" className="px-1 text-slate-400">
          →
        </span>
        <span className="sr-only"> changed to </span>
        <After value={after} />
      </span>
    );
  }
  const cell = row.cells?.[at];
  const value = cell === undefined ? undefined : asWritten(cell, style);
  if (value === undefined) return <span className="text-slate-400">…</span>;
  return (
    <span className={value === "" ? "italic text-slate-400" : "text-slate-600"}>
      {value === "" ? "(empty)" : value}
    </span>
  );
}

function OperationBadge({ id }: { id: string }) {
  return (
    <span className="inline-block max-w-full truncate rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-700 ring-1 ring-brand-100 ring-inset">
      {id}
    </span>
  );
}

// Each cell renders the same elements whatever its value (only text and classes change), so the
// rows the table recycles while scrolling are updated in place.

function Before({ value }: { value: string }) {
  return (
    <del
      title={value}
      className={`rounded bg-red-50 px-1 decoration-red-400/70 line-through ${value === "" ? "italic text-red-400" : "text-red-800"}`}
    >
      {value === "" ? "(empty)" : value}
    </del>
  );
}

function After({ value }: { value: string }) {
  return (
    <ins
      title={value}
      className={`rounded bg-emerald-50 px-1 no-underline ${value === "" ? "italic text-emerald-500" : "text-emerald-800"}`}
    >
      {value === "" ? "(empty)" : value}
    </ins>
  );
}

/** A signed figure, green up, red down; a dash when the change is not numeric. */
function Signed({ value, text }: { value: number | undefined; text: string | undefined }) {
  const tone =
    value === undefined
      ? "text-slate-300"
      : value > 0
        ? "text-emerald-700"
        : value < 0
          ? "text-red-700"
          : "text-slate-500";
  return <span className={tone}>{text ?? "—"}</span>;
}

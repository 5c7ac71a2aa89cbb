"use client";

import {
  type ColumnDef,
  type Header,
  type ReactTable,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useMemo, useRef } from "react";

/** How a column sizes in the CSS grid: at least `min` px, sharing spare width by `grow`. */
export interface DiffColumnMeta {
  min: number;
  grow?: number;
  align?: "right";
}

/**
 * Sorting state and header APIs come from TanStack Table; the sorting itself is done over index
 * arrays (`manualSorting`), so the table only ever holds the rows on screen.
 */
const diffTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: {} as DiffColumnMeta,
});
export type DiffTableFeatures = typeof diffTableFeatures;

/** A row on screen: its position in the filtered, sorted view, and whatever cells it renders. */
export interface WindowRow {
  position: number;
  id: string;
}

export const ROW_HEIGHT = 36;
/** Set (once per table) when the first rows are painted; the diff-ui-300k benchmark reads it. */
export const ROWS_VISIBLE_MARK = "diff-table:rows-visible";

export interface VirtualTableProps<TRow extends WindowRow> {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<DiffTableFeatures, TRow, any>[];
  /** Rows in the view. */
  count: number;
  /** Builds the row at a view position; called only for rows on screen. */
  rowAt: (position: number) => TRow;
  /** Identifies the view (mode, filters, sort): a new one scrolls back to the top. */
  viewKey: string;
  sorting: SortingState;
  onSortingChange: (updater: Updater<SortingState>) => void;
  /** False turns the header's sort buttons off. */
  sortable?: boolean;
  /** Shown in place of the rows when `count` is 0. */
  empty: ReactNode;
}

/**
 * A virtualised table laid out as a CSS grid: a sticky header with sort buttons and only the
 * visible rows, each a fixed `ROW_HEIGHT`, with `aria-rowcount`/`aria-rowindex` telling assistive
 * technology where they sit. The scroll container is focusable, so the keyboard scrolls it with
 * the arrow, Page and Home/End keys.
 */
export function VirtualTable<TRow extends WindowRow>(props: VirtualTableProps<TRow>) {
  const { label, count, empty } = props;
  const { scrollRef, virtualizer, items, table } = useWindowTable(props);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const template = gridTemplate(headers.map((header) => header.column.columnDef.meta));
  const minWidth = headers.reduce(
    (sum, header) => sum + (header.column.columnDef.meta?.min ?? 0),
    0,
  );

  return (
    <section
      ref={scrollRef}
      aria-label={`${label} (scrollable)`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="relative h-[min(70vh,40rem)] overflow-auto bg-white text-sm focus-visible:outline-offset-[-2px]"
    >
      <table aria-label={label} aria-rowcount={count + 1} className="grid" style={{ minWidth }}>
        <thead className="sticky top-0 z-10 grid border-b border-slate-200 bg-slate-50">
          <tr aria-rowindex={1} className="grid" style={{ gridTemplateColumns: template }}>
            {headers.map((header) => (
              <HeaderCell key={header.id} header={header} table={table} />
            ))}
          </tr>
        </thead>
        {count === 0 ? (
          <tbody className="grid">
            <tr className="grid">
              <td colSpan={headers.length}>{empty}</td>
            </tr>
          </tbody>
        ) : (
          <tbody
            // The rows on screen sit in normal flow below a padding as tall as the rows above
            // them: scrolling changes one padding, not a position per row.
            className="block"
            style={{
              height: virtualizer.getTotalSize(),
              paddingTop: items[0]?.start ?? 0,
              boxSizing: "border-box",
            }}
          >
            <WindowRows table={table} template={template} />
          </tbody>
        )}
      </table>
    </section>
  );
}

/**
 * The rows on screen, made for the scroll position, in a TanStack table that holds only them; a
 * new view scrolls back to the top.
 */
function useWindowTable<TRow extends WindowRow>({
  columns,
  count,
  rowAt,
  viewKey,
  sorting,
  onSortingChange,
  sortable = true,
}: VirtualTableProps<TRow>) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // The first paint (before the container is measured) already shows a screenful of rows.
    initialRect: { width: 1024, height: 640 },
  });
  const items = virtualizer.getVirtualItems();
  const data = useMemo(() => items.map((item) => rowAt(item.index)), [items, rowAt]);

  const table = useTable(
    {
      features: diffTableFeatures,
      columns,
      data,
      getRowId: (row) => row.id,
      state: { sorting },
      onSortingChange,
      manualSorting: true,
      enableMultiSort: false,
      enableSorting: sortable,
    },
    (state) => ({ sorting: state.sorting }),
  );

  // A new view (filter, sort, mode) starts at the top; more rows arriving for the same view do not
  // move it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey marks a new view
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [viewKey]);

  useRowsVisibleMark(items.length > 0);
  return { scrollRef, virtualizer, items, table };
}

function WindowRows<TRow extends WindowRow>({
  table,
  template,
}: {
  table: ReactTable<DiffTableFeatures, TRow, { sorting: SortingState }>;
  template: string;
}) {
  return table.getRowModel().rows.map((row, slot) => (
    <tr
      // biome-ignore lint/suspicious/noArrayIndexKey: keyed by slot on screen on purpose: while scrolling, React keeps the same few dozen row elements in place and only updates their text, so the browser restyles almost nothing
      key={slot}
      aria-rowindex={row.original.position + 2}
      className="grid items-center border-b border-slate-100 hover:bg-slate-50"
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT, contain: "strict" }}
    >
      {row.getAllCells().map((cell) => (
        <td
          key={cell.column.id}
          className={`min-w-0 truncate px-3 ${cell.column.columnDef.meta?.align === "right" ? "text-right tabular-nums" : ""}`}
        >
          <table.FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  ));
}

function HeaderCell<TRow extends WindowRow>({
  header,
  table,
}: {
  header: Header<DiffTableFeatures, TRow, unknown>;
  table: ReactTable<DiffTableFeatures, TRow, { sorting: SortingState }>;
}) {
  const column = header.column;
  const sorted = column.getIsSorted();
  const right = column.columnDef.meta?.align === "right";
  const title = <table.FlexRender header={header} />;
  return (
    <th
      scope="col"
      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
      className={`flex min-w-0 items-center px-3 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 ${right ? "justify-end" : ""}`}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className="-mx-1 inline-flex min-w-0 items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-200/60 hover:text-slate-800"
        >
          <span className="truncate">{title}</span>
          <span aria-hidden="true" className={sorted ? "text-brand-600" : "text-slate-300"}>
            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
          </span>
        </button>
      ) : (
        <span className="truncate">{title}</span>
      )}
    </th>
  );
}

function gridTemplate(metas: (DiffColumnMeta | undefined)[]): string {
  return metas
    .map((meta) => {
      const min = meta?.min ?? 120;
      return meta?.grow ? `minmax(${min}px, ${meta.grow}fr)` : `${min}px`;
    })
    .join(" ");
}

function useRowsVisibleMark(visible: boolean) {
  const marked = useRef(false);
  useEffect(() => {
    if (!visible || marked.current) return;
    marked.current = true;
    // After the commit, the next frame is the one that paints the rows.
    requestAnimationFrame(() => performance.mark(ROWS_VISIBLE_MARK));
  }, [visible]);
}

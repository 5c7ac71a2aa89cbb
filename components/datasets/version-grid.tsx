"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { type RefObject, useDeferredValue, useEffect, useId, useRef, useState } from "react";
import { formatCount } from "@/components/ui/format";
import type { ColumnType } from "@/lib/dataset/types";
import type { RowWindow } from "@/lib/services/version-rows";
import { type RowWindowParams, useRowWindow } from "./use-row-window";

const ROW_HEIGHT = 36;
const NUMERIC: ReadonlySet<ColumnType> = new Set(["number", "integer"]);

export interface GridColumn {
  name: string;
  type: ColumnType;
}

/**
 * A version's rows in a virtualized grid. Sorting and filtering run on the server (the version
 * may have a million rows); the grid fetches the rows it is about to show.
 */
export function VersionGrid({
  rowsUrl,
  columns,
  keyColumn,
  rowHistoryPath,
  initial,
}: {
  rowsUrl: string;
  /** `/datasets/<id>/rows/`: key cells link to the row's history under it. */
  rowHistoryPath: string;
  columns: GridColumn[];
  keyColumn: string;
  initial: RowWindow;
}) {
  const [sort, setSort] = useState<RowWindowParams["sort"]>(null);
  const [text, setText] = useState("");
  const [filterColumn, setFilterColumn] = useState<string | null>(null);
  const deferredText = useDebounced(useDeferredValue(text), 250);
  const isInitialQuery = sort === null && deferredText.trim() === "";
  const { total, loading, error, rowAt, ensureRange } = useRowWindow(
    { url: rowsUrl, sort, filter: { text: deferredText, column: filterColumn } },
    isInitialQuery ? initial : null,
  );

  const scroller = useRef<HTMLDivElement>(null);
  const { items, height } = useVisibleRows(scroller, total, ensureRange);
  const template = `4.5rem repeat(${columns.length}, minmax(9rem, 1fr))`;
  const cycleSort = (column: string) => setSort((current) => nextSort(current, column));

  return (
    <div>
      <GridToolbar
        columns={columns}
        text={text}
        onTextChange={setText}
        filterColumn={filterColumn}
        onFilterColumnChange={setFilterColumn}
        status={gridStatus(loading, total, sort)}
      />

      <div ref={scroller} className="relative h-[28rem] overflow-auto text-sm">
        <table
          aria-label="Rows of this version"
          aria-rowcount={total + 1}
          className="grid min-w-max"
        >
          <GridHeader
            columns={columns}
            keyColumn={keyColumn}
            sort={sort}
            template={template}
            onSort={cycleSort}
          />
          <tbody className="relative grid" style={{ height }}>
            {items.map((item) => (
              <GridRow
                key={item.key}
                index={item.index}
                start={item.start}
                row={rowAt(item.index)}
                columns={columns}
                keyColumn={keyColumn}
                rowHistoryPath={rowHistoryPath}
                template={template}
              />
            ))}
          </tbody>
        </table>
        {total === 0 ? (
          <p role="status" className="px-4 py-10 text-center text-sm text-slate-600">
            {loading
              ? `${deferredText.trim() ? "Filtering" : sort ? "Sorting" : "Loading"} rows…`
              : (error ?? "No rows match this filter.")}
          </p>
        ) : null}
      </div>
      {error && total > 0 ? <GridError error={error} /> : null}
    </div>
  );
}

/** The filter box, the column it searches, and how many rows match. */
function GridToolbar({
  columns,
  text,
  onTextChange,
  filterColumn,
  onFilterColumnChange,
  status,
}: {
  columns: GridColumn[];
  text: string;
  onTextChange: (text: string) => void;
  filterColumn: string | null;
  onFilterColumnChange: (column: string | null) => void;
  status: string;
}) {
  const ids = { search: useId(), column: useId() };
  return (
    <div className="flex flex-wrap items-end gap-3 border-b border-slate-100 px-4 py-3">
      <div className="min-w-56 flex-1">
        <label htmlFor={ids.search} className="sr-only">
          Filter rows
        </label>
        <input
          id={ids.search}
          type="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          placeholder="Filter rows…"
          className="block h-9 w-full rounded-md border border-slate-300 px-3 text-sm shadow-sm"
        />
      </div>
      <div>
        <label htmlFor={ids.column} className="sr-only">
          Filter in column
        </label>
        <select
          id={ids.column}
          value={filterColumn ?? ""}
          onChange={(event) => onFilterColumnChange(event.target.value || null)}
          className="block h-9 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm"
        >
          <option value="">In any column</option>
          {columns.map((column) => (
            <option key={column.name} value={column.name}>
              In {column.name}
            </option>
          ))}
        </select>
      </div>
      <p
        className="ml-auto text-sm tabular-nums text-slate-600"
        aria-live="polite"
        data-testid="grid-count"
      >
        {status}
      </p>
    </div>
  );
}

/** The column headers: each sorts by its column (ascending, descending, then not at all). */
function GridHeader({
  columns,
  keyColumn,
  sort,
  template,
  onSort,
}: {
  columns: GridColumn[];
  keyColumn: string;
  sort: RowWindowParams["sort"];
  template: string;
  onSort: (column: string) => void;
}) {
  return (
    <thead className="sticky top-0 z-10 grid">
      <tr
        aria-rowindex={1}
        className="grid border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-500"
        style={{ gridTemplateColumns: template }}
      >
        <th scope="col" className="px-3 py-2 text-right font-medium">
          Line
        </th>
        {columns.map((column) => {
          const direction = sort?.column === column.name ? sort.direction : null;
          return (
            <th
              key={column.name}
              scope="col"
              className="font-medium"
              aria-sort={
                direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none"
              }
            >
              <button
                type="button"
                onClick={() => onSort(column.name)}
                className={`flex w-full items-center gap-1 px-3 py-2 font-mono hover:bg-slate-100 hover:text-slate-900 ${NUMERIC.has(column.type) ? "justify-end" : ""}`}
                title={`Sort by ${column.name}`}
              >
                {column.name}
                {column.name === keyColumn ? (
                  <span className="rounded bg-brand-50 px-1 font-sans text-[10px] text-brand-700">
                    key
                  </span>
                ) : null}
                <span aria-hidden className="w-3 text-slate-400">
                  {direction === "asc" ? "▲" : direction === "desc" ? "▼" : ""}
                </span>
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** One row of the window, or a placeholder while it loads; its key links to the row's history. */
function GridRow({
  index,
  start,
  row,
  columns,
  keyColumn,
  rowHistoryPath,
  template,
}: {
  index: number;
  start: number;
  row: RowWindow["rows"][number] | undefined;
  columns: GridColumn[];
  keyColumn: string;
  rowHistoryPath: string;
  template: string;
}) {
  return (
    <tr
      aria-rowindex={index + 2}
      className="absolute left-0 grid w-full border-b border-slate-100 hover:bg-slate-50"
      style={{
        gridTemplateColumns: template,
        height: ROW_HEIGHT,
        transform: `translateY(${start}px)`,
      }}
      data-testid="grid-row"
    >
      <td className="px-3 py-2 text-right font-mono text-xs tabular-nums text-slate-500">
        {row?.line ?? ""}
      </td>
      {columns.map((column, col) => (
        <td
          key={column.name}
          className={`truncate px-3 py-2 ${NUMERIC.has(column.type) ? "text-right tabular-nums" : ""} ${column.name === keyColumn ? "font-mono text-[13px]" : ""}`}
          title={row?.cells[col]}
        >
          {row && column.name === keyColumn ? (
            <Link
              href={`${rowHistoryPath}${encodeURIComponent(row.cells[col])}`}
              className="text-brand-700 hover:underline"
              title={`History of ${row.cells[col]}`}
            >
              {row.cells[col]}
            </Link>
          ) : row ? (
            row.cells[col]
          ) : (
            <span className="inline-block h-3 w-16 animate-pulse rounded bg-slate-100" />
          )}
        </td>
      ))}
    </tr>
  );
}

/** The rows in view (and a few around them), fetched as they come into view. */
function useVisibleRows(
  scroller: RefObject<HTMLDivElement | null>,
  total: number,
  ensureRange: (first: number, last: number) => void,
) {
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;
  useEffect(() => {
    if (total > 0) ensureRange(first, last);
  }, [first, last, total, ensureRange]);
  return { items, height: virtualizer.getTotalSize() };
}

/** "1,204 rows · sorted by price ↑", or "Loading…". */
function gridStatus(loading: boolean, total: number, sort: RowWindowParams["sort"]): string {
  const rows = loading ? "Loading…" : `${formatCount(total)} row${total === 1 ? "" : "s"}`;
  return sort ? `${rows} · sorted by ${sort.column} ${sort.direction === "asc" ? "↑" : "↓"}` : rows;
}

/** A column's header cycles its sort: ascending, descending, then none. */
function nextSort(current: RowWindowParams["sort"], column: string): RowWindowParams["sort"] {
  if (current?.column !== column) return { column, direction: "asc" };
  return current.direction === "asc" ? { column, direction: "desc" } : null;
}

function GridError({ error }: { error: string }) {
  return (
    <p role="alert" className="border-t border-red-100 bg-red-50 px-4 py-2 text-sm text-red-800">
      {error}
    </p>
  );
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

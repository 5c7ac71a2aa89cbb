"use client";

import { type ReactNode, useCallback, useMemo } from "react";
import { type ChangedRows, rowLookup } from "@/lib/diff/change-columns";
import { netCellChanges } from "./change-view";
import { type ChangeRow, changeColumns, type FullRow, fullRowColumns } from "./diff-columns";
import type { DiffView } from "./use-diff-view";
import { VirtualTable } from "./virtual-table";

/** "Only changed cells": one row per change, in the view's filter and sort. */
export function ChangedCellsTable({
  view,
  empty,
  sortable = true,
}: {
  view: DiffView;
  empty: ReactNode;
  /** False while the change set is still loading: headers do not sort yet. */
  sortable?: boolean;
}) {
  const { changes } = view.index;
  const columns = useMemo(() => changeColumns(changes), [changes]);
  const indices = view.changeIndices;
  const rowAt = useCallback(
    (position: number): ChangeRow => {
      const change = indices[position];
      return { position, id: String(change), change };
    },
    [indices],
  );
  return (
    <VirtualTable
      label="Changes"
      columns={columns}
      count={indices.length}
      rowAt={rowAt}
      viewKey={view.key}
      sorting={view.sorting}
      onSortingChange={view.setSorting}
      sortable={sortable}
      empty={empty}
    />
  );
}

/**
 * "Full rows": one row per changed row, every column of the dataset, changed cells as
 * before → after. Rows appear where their first matching change falls in the view's order.
 */
export function FullRowsTable({
  view,
  rows,
  empty,
}: {
  view: DiffView;
  rows: ChangedRows;
  empty: ReactNode;
}) {
  const { index, rowIndices } = view;
  const columns = useMemo(() => fullRowColumns(rows.header, rows.keyColumn, rows.styles), [rows]);
  const lookup = useMemo(() => rowLookup(rows), [rows]);
  const rowAt = useCallback(
    (position: number): FullRow => {
      const row = rowIndices[position];
      const changed = netCellChanges(index, row);
      const rowKey = index.changes.rowKeys[row];
      const operations = new Set([...changed.values()].flatMap((cell) => cell.operations));
      return {
        position,
        id: `row:${row}`,
        rowKey,
        operations: [...operations],
        changed,
        cells: lookup(rowKey),
      };
    },
    [index, rowIndices, lookup],
  );
  return (
    <VirtualTable
      label="Changes"
      columns={columns}
      count={rowIndices.length}
      rowAt={rowAt}
      viewKey={view.key}
      sorting={view.sorting}
      onSortingChange={view.setSorting}
      empty={empty}
    />
  );
}

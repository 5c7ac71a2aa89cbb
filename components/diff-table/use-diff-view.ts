"use client";

import type { SortingState } from "@tanstack/react-table";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import type { ChangeColumns } from "@/lib/diff/change-columns";
import {
  CHANGE_FIELDS,
  type ChangeField,
  type ChangeFilter,
  ChangeIndex,
  filterChanges,
  groupRows,
  sortChanges,
} from "./change-view";

export type DiffMode = "cells" | "rows";

export interface DiffView {
  index: ChangeIndex;
  mode: DiffMode;
  setMode: (mode: DiffMode) => void;
  filter: ChangeFilter;
  setFilter: (filter: ChangeFilter) => void;
  sorting: SortingState;
  setSorting: (updater: SortingState | ((old: SortingState) => SortingState)) => void;
  /** Change indices that pass the filters, in sort order. */
  changeIndices: Uint32Array;
  /** Row indices (into `changes.rowKeys`) for the "Full rows" mode, in sort order. */
  rowIndices: number[];
  /** True while the text filter is catching up with what was typed. */
  stale: boolean;
  /** Changes when the mode, a filter or the sort does: a new view, which starts at the top. */
  key: string;
}

/**
 * The state behind the diff table: mode, filters and sort, and the resulting index views. Each
 * step is memoised on its own inputs, so toggling a sort does not refilter and scrolling touches
 * none of it. The search text is deferred so typing stays responsive on 300,000 changes.
 */
export function useDiffView(changes: ChangeColumns): DiffView {
  const index = useMemo(() => new ChangeIndex(changes), [changes]);
  usePreparedNumbers(index);
  const [mode, setModeState] = useState<DiffMode>("cells");
  const [filter, setFilter] = useState<ChangeFilter>({});
  const [sorting, setSorting] = useState<SortingState>([]);
  const deferredText = useDeferredValue(filter.text ?? "");

  const filtered = useMemo(
    () =>
      filterChanges(index, {
        operation: filter.operation,
        column: filter.column,
        text: deferredText,
      }),
    [index, filter.operation, filter.column, deferredText],
  );
  const sort = sorting[0];
  const sortId = sort && isChangeField(sort.id) ? sort.id : undefined;
  const sortDesc = sort?.desc ?? false;
  const changeIndices = useMemo(
    () => sortChanges(index, filtered, sortId ? { id: sortId, desc: sortDesc } : undefined),
    [index, filtered, sortId, sortDesc],
  );
  const rowIndices = useMemo(
    () => (mode === "rows" ? groupRows(index, changeIndices) : []),
    [index, mode, changeIndices],
  );

  function setMode(next: DiffMode) {
    setModeState(next);
    // The full-rows view sorts by row key only; any other sort would order rows invisibly.
    if (next === "rows") setSorting((old) => old.filter((entry) => entry.id === "rowKey"));
  }

  return {
    index,
    mode,
    setMode,
    filter,
    setFilter,
    sorting,
    setSorting,
    changeIndices,
    rowIndices,
    stale: deferredText !== (filter.text ?? ""),
    key: JSON.stringify([mode, filter.operation, filter.column, deferredText, sortId, sortDesc]),
  };
}

function isChangeField(id: string): id is ChangeField {
  return (CHANGE_FIELDS as readonly string[]).includes(id);
}

/** Changes whose numbers are worked out between two checks of the idle time left. */
const NUMBERS_PER_STEP = 500;

/**
 * Works out the numeric changes ahead of a sort by change or %, only while the browser is idle
 * (between frames), so it never delays scrolling or typing.
 */
function usePreparedNumbers(index: ChangeIndex) {
  useEffect(() => {
    let cancelled = false;
    let handle: number | undefined;
    const slice = (idle?: IdleDeadline) => {
      if (cancelled) return;
      do {
        if (index.prepareNumbers(NUMBERS_PER_STEP)) return;
      } while (idle && idle.timeRemaining() > 2);
      handle = schedule(slice);
    };
    handle = schedule(slice);
    return () => {
      cancelled = true;
      if (handle !== undefined) cancel(handle);
    };
  }, [index]);
}

const schedule = (work: (idle?: IdleDeadline) => void): number =>
  typeof requestIdleCallback === "function"
    ? requestIdleCallback(work)
    : (setTimeout(work, 0) as unknown as number);

const cancel = (handle: number) =>
  typeof cancelIdleCallback === "function" ? cancelIdleCallback(handle) : clearTimeout(handle);

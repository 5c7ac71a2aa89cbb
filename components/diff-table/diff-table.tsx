"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount } from "@/components/ui/format";
import type { ChangeColumns, ChangedRows } from "@/lib/diff/change-columns";
import { FORMULA_NOTE } from "@/lib/diff/diff-csv";
import { DiffToolbar } from "./diff-toolbar";
import { ChangedCellsTable, FullRowsTable } from "./diff-views";
import { type RowsState, useChangedRows } from "./use-changed-rows";
import { useCsvDownload } from "./use-csv-download";
import { type DiffMode, useDiffView } from "./use-diff-view";

export interface DiffTableProps {
  /** The change set, columnar (`encodeChanges`). */
  changes: ChangeColumns;
  /**
   * The changed rows' other cells (`pickChangedRows`), for the "Full rows" view. Without `rows`
   * or `loadRows` the table shows changed cells only and hides the switch.
   */
  rows?: ChangedRows;
  /** Loads `rows` the first time "Full rows" is chosen (see `RemoteDiffTable`). */
  loadRows?: () => Promise<ChangedRows>;
  /** Name of the downloaded CSV. */
  fileName?: string;
  /**
   * Set while `changes` holds only the first of this many changes (the rest are loading): the
   * rows are shown, but filters, sorting and downloads wait for the whole set.
   */
  loadingTotal?: number;
}

/**
 * Every changed cell of a preview or an execution: filter by operation, column or text, sort any
 * column, switch between changed cells and full rows, download what is shown as CSV. Holds
 * 300,000 changes as flat arrays and renders only the rows on screen.
 */
export function DiffTable({
  changes,
  rows,
  loadRows,
  fileName = "changes.csv",
  loadingTotal,
}: DiffTableProps) {
  const view = useDiffView(changes);
  const fullRows = useChangedRows(rows, loadRows);
  const csv = useCsvDownload(changes, fileName);
  const partial = loadingTotal !== undefined;
  const total = partial ? loadingTotal : view.index.count;

  if (total === 0) {
    return (
      <EmptyState title="This plan changes nothing">
        No cell would get a different value. Check the operations' filters and the values they
        write.
      </EmptyState>
    );
  }

  const canShowRows = fullRows.state.status !== "unavailable";
  const mode: DiffMode = canShowRows ? view.mode : "cells";
  const filtered = Boolean(view.filter.operation || view.filter.column || view.filter.text);
  const shown = view.changeIndices.length;
  const empty = (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center text-sm text-slate-600">
      <p>No changes match these filters.</p>
      <Button variant="secondary" size="sm" onClick={() => view.setFilter({})}>
        Clear filters
      </Button>
    </div>
  );

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <DiffToolbar
        operationIds={changes.operationIds}
        columns={changes.columns}
        filter={view.filter}
        onFilterChange={view.setFilter}
        mode={canShowRows ? mode : undefined}
        onModeChange={(next) => {
          if (next === "rows") fullRows.load();
          view.setMode(next);
        }}
        onDownload={() => csv.download(view.changeIndices)}
        downloadProgress={csv.progress}
        downloadDisabled={shown === 0}
        disabled={partial}
      />
      {mode === "cells" ? (
        <ChangedCellsTable view={view} empty={empty} sortable={!partial} />
      ) : fullRows.state.status === "ready" ? (
        <FullRowsTable view={view} rows={fullRows.state.rows} empty={empty} />
      ) : (
        <RowsPlaceholder state={fullRows.state} onRetry={fullRows.load} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 border-t border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600">
        <p aria-live="polite" data-testid="diff-count" className={view.stale ? "opacity-60" : ""}>
          {partial
            ? `Showing the first ${formatCount(shown)} of ${formatCount(total)} changes; loading the rest…`
            : mode === "rows"
              ? `Showing ${formatCount(view.rowIndices.length)} rows with ${formatCount(shown)} of ${formatCount(total)} changes`
              : `Showing ${formatCount(shown)} of ${formatCount(total)} changes`}
          {filtered ? " (filtered)" : ""}
        </p>
        <p className="max-w-2xl">CSV export: {FORMULA_NOTE}</p>
      </div>
    </div>
  );
}

function RowsPlaceholder({ state, onRetry }: { state: RowsState; onRetry: () => void }) {
  return (
    <div className="flex h-[min(70vh,40rem)] flex-col items-center justify-center gap-3 text-sm text-slate-600">
      {state.status === "error" ? (
        <>
          <p role="alert">The full rows could not be loaded: {state.error}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </>
      ) : (
        <p role="status">Loading the changed rows…</p>
      )}
    </div>
  );
}

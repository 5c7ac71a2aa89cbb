"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { ChangeFilter } from "./change-view";
import type { DiffMode } from "./use-diff-view";

export interface DiffToolbarProps {
  operationIds: readonly string[];
  columns: readonly string[];
  filter: ChangeFilter;
  onFilterChange: (filter: ChangeFilter) => void;
  /** Undefined when full rows are not available: the mode switch is hidden. */
  mode: DiffMode | undefined;
  onModeChange: (mode: DiffMode) => void;
  onDownload: () => void;
  /** 0–1 while the CSV is being prepared. */
  downloadProgress: number | undefined;
  downloadDisabled: boolean;
  /** Every control off, e.g. while the change set is still loading. */
  disabled?: boolean;
}

const LABEL = "text-xs font-medium text-slate-600";
const FIELD =
  "h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-sm focus-visible:border-brand-500";

export function DiffToolbar({
  operationIds,
  columns,
  filter,
  onFilterChange,
  mode,
  onModeChange,
  onDownload,
  downloadProgress,
  downloadDisabled,
  disabled = false,
}: DiffToolbarProps) {
  const id = useId();
  const preparing = downloadProgress !== undefined;
  return (
    <fieldset
      disabled={disabled}
      className="flex min-w-0 flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 disabled:opacity-60"
    >
      <div className="flex flex-col gap-1">
        <label className={LABEL} htmlFor={`${id}-op`}>
          Operation
        </label>
        <select
          id={`${id}-op`}
          className={`${FIELD} min-w-36`}
          value={filter.operation ?? ""}
          onChange={(event) =>
            onFilterChange({ ...filter, operation: event.target.value || undefined })
          }
        >
          <option value="">All operations</option>
          {operationIds.map((operation) => (
            <option key={operation} value={operation}>
              {operation}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label className={LABEL} htmlFor={`${id}-col`}>
          Column
        </label>
        <select
          id={`${id}-col`}
          className={`${FIELD} min-w-36`}
          value={filter.column ?? ""}
          onChange={(event) =>
            onFilterChange({ ...filter, column: event.target.value || undefined })
          }
        >
          <option value="">All columns</option>
          {columns.map((column) => (
            <option key={column} value={column}>
              {column}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label className={LABEL} htmlFor={`${id}-q`}>
          Search changes
        </label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Row key or value"
          className={`${FIELD} w-full`}
          value={filter.text ?? ""}
          onChange={(event) => onFilterChange({ ...filter, text: event.target.value })}
        />
      </div>
      {mode ? (
        <div className="flex h-9 items-center gap-2">
          <button
            type="button"
            role="switch"
            aria-checked={mode === "cells"}
            aria-labelledby={`${id}-mode`}
            onClick={() => onModeChange(mode === "cells" ? "rows" : "cells")}
            className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors ${mode === "cells" ? "bg-brand-600" : "bg-slate-300"}`}
          >
            <span
              aria-hidden="true"
              className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${mode === "cells" ? "translate-x-4.5" : "translate-x-0.5"}`}
            />
          </button>
          <span id={`${id}-mode`} className="text-sm text-slate-700">
            Only changed cells
          </span>
        </div>
      ) : null}
      <Button
        variant="secondary"
        onClick={onDownload}
        disabled={downloadDisabled || preparing}
        aria-describedby={`${id}-csv-note`}
      >
        {preparing ? `Preparing CSV… ${Math.round(downloadProgress * 100)}%` : "Download CSV"}
      </Button>
      <span id={`${id}-csv-note`} hidden>
        Downloads the changes shown, as filtered and sorted.
      </span>
    </fieldset>
  );
}

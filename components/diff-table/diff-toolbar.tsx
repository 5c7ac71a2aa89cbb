"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
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
      <SelectField
        compact
        label="Operation"
        className="min-w-36"
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
      </SelectField>
      <SelectField
        compact
        label="Column"
        className="min-w-36"
        value={filter.column ?? ""}
        onChange={(event) => onFilterChange({ ...filter, column: event.target.value || undefined })}
      >
        <option value="">All columns</option>
        {columns.map((column) => (
          <option key={column} value={column}>
            {column}
          </option>
        ))}
      </SelectField>
      <TextField
        compact
        label="Search changes"
        className="min-w-48 flex-1"
        type="search"
        placeholder="Row key or value"
        value={filter.text ?? ""}
        onChange={(event) => onFilterChange({ ...filter, text: event.target.value })}
      />
      {mode ? <OnlyChangedSwitch mode={mode} onChange={onModeChange} /> : null}
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

/** "Only changed cells": whole rows or just the cells that changed. */
function OnlyChangedSwitch({
  mode,
  onChange,
}: {
  mode: NonNullable<DiffToolbarProps["mode"]>;
  onChange: DiffToolbarProps["onModeChange"];
}) {
  const labelId = useId();
  return (
    <div className="flex h-9 items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={mode === "cells"}
        aria-labelledby={labelId}
        onClick={() => onChange(mode === "cells" ? "rows" : "cells")}
        className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors ${mode === "cells" ? "bg-brand-600" : "bg-slate-300"}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${mode === "cells" ? "translate-x-4.5" : "translate-x-0.5"}`}
        />
      </button>
      <span id={labelId} className="text-sm text-slate-700">
        Only changed cells
      </span>
    </div>
  );
}

"use client";

import Link from "next/link";
import { DatasetFilter, FilterBar, InstructionFilter } from "@/components/filters/filter-bar";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import {
  HISTORY_STATUSES,
  type HistoryFilters,
  historyFiltersSchema,
  historyHref,
} from "@/lib/schemas/history";
import { plannerLabel } from "./planner-label";

/**
 * The history filters. Submitting puts them in the URL (parsed by the same schema on the server),
 * so the view survives a reload and can be shared; sort and page size carry over.
 */
export function HistoryFilterForm({
  filters,
  datasets,
  planners,
}: {
  filters: HistoryFilters;
  datasets: Array<{ id: string; name: string }>;
  planners: string[];
}) {
  const hrefFor = (form: Record<string, string>) => {
    const next = historyFiltersSchema.parse({
      ...form,
      sort: filters.sort,
      dir: filters.dir,
      size: filters.size,
    });
    return historyHref(next);
  };

  return (
    <FilterBar
      label="Filter executions"
      hrefFor={hrefFor}
      footer={(pending) => (
        <div className="flex items-end gap-2 lg:col-span-2 lg:justify-end">
          <Link
            href="/history"
            className="inline-flex h-9 items-center rounded-md px-3 text-sm text-slate-700 hover:bg-slate-100"
          >
            Clear
          </Link>
          <Button type="submit" disabled={pending}>
            {pending ? "Filtering…" : "Apply filters"}
          </Button>
        </div>
      )}
    >
      <InstructionFilter value={filters.q} />
      <TextField
        compact
        label="Row key changed"
        name="key"
        type="search"
        defaultValue={filters.key ?? ""}
        placeholder="e.g. A101"
        inputClassName="font-mono"
      />
      <DatasetFilter datasets={datasets} value={filters.dataset} />
      <StatusAndPlanner status={filters.status} planner={filters.planner} planners={planners} />
      <TextField
        compact
        label="From (UTC)"
        name="from"
        type="date"
        defaultValue={filters.from ?? ""}
      />
      <TextField
        compact
        label="To (UTC, inclusive)"
        name="to"
        type="date"
        defaultValue={filters.to ?? ""}
      />
    </FilterBar>
  );
}

/** How an execution ended, and which planner drafted its plan. */
function StatusAndPlanner({
  status,
  planner,
  planners,
}: {
  status: string | undefined;
  planner: string | undefined;
  planners: string[];
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <SelectField compact label="Status" name="status" defaultValue={status ?? ""}>
        <option value="">Any</option>
        {HISTORY_STATUSES.map((option) => (
          <option key={option} value={option}>
            {option[0].toUpperCase() + option.slice(1)}
          </option>
        ))}
      </SelectField>
      <SelectField compact label="Planner" name="planner" defaultValue={planner ?? ""}>
        <option value="">Any</option>
        {planners.map((option) => (
          <option key={option} value={option}>
            {plannerLabel(option)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

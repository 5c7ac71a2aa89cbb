"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useId, useTransition } from "react";
import { Button } from "@/components/ui/button";
import {
  HISTORY_STATUSES,
  type HistoryFilters,
  historyFiltersSchema,
  historyHref,
} from "@/lib/schemas/history";
import { plannerLabel } from "./planner-label";

const fieldClass =
  "mt-1 block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm";
const labelClass = "block text-xs font-medium text-slate-600";

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
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const next = historyFiltersSchema.parse({
      ...form,
      sort: filters.sort,
      dir: filters.dir,
      size: filters.size,
    });
    startTransition(() => router.push(historyHref(next)));
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Filter executions"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      <div>
        <label htmlFor={field("q")} className={labelClass}>
          Instruction contains
        </label>
        <input
          id={field("q")}
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="e.g. fitness"
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={field("key")} className={labelClass}>
          Row key changed
        </label>
        <input
          id={field("key")}
          name="key"
          type="search"
          defaultValue={filters.key ?? ""}
          placeholder="e.g. A101"
          className={`${fieldClass} font-mono`}
        />
      </div>
      <div>
        <label htmlFor={field("dataset")} className={labelClass}>
          Dataset
        </label>
        <select
          id={field("dataset")}
          name="dataset"
          defaultValue={filters.dataset ?? ""}
          className={fieldClass}
        >
          <option value="">All datasets</option>
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={field("status")} className={labelClass}>
            Status
          </label>
          <select
            id={field("status")}
            name="status"
            defaultValue={filters.status ?? ""}
            className={fieldClass}
          >
            <option value="">Any</option>
            {HISTORY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status[0].toUpperCase() + status.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={field("planner")} className={labelClass}>
            Planner
          </label>
          <select
            id={field("planner")}
            name="planner"
            defaultValue={filters.planner ?? ""}
            className={fieldClass}
          >
            <option value="">Any</option>
            {planners.map((planner) => (
              <option key={planner} value={planner}>
                {plannerLabel(planner)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={field("from")} className={labelClass}>
          From (UTC)
        </label>
        <input
          id={field("from")}
          name="from"
          type="date"
          defaultValue={filters.from ?? ""}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={field("to")} className={labelClass}>
          To (UTC, inclusive)
        </label>
        <input
          id={field("to")}
          name="to"
          type="date"
          defaultValue={filters.to ?? ""}
          className={fieldClass}
        />
      </div>
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
    </form>
  );
}

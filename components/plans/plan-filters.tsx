"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useId, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/ui/field";
import { type PlanFilters, planFiltersSchema, plansHref } from "@/lib/schemas/plans";

const labelClass = "block text-xs font-medium text-slate-600";

/**
 * The plans filters. Submitting puts them in the URL (parsed by the same schema on the server),
 * so the view survives a reload and can be shared; the tab and sort carry over.
 */
export function PlanFilterForm({
  filters,
  datasets,
  authors,
  mayApprove,
}: {
  filters: PlanFilters;
  datasets: Array<{ id: string; name: string }>;
  authors: Array<{ id: string; name: string }>;
  mayApprove: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const next = planFiltersSchema.parse({
      ...form,
      tab: form.waiting ? "awaiting" : filters.tab,
      sort: filters.sort,
      dir: filters.dir,
      size: filters.size,
    });
    startTransition(() => router.push(plansHref(next)));
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label="Filter plans"
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
          className={inputClasses}
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
          className={inputClasses}
        >
          <option value="">All datasets</option>
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={field("author")} className={labelClass}>
          Author
        </label>
        <select
          id={field("author")}
          name="author"
          defaultValue={filters.author ?? ""}
          className={inputClasses}
        >
          <option value="">Anyone</option>
          {authors.map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col justify-end gap-1.5 text-sm text-slate-700">
        <legend className="sr-only">Whose plans</legend>
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            name="mine"
            value="1"
            defaultChecked={filters.mine === true}
            className="size-4 rounded border-slate-300"
          />
          Only plans I wrote
        </label>
        {mayApprove ? (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              name="waiting"
              value="1"
              defaultChecked={filters.waiting === true}
              className="size-4 rounded border-slate-300"
            />
            Only plans waiting for me
          </label>
        ) : null}
      </fieldset>
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit" disabled={pending}>
          {pending ? "Filtering…" : "Apply filters"}
        </Button>
        <Link
          href={plansHref(filters, {
            dataset: undefined,
            author: undefined,
            mine: undefined,
            waiting: undefined,
            q: undefined,
          })}
          className="text-sm text-slate-600 hover:underline"
        >
          Clear filters
        </Link>
      </div>
    </form>
  );
}

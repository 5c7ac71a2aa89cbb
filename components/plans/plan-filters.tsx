"use client";

import Link from "next/link";
import { DatasetFilter, FilterBar, InstructionFilter } from "@/components/filters/filter-bar";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { type PlanFilters, planFiltersSchema, plansHref } from "@/lib/schemas/plans";

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
  const hrefFor = (form: Record<string, string>) => {
    const next = planFiltersSchema.parse({
      ...form,
      tab: form.waiting ? "awaiting" : filters.tab,
      sort: filters.sort,
      dir: filters.dir,
      size: filters.size,
    });
    return plansHref(next);
  };

  return (
    <FilterBar
      label="Filter plans"
      hrefFor={hrefFor}
      footer={(pending) => (
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
      )}
    >
      <InstructionFilter value={filters.q} />
      <DatasetFilter datasets={datasets} value={filters.dataset} />
      <SelectField compact label="Author" name="author" defaultValue={filters.author ?? ""}>
        <option value="">Anyone</option>
        {authors.map((author) => (
          <option key={author.id} value={author.id}>
            {author.name}
          </option>
        ))}
      </SelectField>
      <WhosePlans mine={filters.mine} waiting={filters.waiting} mayApprove={mayApprove} />
    </FilterBar>
  );
}

/** Only one's own plans, or (for an approver) the ones waiting for them. */
function WhosePlans({
  mine,
  waiting,
  mayApprove,
}: {
  mine: boolean | undefined;
  waiting: boolean | undefined;
  mayApprove: boolean;
}) {
  return (
    <fieldset className="flex flex-col justify-end gap-1.5 text-sm text-slate-700">
      <legend className="sr-only">Whose plans</legend>
      <label className="inline-flex items-center gap-2">
        <input
          type="checkbox"
          name="mine"
          value="1"
          defaultChecked={mine === true}
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
            defaultChecked={waiting === true}
            className="size-4 rounded border-slate-300"
          />
          Only plans waiting for me
        </label>
      ) : null}
    </fieldset>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useTransition } from "react";
import { SelectField, TextField } from "@/components/ui/field";

/**
 * A bar of list filters whose submission goes into the URL (`hrefFor` parses the form with the
 * page's schema), so a filtered view survives a reload and can be shared. The footer gets
 * whether the new view is loading.
 */
export function FilterBar({
  label,
  hrefFor,
  children,
  footer,
}: {
  label: string;
  hrefFor: (form: Record<string, string>) => string;
  children: ReactNode;
  footer: (pending: boolean) => ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = Object.fromEntries(new FormData(event.currentTarget)) as Record<
          string,
          string
        >;
        const href = hrefFor(form);
        startTransition(() => router.push(href));
      }}
      aria-label={label}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
    >
      {children}
      {footer(pending)}
    </form>
  );
}

/** "Dataset: All datasets / …", the filter both lists have. */
export function DatasetFilter({
  datasets,
  value,
}: {
  datasets: Array<{ id: string; name: string }>;
  value: string | undefined;
}) {
  return (
    <SelectField compact label="Dataset" name="dataset" defaultValue={value ?? ""}>
      <option value="">All datasets</option>
      {datasets.map((dataset) => (
        <option key={dataset.id} value={dataset.id}>
          {dataset.name}
        </option>
      ))}
    </SelectField>
  );
}

/** "Instruction contains", the search both lists have. */
export function InstructionFilter({ value }: { value: string | undefined }) {
  return (
    <TextField
      compact
      label="Instruction contains"
      name="q"
      type="search"
      defaultValue={value ?? ""}
      placeholder="e.g. fitness"
    />
  );
}

"use client";

import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import type { Top } from "@/lib/plan/schema";
import { ChoiceField } from "./choice-field";
import { usePlanFormActions } from "./editor-context";
import { Field, IssueList } from "./field";
import { fieldId } from "./field-paths";
import { CloseIcon } from "./icons";
import { ColumnSelect, NumberInput } from "./inputs";

/**
 * "Only the N highest or lowest": a part of the filter applied after its conditions, overall or
 * in each group, with its tie rule said in words.
 */

/** A first top/bottom N for a new filter: the 10 lowest of the first number column. */
export function newTop(profile: DatasetProfile): Top {
  const column =
    profile.columns.find((c) => c.type === "number" || c.type === "integer") ?? profile.columns[0];
  return { n: 10, by: column?.name ?? "", order: "lowest", ties: "all" };
}

export function TopEditor({ path, onRemove }: { path: PlanPath; onRemove: () => void }) {
  const { profile, readOnly } = usePlanFormActions();
  const ordered = profile.columns.filter(
    (c) => c.type === "number" || c.type === "integer" || c.type === "date",
  );
  return (
    <div
      id={fieldId(path)}
      tabIndex={-1}
      className="rounded-md border border-slate-200 bg-slate-50/60 p-3 focus:outline-none"
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <p className="text-xs text-slate-600">
          <span className="font-semibold text-slate-800">Only the highest or lowest</span> — of the
          rows chosen above
        </p>
        {readOnly ? null : (
          <button
            type="button"
            aria-label="Remove highest or lowest"
            onClick={onRemove}
            className="grid size-7 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-700"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <IssueList path={path} />
      <div className="grid gap-3 sm:grid-cols-5">
        <Field path={[...path, "n"]} label="How many">
          {(control, field) => (
            <NumberInput {...control} value={field.value} onCommit={field.onChange} />
          )}
        </Field>
        <ChoiceField
          path={[...path, "order"]}
          label="Which"
          options={[
            ["lowest", "Lowest"],
            ["highest", "Highest"],
          ]}
        />
        <Field path={[...path, "by"]} label="By column">
          {(control, field) => (
            <ColumnSelect
              {...control}
              value={field.value}
              columns={ordered}
              onChange={(name) => field.onChange(name ?? "")}
            />
          )}
        </Field>
        <Field path={[...path, "per"]} label="In each">
          {(control, field) => (
            <ColumnSelect
              {...control}
              value={field.value}
              columns={profile.columns}
              emptyLabel="Overall"
              onChange={field.onChange}
            />
          )}
        </Field>
        <ChoiceField
          path={[...path, "ties"]}
          label="Ties"
          options={[
            ["all", "Keep every tie"],
            ["first", "First in the file"],
          ]}
        />
      </div>
    </div>
  );
}

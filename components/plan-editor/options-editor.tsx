"use client";

import type { PlanPath } from "@/lib/plan/issues";
import type { Options } from "@/lib/plan/schema";
import { usePlanAt } from "./editor-context";
import { Field, IssueList } from "./field";
import { fieldId } from "./field-paths";
import { NumberInput } from "./inputs";

const OPTION_FIELDS: { key: keyof Options; label: string; hint?: string }[] = [
  { key: "round_to", label: "Round to decimals", hint: "0–6; empty keeps the column’s own" },
  { key: "min_value", label: "Never below" },
  { key: "max_value", label: "Never above" },
  { key: "ending", label: "Price ending", hint: "e.g. 0.99" },
];

const ALIAS_FIELDS: { key: keyof Options; label: string; hint?: string }[] = [
  { key: "min_price", label: "Never below (seed name min_price)" },
  { key: "max_price", label: "Never above (seed name max_price)" },
];

/** Rounding, clamps and price ending; an emptied options object disappears from the plan. */
export function OptionsEditor({ path }: { path: PlanPath }) {
  // A cleared option leaves the draft, and `options` with it once nothing is set (see writeAt).
  const options: Options | undefined = usePlanAt(path);
  const aliases = ALIAS_FIELDS.filter((field) => options?.[field.key] !== undefined);
  return (
    <section
      id={fieldId(path)}
      tabIndex={-1}
      aria-label="Options"
      className="space-y-3 focus:outline-none"
    >
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Options</h4>
      <IssueList path={path} />
      <div className="grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
        {[...OPTION_FIELDS, ...aliases].map((field) => (
          <Field key={field.key} path={[...path, field.key]} label={field.label} hint={field.hint}>
            {(control, binding) => (
              <NumberInput
                {...control}
                value={binding.value}
                onCommit={binding.onChange}
                placeholder="—"
              />
            )}
          </Field>
        ))}
      </div>
    </section>
  );
}

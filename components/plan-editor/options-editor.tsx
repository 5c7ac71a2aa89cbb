"use client";

import type { PlanPath } from "@/lib/plan/issues";
import type { Options } from "@/lib/plan/schema";
import { getIn, pruneEmpty, setIn } from "./draft-edits";
import { useDraftActions } from "./editor-context";
import { Field, IssueList } from "./field";
import { fieldId } from "./field-paths";
import { NumberInput } from "./inputs";

const OPTION_FIELDS: { key: keyof Options; label: string; hint?: string }[] = [
  { key: "round_to", label: "Round to decimals", hint: "0–6, default 2" },
  { key: "min_value", label: "Never below" },
  { key: "max_value", label: "Never above" },
  { key: "ending", label: "Price ending", hint: "e.g. 0.99" },
];

const ALIAS_FIELDS: { key: keyof Options; label: string; hint?: string }[] = [
  { key: "min_price", label: "Never below (seed name min_price)" },
  { key: "max_price", label: "Never above (seed name max_price)" },
];

/** Rounding, clamps and price ending; an emptied options object disappears from the plan. */
export function OptionsEditor({ options, path }: { options: Options | undefined; path: PlanPath }) {
  const { edit } = useDraftActions();
  const set = (key: keyof Options, value: unknown) =>
    edit((plan) => {
      const next = setIn(plan, [...path, key], value);
      const pruned = pruneEmpty(getIn(next, path) as Options | undefined);
      return pruned === undefined ? setIn(next, path, undefined) : next;
    });
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
            {(control) => (
              <NumberInput
                {...control}
                value={options?.[field.key]}
                onCommit={(value) => set(field.key, value)}
                placeholder="—"
              />
            )}
          </Field>
        ))}
      </div>
    </section>
  );
}

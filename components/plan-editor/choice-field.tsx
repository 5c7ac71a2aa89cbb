"use client";

import type { ReactNode } from "react";
import type { PlanPath } from "@/lib/plan/issues";
import { Field } from "./field";
import { SelectInput } from "./inputs";
import { formatValue } from "./value-codec";

/** A labelled choice among fixed options for the plan value at `path`. */
export function ChoiceField({
  path,
  label,
  options,
  className,
}: {
  path: PlanPath;
  label: ReactNode;
  options: ReadonlyArray<readonly [string, string]>;
  className?: string;
}) {
  return (
    <Field path={path} label={label} className={className}>
      {(control, field) => (
        <SelectInput
          {...control}
          value={formatValue(field.value)}
          options={options}
          onChange={field.onChange}
        />
      )}
    </Field>
  );
}

"use client";

import type { ColumnProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import {
  type Action,
  COMPUTED_ACTION_TYPES,
  type ComputedActionType,
  TEXT_CASES,
  type TextCase,
} from "@/lib/plan/schema";
import { Field, inputClass } from "./field";
import { fieldId } from "./field-paths";
import { ColumnSelect, ScalarInput, SelectInput, TextInput } from "./inputs";
import { formatValue } from "./value-codec";

/**
 * The fields of the actions that compute a cell from the row (an expression, a template) or
 * rewrite its text. Validation runs as the text is typed, so a syntax error or an unknown column
 * shows under the field at once.
 */

const CASE_LABELS: Record<TextCase, string> = {
  upper: "CAPITALS",
  lower: "small letters",
  title: "Each Word Capitalised",
};

type ComputedAction = Extract<Action, { type: ComputedActionType }>;

export function isComputedAction(action: Action): action is ComputedAction {
  return (COMPUTED_ACTION_TYPES as readonly string[]).includes(action.type);
}

export function ComputedActionFields({
  path,
  action,
  columns,
}: {
  path: PlanPath;
  action: ComputedAction;
  columns: readonly ColumnProfile[];
}) {
  const textColumns = columns.filter((column) => column.type === "text");
  const target = (label: string, choices: readonly ColumnProfile[]) => (
    <Field path={[...path, "column"]} label={label}>
      {(control, field) => (
        <ColumnSelect
          {...control}
          value={field.value}
          columns={choices}
          onChange={(name) => field.onChange(name ?? "")}
        />
      )}
    </Field>
  );
  const text = (key: string, label: string, hint?: string, placeholder?: string) => (
    <Field path={[...path, key]} label={label} hint={hint}>
      {(control, field) => (
        <TextInput
          {...control}
          value={field.value}
          placeholder={placeholder}
          onCommit={field.onChange}
        />
      )}
    </Field>
  );

  switch (action.type) {
    case "set_expression":
      return (
        <>
          {target("Column to set", columns)}
          <Field
            path={[...path, "expression"]}
            label="Expression"
            hint="Columns, numbers, + − × ÷, round, floor, ceil, min, max, abs, coalesce. A lone column copies it."
            className="sm:col-span-2"
          >
            {(control, field) => (
              <div className="flex flex-col gap-2 sm:flex-row">
                <TextInput
                  {...control}
                  value={field.value}
                  placeholder="cost * 1.4"
                  onCommit={field.onChange}
                  className="font-mono"
                />
                <InsertColumn
                  id={`${fieldId(path)}--insert`}
                  columns={columns}
                  onInsert={(name) =>
                    field.onChange(`${formatValue(field.value)} ${columnReference(name)}`.trim())
                  }
                />
              </div>
            )}
          </Field>
          <Field
            path={[...path, "skip_uncomputable"]}
            label="Rows it cannot compute"
            className="sm:col-span-3"
          >
            {(control, field) => (
              <SelectInput
                {...control}
                value={field.value === true ? "skip" : "stop"}
                options={[
                  ["stop", "Stop and list them (nothing is applied)"],
                  ["skip", "Leave them as they are"],
                ]}
                onChange={(choice) => field.onChange(choice === "skip" ? true : undefined)}
                className="sm:max-w-md"
              />
            )}
          </Field>
        </>
      );
    case "replace_text":
      return (
        <>
          {target("Text column", textColumns)}
          {text("find", "Find", "Exact text, not a pattern")}
          {text("replace", "Replace with", "Leave empty to remove it")}
          <Field path={[...path, "ignore_case"]} label="Capitals" className="sm:col-span-3">
            {(control, field) => (
              <SelectInput
                {...control}
                value={field.value === true ? "any" : "exact"}
                options={[
                  ["exact", "Must match exactly"],
                  ["any", "Any capitals (Ltd, LTD, ltd)"],
                ]}
                onChange={(choice) => field.onChange(choice === "any" ? true : undefined)}
                className="sm:max-w-xs"
              />
            )}
          </Field>
        </>
      );
    case "trim_spaces":
      return target("Text column", textColumns);
    case "change_case":
      return (
        <>
          {target("Text column", textColumns)}
          <Field path={[...path, "case"]} label="Write as">
            {(control, field) => (
              <SelectInput
                {...control}
                value={formatValue(field.value)}
                options={TEXT_CASES.map((value) => [value, CASE_LABELS[value]] as const)}
                onChange={field.onChange}
              />
            )}
          </Field>
        </>
      );
    case "add_prefix":
    case "add_suffix":
      return (
        <>
          {target("Text column", textColumns)}
          {text(
            "text",
            action.type === "add_prefix" ? "Text before" : "Text after",
            "Empty cells stay empty",
          )}
        </>
      );
    case "set_template":
      return (
        <>
          {target("Text column", textColumns)}
          <div className="sm:col-span-2">
            {text(
              "template",
              "Template",
              "Other columns in braces: {brand} {name}",
              "{brand} {name}",
            )}
          </div>
        </>
      );
    case "fill_empty": {
      const column = columns.find((candidate) => candidate.name === action.column);
      return (
        <>
          {target("Column", columns)}
          <Field
            path={[...path, "value"]}
            label={`Value for empty cells${column ? ` (${column.type})` : ""}`}
          >
            {(control, field) => (
              <ScalarInput
                {...control}
                value={field.value}
                column={column}
                onCommit={field.onChange}
              />
            )}
          </Field>
        </>
      );
    }
  }
}

/** A column name as an expression writes it: bare when it can be, in brackets otherwise. */
function columnReference(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `[${name}]`;
}

function InsertColumn({
  id,
  columns,
  onInsert,
}: {
  id: string;
  columns: readonly ColumnProfile[];
  onInsert: (name: string) => void;
}) {
  return (
    <select
      id={id}
      aria-label="Insert a column into the expression"
      value=""
      onChange={(event) => {
        if (event.target.value !== "") onInsert(event.target.value);
      }}
      className={`${inputClass} sm:w-48`}
    >
      <option value="">Add a column…</option>
      {columns.map((column) => (
        <option key={column.name} value={column.name}>
          {column.name} · {column.type}
        </option>
      ))}
    </select>
  );
}

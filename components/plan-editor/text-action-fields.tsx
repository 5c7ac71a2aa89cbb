"use client";

import type { ReactNode } from "react";
import type { ColumnProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import {
  type Action,
  COMPUTED_ACTION_TYPES,
  type ComputedActionType,
  TEXT_CASES,
  type TextCase,
} from "@/lib/plan/schema";
import { ChoiceField } from "./choice-field";
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
  const textTarget = <TargetColumn path={path} label="Text column" choices={textColumns} />;
  switch (action.type) {
    case "set_expression":
      return <ExpressionFields path={path} columns={columns} />;
    case "replace_text":
      return <ReplaceFields path={path} target={textTarget} />;
    case "trim_spaces":
      return textTarget;
    case "change_case":
      return (
        <>
          {textTarget}
          <ChoiceField
            path={[...path, "case"]}
            label="Write as"
            options={TEXT_CASES.map((value) => [value, CASE_LABELS[value]] as const)}
          />
        </>
      );
    case "add_prefix":
    case "add_suffix":
      return (
        <>
          {textTarget}
          <TextPart
            path={path}
            field="text"
            label={action.type === "add_prefix" ? "Text before" : "Text after"}
            hint="Empty cells stay empty"
          />
        </>
      );
    case "set_template":
      return (
        <>
          {textTarget}
          <div className="sm:col-span-2">
            <TextPart
              path={path}
              field="template"
              label="Template"
              hint="Other columns in braces: {brand} {name}"
              placeholder="{brand} {name}"
            />
          </div>
        </>
      );
    case "fill_empty":
      return <FillFields path={path} columns={columns} column={action.column} />;
  }
}

/** The column an action writes, chosen among `choices`. */
function TargetColumn({
  path,
  label,
  choices,
}: {
  path: PlanPath;
  label: string;
  choices: readonly ColumnProfile[];
}) {
  return (
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
}

/** A text part of the action (`find`, `template`…). */
function TextPart({
  path,
  field: key,
  label,
  hint,
  placeholder,
}: {
  path: PlanPath;
  field: string;
  label: string;
  hint?: string;
  placeholder?: string;
}) {
  return (
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
}

function ExpressionFields({
  path,
  columns,
}: {
  path: PlanPath;
  columns: readonly ColumnProfile[];
}) {
  return (
    <>
      <TargetColumn path={path} label="Column to set" choices={columns} />
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
}

function ReplaceFields({ path, target }: { path: PlanPath; target: ReactNode }) {
  return (
    <>
      {target}
      <TextPart path={path} field="find" label="Find" hint="Exact text, not a pattern" />
      <TextPart path={path} field="replace" label="Replace with" hint="Leave empty to remove it" />
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
}

function FillFields({
  path,
  columns,
  column: name,
}: {
  path: PlanPath;
  columns: readonly ColumnProfile[];
  column: string;
}) {
  const column = columns.find((candidate) => candidate.name === name);
  return (
    <>
      <TargetColumn path={path} label="Column" choices={columns} />
      <Field
        path={[...path, "value"]}
        label={`Value for empty cells${column ? ` (${column.type})` : ""}`}
      >
        {(control, field) => (
          <ScalarInput {...control} value={field.value} column={column} onCommit={field.onChange} />
        )}
      </Field>
    </>
  );
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

"use client";

import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import { type Action, type ActionType, AGGREGATE_FNS } from "@/lib/plan/schema";
import { resolveShorthand } from "@/lib/plan/shorthand";
import { ChoiceField } from "./choice-field";
import { ACTION_TYPES, changeActionType } from "./draft-edits";
import { usePlanAt, usePlanFormActions } from "./editor-context";
import { EditorSection, Field, inputClass } from "./field";
import { fieldId } from "./field-paths";
import {
  BooleanSelect,
  ColumnSelect,
  ParsedInput,
  ScalarInput,
  TextInput,
  ValueOptions,
} from "./inputs";
import { ComputedActionFields, isComputedAction } from "./text-action-fields";
import { formatValue, parseNumericValueText } from "./value-codec";

const ACTION_LABELS: Record<ActionType, string> = {
  percent_increase: "Increase by %",
  percent_decrease: "Decrease by %",
  fixed_increase: "Increase by amount",
  fixed_decrease: "Decrease by amount",
  multiply: "Multiply by",
  set_value: "Set value",
  restore_values: "Restore values",
  set_price: "Set price (shortcut)",
  set_stock: "Set in stock (shortcut)",
  toggle: "Flip yes/no",
  set_expression: "Set to a formula",
  replace_text: "Replace text",
  trim_spaces: "Tidy spaces",
  change_case: "Change capitals",
  add_prefix: "Add text before",
  add_suffix: "Add text after",
  set_template: "Build text from columns",
  fill_empty: "Fill empty cells",
  aggregate: "Compute a variable (aggregate)",
};

const NUMERIC_VALUE_LABEL: Partial<Record<ActionType, string>> = {
  percent_increase: "Percent",
  percent_decrease: "Percent",
  fixed_increase: "Amount",
  fixed_decrease: "Amount",
  multiply: "Factor",
};

/** The action of one operation: its type, then the fields that type takes. */
export function ActionEditor({
  path,
  variables,
}: {
  path: PlanPath;
  /** Variables an action value may reference, for the value's suggestions. */
  variables: readonly string[];
}) {
  const { profile, setAt } = usePlanFormActions();
  const action: Action = usePlanAt(path) ?? {
    type: "percent_increase",
    value: 0,
  };
  const referencesId = `${fieldId(path)}--variables`;
  return (
    <EditorSection path={path} label="Action" purpose="what it changes">
      <div className="grid gap-3 sm:grid-cols-3">
        <ActionTypeField path={path} action={action} onChange={(next) => setAt(path, next)} />
        <ActionFields
          path={path}
          action={action}
          profile={profile}
          variables={variables}
          referencesId={referencesId}
        />
      </div>
      {variables.length > 0 ? (
        <ValueOptions id={referencesId} values={variables.map((name) => `\${${name}}`)} />
      ) : null}
    </EditorSection>
  );
}

function ActionTypeField({
  path,
  action,
  onChange,
}: {
  path: PlanPath;
  action: Action;
  onChange: (next: Action) => void;
}) {
  const type = action.type;
  const known = (ACTION_TYPES as readonly string[]).includes(type);
  return (
    <Field path={[...path, "type"]} label="Type">
      {(control) => (
        <select
          {...control}
          value={formatValue(type)}
          onChange={(event) => onChange(changeActionType(action, event.target.value as ActionType))}
          className={inputClass}
        >
          {/* Written by inverse plans only: shown under its own name, not offered for others. */}
          {type === "restore_values" ? (
            <option value={type}>{ACTION_LABELS.restore_values}</option>
          ) : known ? null : (
            <option value={formatValue(type)}>{formatValue(type) || "—"} (unknown)</option>
          )}
          {ACTION_TYPES.map((option) => (
            <option key={option} value={option}>
              {ACTION_LABELS[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

interface ActionFieldsProps {
  path: PlanPath;
  action: Action;
  profile: DatasetProfile;
  variables: readonly string[];
  referencesId: string;
}

/** The fields of the action's type, beside its type. */
function ActionFields({ path, action, profile, variables, referencesId }: ActionFieldsProps) {
  const price = resolveShorthand(profile, "price");
  const numericValue = (label: string) => (
    <NumericValueField
      path={path}
      label={label}
      variables={variables}
      referencesId={referencesId}
    />
  );
  // Without a column, numeric actions change the price column (the seed format's default).
  const targetColumn = (
    <TargetColumnField
      path={path}
      profile={profile}
      emptyLabel={price.ok ? `Default: ${price.column}` : "Default: price (no such column)"}
    />
  );
  if (isComputedAction(action)) {
    return <ComputedActionFields path={path} action={action} columns={profile.columns} />;
  }
  switch (action.type) {
    case "percent_increase":
    case "percent_decrease":
    case "fixed_increase":
    case "fixed_decrease":
    case "multiply":
      return (
        <>
          {numericValue(NUMERIC_VALUE_LABEL[action.type] ?? "Value")}
          {targetColumn}
        </>
      );
    case "set_value": {
      const columnName = action.column ?? (price.ok ? price.column : undefined);
      const target = profile.columns.find((column) => column.name === columnName);
      return (
        <>
          {targetColumn}
          <NewValueField path={path} target={target} />
        </>
      );
    }
    case "restore_values":
      return <RestoreValuesFields path={path} column={action.column} values={action.values} />;
    case "toggle":
      return <ToggleField path={path} profile={profile} />;
    case "set_price":
      return numericValue(price.ok ? `New price (column: ${price.column})` : "New price");
    case "set_stock":
      return <SetStockField path={path} profile={profile} />;
    case "aggregate":
      return (
        <AggregateFields path={path} profile={profile} resultVariable={action.result_variable} />
      );
    default:
      return null;
  }
}

function NumericValueField({
  path,
  label,
  variables,
  referencesId,
}: {
  path: PlanPath;
  label: string;
  variables: readonly string[];
  referencesId: string;
}) {
  return (
    <Field
      path={[...path, "value"]}
      label={label}
      hint={variables.length > 0 ? "A number or ${variable}" : undefined}
    >
      {(control, field) => (
        <ParsedInput
          {...control}
          value={field.value}
          parse={parseNumericValueText}
          onCommit={field.onChange}
          list={variables.length > 0 ? referencesId : undefined}
          className="tabular-nums"
        />
      )}
    </Field>
  );
}

function TargetColumnField({
  path,
  profile,
  emptyLabel,
}: {
  path: PlanPath;
  profile: DatasetProfile;
  emptyLabel: string;
}) {
  return (
    <Field path={[...path, "column"]} label="Column">
      {(control, field) => (
        <ColumnSelect
          {...control}
          value={field.value}
          columns={profile.columns}
          emptyLabel={emptyLabel}
          onChange={field.onChange}
        />
      )}
    </Field>
  );
}

function NewValueField({ path, target }: { path: PlanPath; target?: ColumnProfile }) {
  return (
    <Field path={[...path, "value"]} label={`New value${target ? ` (${target.type})` : ""}`}>
      {(control, field) => (
        <ScalarInput {...control} value={field.value} column={target} onCommit={field.onChange} />
      )}
    </Field>
  );
}

function RestoreValuesFields({
  path,
  column,
  values,
}: {
  path: PlanPath;
  column: string;
  values: Record<string, string>;
}) {
  return (
    <>
      <Field path={[...path, "column"]} label="Column">
        {(control) => (
          <input {...control} readOnly value={column} className={`${inputClass} bg-slate-50`} />
        )}
      </Field>
      <Field path={[...path, "values"]} label="Original values">
        {(control) => (
          <input
            {...control}
            readOnly
            value={restoresText(values)}
            className={`${inputClass} bg-slate-50 text-slate-600`}
          />
        )}
      </Field>
    </>
  );
}

function ToggleField({ path, profile }: { path: PlanPath; profile: DatasetProfile }) {
  return (
    <Field
      path={[...path, "column"]}
      label="Yes/no column"
      hint="Each selected row's value becomes its opposite, spelled as the column spells it."
    >
      {(control, field) => (
        <ColumnSelect
          {...control}
          value={field.value}
          columns={profile.columns.filter((column) => column.type === "boolean")}
          onChange={(name) => field.onChange(name ?? "")}
        />
      )}
    </Field>
  );
}

function SetStockField({ path, profile }: { path: PlanPath; profile: DatasetProfile }) {
  const stock = resolveShorthand(profile, "stock");
  return (
    <Field
      path={[...path, "value"]}
      label={stock.ok ? `In stock (column: ${stock.column})` : "In stock"}
    >
      {(control, field) => (
        <BooleanSelect {...control} value={field.value} onChange={field.onChange} />
      )}
    </Field>
  );
}

function AggregateFields({
  path,
  profile,
  resultVariable,
}: {
  path: PlanPath;
  profile: DatasetProfile;
  resultVariable: string;
}) {
  return (
    <>
      <ChoiceField
        path={[...path, "fn"]}
        label="Function"
        options={AGGREGATE_FNS.map((fn) => [fn, fn] as const)}
      />
      <Field path={[...path, "column"]} label="Of column">
        {(control, field) => (
          <ColumnSelect
            {...control}
            value={field.value}
            columns={profile.columns}
            onChange={(name) => field.onChange(name ?? "")}
          />
        )}
      </Field>
      <Field
        path={[...path, "group_by"]}
        label="For each"
        hint="One value per group: a filter compares each row with its own group's."
      >
        {(control, field) => (
          <ColumnSelect
            {...control}
            value={field.value}
            columns={profile.columns}
            emptyLabel="The whole selection"
            onChange={field.onChange}
          />
        )}
      </Field>
      <Field
        path={[...path, "result_variable"]}
        label="Into variable"
        hint={`Later operations that depend on this one use it as \${${resultVariable || "name"}}`}
        className="sm:col-span-3"
      >
        {(control, field) => (
          <TextInput
            {...control}
            value={field.value}
            onCommit={field.onChange}
            className="font-mono sm:max-w-xs"
          />
        )}
      </Field>
    </>
  );
}

function restoresText(values: Record<string, string>): string {
  const n = Object.keys(values).length;
  return `restores ${n} cell${n === 1 ? "" : "s"} (edit in JSON)`;
}

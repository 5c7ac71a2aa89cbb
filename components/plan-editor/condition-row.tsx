"use client";

import type { ColumnProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import {
  COLUMN_COMPARISON_OPS,
  CONDITION_OPS,
  type Condition,
  type ConditionOp,
  isColumnReference,
  type Scalar,
} from "@/lib/plan/schema";
import { setConditionColumn, setConditionOp, valueShape } from "./draft-edits";
import { usePlanAt, usePlanFormActions } from "./editor-context";
import { type ControlProps, Field, type FieldBinding, inputClass } from "./field";
import { CloseIcon } from "./icons";
import { ColumnSelect, ScalarInput, SelectInput, TextInput } from "./inputs";
import { TokenListInput } from "./token-list-input";
import { formatValue, parseScalarText } from "./value-codec";

const OP_LABELS: Record<ConditionOp, string> = {
  eq: "is",
  neq: "is not",
  in: "is one of",
  not_in: "is not one of",
  gt: "greater than",
  gte: "at least",
  lt: "less than",
  lte: "at most",
  between: "between",
  contains: "contains",
  starts_with: "starts with",
  is_empty: "is empty",
  not_empty: "is not empty",
};

/** One condition: column, operator and a value input shaped and typed to fit both. */
export function ConditionRow({ path, onRemove }: { path: PlanPath; onRemove: () => void }) {
  const { profile, setAt, readOnly } = usePlanFormActions();
  const condition: Condition = usePlanAt(path) ?? { column: "", op: "eq" };
  const column = profile.columns.find((candidate) => candidate.name === condition.column);
  const valuePath = [...path, "value"];

  const changeColumn = (name: string | undefined) => {
    const next = profile.columns.find((candidate) => candidate.name === name);
    setAt(path, setConditionColumn(condition, name ?? "", next));
  };

  return (
    // On a phone the value goes under the column and operator, beside the remove button.
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,9rem)_minmax(0,1fr)_auto]">
      <Field path={[...path, "column"]} label="Column" labelHidden>
        {(control, field) => (
          <ColumnSelect
            {...control}
            value={field.value}
            columns={profile.columns}
            onChange={changeColumn}
          />
        )}
      </Field>
      <Field path={[...path, "op"]} label="Operator" labelHidden>
        {(control, field) => (
          <select
            {...control}
            value={typeof field.value === "string" ? field.value : ""}
            onChange={(event) =>
              setAt(path, setConditionOp(condition, event.target.value as ConditionOp))
            }
            className={inputClass}
          >
            {(CONDITION_OPS as readonly string[]).includes(condition.op) ? null : (
              <option value={formatValue(condition.op)}>
                {formatValue(condition.op)} (unknown)
              </option>
            )}
            {CONDITION_OPS.map((op) => (
              <option key={op} value={op}>
                {OP_LABELS[op]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field path={valuePath} label="Value" labelHidden className="col-span-2 sm:col-span-1">
        {(control, field) => (
          <ConditionValue
            op={condition.op}
            column={column}
            columns={profile.columns}
            control={control}
            field={field}
          />
        )}
      </Field>
      {readOnly ? (
        <span />
      ) : (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove condition on ${condition.column || "a column"}`}
          className="grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-700"
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

/** What a condition's value input needs: its operator, its column and the table's columns. */
interface ValueProps {
  op: ConditionOp;
  column: ColumnProfile | undefined;
  columns: readonly ColumnProfile[];
  control: ControlProps;
  field: FieldBinding;
}

function ConditionValue({ op, column, columns, control, field }: ValueProps) {
  const shape = (CONDITION_OPS as readonly string[]).includes(op) ? valueShape(op) : "single";
  const textOnly = op === "contains" || op === "starts_with";
  const value = field.value as Condition["value"];

  if (shape === "none") {
    return (
      <p id={control.id} tabIndex={-1} className="flex h-8 items-center text-xs text-slate-500">
        No value needed
      </p>
    );
  }
  if (shape === "list") {
    return (
      <TokenListInput
        {...control}
        label="value"
        values={value}
        suggestions={column?.distinctValues}
        parse={(text) => parseScalarText(text, column?.type)}
        onChange={field.onChange}
      />
    );
  }
  if (shape === "pair") {
    const pair = Array.isArray(value) ? value : [value, undefined];
    return (
      <div className="flex items-center gap-2">
        <ScalarInput
          {...control}
          aria-label="Range start"
          value={pair[0]}
          column={column}
          onCommit={(low: Scalar) => field.onChange([low, pair[1] ?? ""])}
        />
        <span className="text-xs text-slate-500">and</span>
        <ScalarInput
          id={`${control.id}--high`}
          aria-label="Range end"
          value={pair[1]}
          column={column}
          onCommit={(high: Scalar) => field.onChange([pair[0] ?? "", high])}
        />
      </div>
    );
  }
  if (textOnly) {
    return <TextInput {...control} value={value} onCommit={field.onChange} />;
  }
  return (
    <ValueOrColumn op={op} column={column} columns={columns} control={control} field={field} />
  );
}

/**
 * One value, or another column of the same row ("stock less than its reorder level"): a choice
 * of the two for the operators that can compare with a column.
 */
function ValueOrColumn({ op, column, columns, control, field }: ValueProps) {
  const value = field.value as Condition["value"];
  const other = isColumnReference(value) ? value.column : undefined;
  const input =
    other === undefined ? (
      <ScalarInput
        {...control}
        value={value as Scalar | undefined}
        column={column}
        onCommit={field.onChange}
      />
    ) : (
      <ColumnSelect
        {...control}
        value={other}
        columns={columns.filter((candidate) => candidate.name !== column?.name)}
        onChange={(name) => field.onChange({ column: name ?? "" })}
      />
    );
  if (!COLUMN_COMPARISON_OPS.includes(op)) return input;
  const firstOther = columns.find(
    (candidate) => candidate.name !== column?.name && candidate.type === column?.type,
  );
  return (
    <div className="grid min-w-0 grid-cols-[7rem_minmax(0,1fr)] items-center gap-2">
      <SelectInput
        id={`${control.id}--kind`}
        aria-label="Compare with"
        value={other === undefined ? "value" : "column"}
        options={[
          ["value", "a value"],
          ["column", "its column"],
        ]}
        onChange={(kind) =>
          field.onChange(kind === "column" ? { column: firstOther?.name ?? "" } : "")
        }
      />
      <div className="min-w-0">{input}</div>
    </div>
  );
}

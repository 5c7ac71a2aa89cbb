"use client";

import type { ColumnProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import { CONDITION_OPS, type Condition, type ConditionOp, type Scalar } from "@/lib/plan/schema";
import { setConditionOp, valueShape } from "./draft-edits";
import { usePlanAt, usePlanFormActions } from "./editor-context";
import { type ControlProps, Field, type FieldBinding, inputClass } from "./field";
import { CloseIcon } from "./icons";
import { ColumnSelect, ScalarInput, TextInput } from "./inputs";
import { TokenListInput } from "./token-list-input";
import { formatValue, parseScalarText, retypeValue } from "./value-codec";

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
    const coerced = retypeValue(condition.value, next);
    setAt(path, {
      ...condition,
      column: name ?? "",
      ...(coerced === undefined ? {} : { value: coerced }),
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,10rem)_minmax(0,9rem)_minmax(0,1fr)_auto] items-start gap-2">
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
      <Field path={valuePath} label="Value" labelHidden>
        {(control, field) => (
          <ConditionValue op={condition.op} column={column} control={control} field={field} />
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

function ConditionValue({
  op,
  column,
  control,
  field,
}: {
  op: ConditionOp;
  column: ColumnProfile | undefined;
  control: ControlProps;
  field: FieldBinding;
}) {
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
  return <ScalarInput {...control} value={value} column={column} onCommit={field.onChange} />;
}

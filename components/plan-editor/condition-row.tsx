"use client";

import type { ColumnProfile } from "@/lib/dataset/types";
import type { PlanPath } from "@/lib/plan/issues";
import { CONDITION_OPS, type Condition, type ConditionOp, type Scalar } from "@/lib/plan/schema";
import { setConditionOp, valueShape } from "./draft-edits";
import { useDraftActions } from "./editor-context";
import { Field, inputClass } from "./field";
import { CloseIcon } from "./icons";
import { ColumnSelect, ScalarInput, TextInput } from "./inputs";
import { TokenListInput } from "./token-list-input";
import { formatValue, parseScalarText, retypeValue } from "./value-codec";

export const OP_LABELS: Record<ConditionOp, string> = {
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
export function ConditionRow({
  condition,
  path,
  onRemove,
}: {
  condition: Condition;
  path: PlanPath;
  onRemove: () => void;
}) {
  const { profile, setAt, readOnly } = useDraftActions();
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
        {(control) => (
          <ColumnSelect
            {...control}
            value={condition.column}
            columns={profile.columns}
            onChange={changeColumn}
          />
        )}
      </Field>
      <Field path={[...path, "op"]} label="Operator" labelHidden>
        {(control) => (
          <select
            {...control}
            value={typeof condition.op === "string" ? condition.op : ""}
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
        {(control) => (
          <ConditionValue
            condition={condition}
            column={column}
            path={valuePath}
            control={control}
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

function ConditionValue({
  condition,
  column,
  path,
  control,
}: {
  condition: Condition;
  column: ColumnProfile | undefined;
  path: PlanPath;
  control: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string };
}) {
  const { setAt } = useDraftActions();
  const op = condition.op;
  const shape = (CONDITION_OPS as readonly string[]).includes(op) ? valueShape(op) : "single";
  const textOnly = op === "contains" || op === "starts_with";

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
        values={condition.value}
        suggestions={column?.distinctValues}
        parse={(text) => parseScalarText(text, column?.type)}
        onChange={(values) => setAt(path, values)}
      />
    );
  }
  if (shape === "pair") {
    const pair = Array.isArray(condition.value) ? condition.value : [condition.value, undefined];
    return (
      <div className="flex items-center gap-2">
        <ScalarInput
          {...control}
          aria-label="Range start"
          value={pair[0]}
          column={column}
          onCommit={(low: Scalar) => setAt(path, [low, pair[1] ?? ""])}
        />
        <span className="text-xs text-slate-500">and</span>
        <ScalarInput
          id={`${control.id}--high`}
          aria-label="Range end"
          value={pair[1]}
          column={column}
          onCommit={(high: Scalar) => setAt(path, [pair[0] ?? "", high])}
        />
      </div>
    );
  }
  if (textOnly) {
    return (
      <TextInput {...control} value={condition.value} onCommit={(text) => setAt(path, text)} />
    );
  }
  return (
    <ScalarInput
      {...control}
      value={condition.value}
      column={column}
      onCommit={(value) => setAt(path, value)}
    />
  );
}

"use client";

import { nextExecutionId } from "@/lib/plan/execution-id";
import type { PlanPath } from "@/lib/plan/issues";
import { type ExecutionPlan, type Guards, type Scalar, VARIABLE_NAME } from "@/lib/plan/schema";
import { removeVariable, renameVariable, setIn, uniqueVariableName } from "./draft-edits";
import { usePlanAt, usePlanFormActions } from "./editor-context";
import { Field, FieldFrame, IssueList, inputClass } from "./field";
import { fieldId } from "./field-paths";
import { CloseIcon, PlusIcon } from "./icons";
import { BooleanSelect, NumberInput, TextAreaInput, TextInput } from "./inputs";
import { NameInput } from "./name-input";

/** The plan's own fields: instruction, execution id, creation time. */
export function PlanDetails() {
  const { edit, readOnly } = usePlanFormActions();
  const executionId: unknown = usePlanAt(["execution_id"]);
  return (
    <div className="space-y-4">
      <IssueList path={[]} />
      <Field path={["source_instruction"]} label="Instruction">
        {(control, field) => (
          <TextAreaInput {...control} value={field.value} onCommit={field.onChange} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          path={["execution_id"]}
          label="Execution id"
          hint="Runs once: approving this plan again replays the first result. An id already used by another plan or dataset is refused."
        >
          {(control, field) => (
            <div className="flex gap-2">
              <TextInput
                {...control}
                value={field.value}
                onCommit={field.onChange}
                className="font-mono"
              />
              {readOnly ? null : (
                <button
                  type="button"
                  onClick={() =>
                    edit((draft) =>
                      setIn(draft, ["execution_id"], nextExecutionId(String(executionId ?? ""))),
                    )
                  }
                  className="shrink-0 rounded-md border border-slate-300 px-2.5 text-xs font-medium text-slate-700 hover:bg-slate-50"
                >
                  New id
                </button>
              )}
            </div>
          )}
        </Field>
        <Field path={["created_at"]} label="Created at" hint="ISO-8601, e.g. 2024-06-01T12:00:00Z">
          {(control, field) => (
            <TextInput
              {...control}
              value={field.value}
              onCommit={field.onChange}
              className="font-mono"
            />
          )}
        </Field>
      </div>
    </div>
  );
}

type VariableKind = "number" | "text" | "boolean";

function kindOf(value: unknown): VariableKind {
  return typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "text";
}

function convert(value: unknown, kind: VariableKind): Scalar {
  if (kind === "number") {
    const number = Number(value);
    return typeof value !== "boolean" && Number.isFinite(number) ? number : 0;
  }
  if (kind === "boolean") return value === true || value === "true";
  return String(value ?? "");
}

/** Plan variables, referenced as ${name} in action values. */
export function VariablesEditor() {
  const { edit, readOnly } = usePlanFormActions();
  const variables: ExecutionPlan["variables"] = usePlanAt(["variables"]);
  const entries = Object.entries(variables ?? {});
  return (
    <section
      id={fieldId(["variables"])}
      tabIndex={-1}
      aria-labelledby="plan-variables-heading"
      className="focus:outline-none"
    >
      <h3 id="plan-variables-heading" className="text-sm font-semibold text-slate-900">
        Variables
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">
        Values an action can use as <code className="font-mono">{"${name}"}</code>.
      </p>
      <IssueList path={["variables"]} />
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No variables.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {entries.map(([name, value], index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row keeps its place while its name is edited
            <li key={index}>
              <VariableRow name={name} value={value} taken={(next) => next in (variables ?? {})} />
            </li>
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <button
          type="button"
          onClick={() =>
            edit((draft) => setIn(draft, ["variables", uniqueVariableName(draft, "variable")], 0))
          }
          className="mt-3 inline-flex items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
        >
          <PlusIcon /> Add variable
        </button>
      )}
    </section>
  );
}

/** One variable: its name, its type, its value, and a button that removes it. */
function VariableRow({
  name,
  value,
  taken,
}: {
  name: string;
  value: Scalar;
  /** Whether another variable has this name. */
  taken: (name: string) => boolean;
}) {
  const { edit, readOnly } = usePlanFormActions();
  const path: PlanPath = ["variables", name];
  const kind = kindOf(value);
  // Written through the whole map, as a variable's name is a key and may be any text in JSON.
  const setVariable = (next: Scalar) => edit((draft) => setIn(draft, ["variables", name], next));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_6.5rem_minmax(0,1fr)_auto] items-start gap-2">
      <div>
        <label htmlFor={`${fieldId(path)}--name`} className="sr-only">
          Variable name
        </label>
        <NameInput
          id={`${fieldId(path)}--name`}
          value={name}
          problemWith={(next) =>
            !VARIABLE_NAME.test(next)
              ? "Letters, digits and _, not starting with a digit."
              : taken(next)
                ? `${next} is already a variable.`
                : null
          }
          onCommit={(next) => edit((draft) => renameVariable(draft, name, next))}
        />
      </div>
      <select
        aria-label={`Type of ${name}`}
        value={kind}
        disabled={readOnly}
        onChange={(event) => setVariable(convert(value, event.target.value as VariableKind))}
        className={inputClass}
      >
        <option value="number">Number</option>
        <option value="text">Text</option>
        <option value="boolean">True/false</option>
      </select>
      <FieldFrame path={path} label={`Value of ${name}`} labelHidden>
        {(control) =>
          kind === "boolean" ? (
            <BooleanSelect {...control} value={value} onChange={(next) => setVariable(next)} />
          ) : kind === "number" ? (
            <NumberInput {...control} value={value} onCommit={(next) => setVariable(next ?? 0)} />
          ) : (
            <TextInput {...control} value={value} onCommit={(next) => setVariable(next)} />
          )
        }
      </FieldFrame>
      {readOnly ? (
        <span />
      ) : (
        <button
          type="button"
          aria-label={`Remove variable ${name}`}
          onClick={() => edit((draft) => removeVariable(draft, name))}
          className="grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-700"
        >
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

const GUARD_FIELDS: { key: keyof Guards; label: string }[] = [
  { key: "max_rows_changed", label: "Max rows changed" },
  { key: "max_change_percent", label: "Max change per cell (%)" },
  { key: "min_value", label: "Lowest resulting value" },
  { key: "max_value", label: "Highest resulting value" },
];

/** Guards checked on the preview; a failed guard blocks approval unless overridden. */
export function GuardsEditor() {
  // A cleared guard leaves the draft, and `guards` with it once no guard is set (see writeAt).
  return (
    <section
      id={fieldId(["guards"])}
      tabIndex={-1}
      aria-labelledby="plan-guards-heading"
      className="focus:outline-none"
    >
      <h3 id="plan-guards-heading" className="text-sm font-semibold text-slate-900">
        Guards
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">Checked on the preview; empty means no limit.</p>
      <IssueList path={["guards"]} />
      <div className="mt-3 grid grid-cols-2 gap-3">
        {GUARD_FIELDS.map((guard) => (
          <Field key={guard.key} path={["guards", guard.key]} label={guard.label}>
            {(control, field) => (
              <NumberInput
                {...control}
                value={field.value}
                placeholder="No limit"
                onCommit={field.onChange}
              />
            )}
          </Field>
        ))}
      </div>
    </section>
  );
}

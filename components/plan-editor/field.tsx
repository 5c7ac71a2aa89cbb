"use client";

import type { ReactNode } from "react";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import { applySuggestion, canApplySuggestion } from "./draft-edits";
import { useErrorsAt, useIssuesAt, usePlanAt, usePlanFormActions } from "./editor-context";
import { fieldId } from "./field-paths";
import { ErrorIcon, WarningIcon } from "./icons";

/**
 * A labelled form field for the draft's value at `path`, which shows the validation's errors and
 * warnings for it (see field-paths.ts) and passes the control its id, `aria-invalid` and
 * `aria-describedby`.
 */

export const inputClass =
  "block h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/25 aria-[invalid=true]:border-red-400 disabled:bg-slate-50 disabled:text-slate-500";

const labelClass = "block text-xs font-medium text-slate-600";

export interface ControlProps {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** The field's value in the draft and how to change it. */
export interface FieldBinding {
  value: unknown;
  onChange: (value: unknown) => void;
}

export function Field(
  props: FieldProps & { children: (control: ControlProps, field: FieldBinding) => ReactNode },
) {
  const value = usePlanAt(props.path);
  const { setAt } = usePlanFormActions();
  return (
    <FieldFrame {...props}>
      {(control) =>
        props.children(control, {
          value: value ?? undefined,
          onChange: (next) => setAt(props.path, next),
        })
      }
    </FieldFrame>
  );
}

interface FieldProps {
  path: PlanPath;
  label: ReactNode;
  hint?: ReactNode;
  /** For fields in a row whose meaning is clear from their place (condition parts). */
  labelHidden?: boolean;
  className?: string;
}

/**
 * A field's label, hint and issues around a control that writes the draft its own way: a
 * variable's value, for one, is written through the whole `variables` map.
 */
export function FieldFrame({
  path,
  label,
  hint,
  labelHidden = false,
  className = "",
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = fieldId(path);
  const errors = useErrorsAt(path);
  const issues = useIssuesAt(path);
  const shown = errors.length > 0 || issues.some((issue) => issue.severity === "warning");
  const describedBy =
    [shown ? `${id}--issues` : "", hint ? `${id}--hint` : ""].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelHidden ? "sr-only" : labelClass}>
        {label}
      </label>
      <div className={labelHidden ? "" : "mt-1"}>
        {children({
          id,
          "aria-invalid": errors.length > 0 || undefined,
          "aria-describedby": describedBy,
        })}
      </div>
      {hint ? (
        <p id={`${id}--hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <IssueList path={path} id={`${id}--issues`} />
    </div>
  );
}

/**
 * What is wrong at `path`: the validation's errors for it, then its warnings. Each comes with
 * its "did you mean" as a button when it has one.
 */
export function IssueList({ path, id }: { path: PlanPath; id?: string }) {
  const errors = useErrorsAt(path);
  const issues = useIssuesAt(path);
  const warnings = issues.filter((issue) => issue.severity === "warning");
  if (errors.length === 0 && warnings.length === 0) return null;
  const suggestionFor = (message: string) =>
    issues.find((issue) => issue.severity === "error" && issue.detail === message);
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {[...new Set(errors)].map((message) => (
        <IssueLine key={`error:${message}`} error detail={message} issue={suggestionFor(message)} />
      ))}
      {warnings.map((issue) => (
        <IssueLine
          key={`${issue.code}:${issue.message}`}
          error={false}
          detail={issue.detail}
          issue={issue}
        />
      ))}
    </ul>
  );
}

function IssueLine({
  error,
  detail,
  issue,
}: {
  error: boolean;
  detail: string;
  /** The validation issue behind the line, for its suggestion. */
  issue?: PlanIssue;
}) {
  const { edit, readOnly } = usePlanFormActions();
  return (
    <li className={`flex items-start gap-1.5 text-xs ${error ? "text-red-700" : "text-amber-800"}`}>
      <span className="mt-px">{error ? <ErrorIcon /> : <WarningIcon />}</span>
      <span className="min-w-0">
        <span className="sr-only">{error ? "Error: " : "Warning: "}</span>
        {detail}
        {!readOnly && issue && canApplySuggestion(issue) ? (
          <button
            type="button"
            onClick={() => edit((plan) => applySuggestion(plan, issue) ?? plan)}
            className="ml-1.5 rounded border border-current/30 px-1.5 font-medium hover:bg-white"
          >
            Use “{issue.suggestion}”
          </button>
        ) : null}
      </span>
    </li>
  );
}

export type InputProps = ControlProps & { placeholder?: string; className?: string; list?: string };

/**
 * One part of an operation's card (its filter, its action): a focus target named `label`, its
 * heading with what the part decides, and the part's own issues above its fields.
 */
export function EditorSection({
  path,
  label,
  purpose,
  children,
}: {
  path: PlanPath;
  label: string;
  purpose: string;
  children: ReactNode;
}) {
  return (
    <section
      id={fieldId(path)}
      tabIndex={-1}
      aria-label={label}
      className="space-y-3 focus:outline-none"
    >
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {label}{" "}
        <span className="font-normal normal-case tracking-normal text-slate-400">— {purpose}</span>
      </h4>
      <IssueList path={path} />
      {children}
    </section>
  );
}

"use client";

import type { ReactNode } from "react";
import type { PlanIssue, PlanPath } from "@/lib/plan/issues";
import { applySuggestion, canApplySuggestion } from "./draft-edits";
import { useDraftActions, useIssuesAt } from "./editor-context";
import { fieldId } from "./field-paths";
import { ErrorIcon, WarningIcon } from "./icons";

/**
 * A labelled form field that shows the validation issues anchored at its path (see
 * field-paths.ts) and passes the control its id, `aria-invalid` and `aria-describedby`.
 */

export const inputClass =
  "block h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/25 aria-[invalid=true]:border-red-400 disabled:bg-slate-50 disabled:text-slate-500";

export const labelClass = "block text-xs font-medium text-slate-600";

export interface ControlProps {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

export function Field({
  path,
  label,
  hint,
  labelHidden = false,
  className = "",
  children,
}: {
  path: PlanPath;
  label: ReactNode;
  hint?: ReactNode;
  /** For fields in a row whose meaning is clear from their place (condition parts). */
  labelHidden?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = fieldId(path);
  const issues = useIssuesAt(path);
  const describedBy =
    [issues.length > 0 ? `${id}--issues` : "", hint ? `${id}--hint` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className={labelHidden ? "sr-only" : labelClass}>
        {label}
      </label>
      <div className={labelHidden ? "" : "mt-1"}>
        {children({
          id,
          "aria-invalid": issues.some((issue) => issue.severity === "error") || undefined,
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

/** The issues anchored at `path`, each with its "did you mean" as a button when it has one. */
export function IssueList({ path, id }: { path: PlanPath; id?: string }) {
  const issues = useIssuesAt(path);
  if (issues.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {issues.map((issue) => (
        <IssueLine key={`${issue.code}:${issue.message}`} issue={issue} />
      ))}
    </ul>
  );
}

function IssueLine({ issue }: { issue: PlanIssue }) {
  const { edit, readOnly } = useDraftActions();
  const error = issue.severity === "error";
  return (
    <li className={`flex items-start gap-1.5 text-xs ${error ? "text-red-700" : "text-amber-800"}`}>
      <span className="mt-px">{error ? <ErrorIcon /> : <WarningIcon />}</span>
      <span className="min-w-0">
        <span className="sr-only">{error ? "Error: " : "Warning: "}</span>
        {issue.detail}
        {!readOnly && canApplySuggestion(issue) ? (
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

"use client";

import type { PlanIssue } from "@/lib/plan/issues";
import type { JsonTextError } from "@/lib/plan/json-text";
import { CheckIcon, ErrorIcon, WarningIcon } from "./icons";

/**
 * Every error and warning of the draft, plan-level first. Each one is a button that moves to
 * where it is: the field in the form, the node in the graph, the line in the JSON.
 */
export function ValidationPanel({
  issues,
  jsonProblem,
  onJump,
  onJumpToJson,
}: {
  issues: readonly PlanIssue[];
  /** The JSON text's own problem (syntax, or not plan-shaped), which no validation can see. */
  jsonProblem?: { message: string; position?: JsonTextError };
  onJump: (issue: PlanIssue) => void;
  onJumpToJson: () => void;
}) {
  const errors =
    issues.filter((issue) => issue.severity === "error").length + (jsonProblem ? 1 : 0);
  const warnings = issues.length - issues.filter((issue) => issue.severity === "error").length;
  const clean = errors === 0 && warnings === 0;

  return (
    <section
      aria-label="Validation"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">Validation</h2>
        <p className="text-xs text-slate-600" aria-live="polite">
          {clean ? (
            <span className="inline-flex items-center gap-1 text-emerald-700">
              <CheckIcon /> No problems
            </span>
          ) : (
            <>
              <span className={errors > 0 ? "font-medium text-red-700" : ""}>
                {errors} error{errors === 1 ? "" : "s"}
              </span>
              {" · "}
              <span className={warnings > 0 ? "font-medium text-amber-800" : ""}>
                {warnings} warning{warnings === 1 ? "" : "s"}
              </span>
            </>
          )}
        </p>
      </header>
      {clean ? (
        <p className="px-4 py-4 text-sm text-slate-600">
          The plan matches the schema and fits the dataset.
        </p>
      ) : (
        <ul className="max-h-[24rem] divide-y divide-slate-100 overflow-y-auto">
          {jsonProblem ? (
            <li>
              <IssueButton
                severity="error"
                location={
                  jsonProblem.position
                    ? `JSON line ${jsonProblem.position.line}, column ${jsonProblem.position.column}`
                    : "JSON"
                }
                text={jsonProblem.message}
                onClick={onJumpToJson}
              />
            </li>
          ) : null}
          {issues.map((issue) => (
            <li key={`${issue.code}:${issue.message}`}>
              <IssueButton
                severity={issue.severity}
                location={issue.pathText || "plan"}
                text={issue.detail}
                onClick={() => onJump(issue)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function IssueButton({
  severity,
  location,
  text,
  onClick,
}: {
  severity: PlanIssue["severity"];
  location: string;
  text: string;
  onClick: () => void;
}) {
  const error = severity === "error";
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-start gap-2 px-4 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
    >
      <span className={`mt-0.5 ${error ? "text-red-600" : "text-amber-600"}`}>
        {error ? <ErrorIcon /> : <WarningIcon />}
      </span>
      <span className="min-w-0">
        <span className="sr-only">{error ? "Error at " : "Warning at "}</span>
        <span className="block truncate font-mono text-[11px] text-slate-500">{location}</span>
        <span className="block text-sm text-slate-800">{text}</span>
      </span>
    </button>
  );
}

"use client";

import { dependsTransitively } from "@/lib/plan/dag";
import { explicitDependencies, setDependencies } from "./draft-edits";
import { useErrorsAt, useIssuesAt, usePlanAt, usePlanFormActions } from "./editor-context";
import { IssueList } from "./field";
import { fieldId } from "./field-paths";
import type { PlanOutline } from "./use-plan-outline";

/**
 * `depends_on` as a choice of other operations. Without it an operation runs after the one
 * listed before it; choosing operations writes that dependency out first so nothing is lost.
 * Operations that already run after this one cannot be chosen: that would be a cycle.
 */
export function DependenciesEditor({ index, outline }: { index: number; outline: PlanOutline }) {
  const { edit, readOnly } = usePlanFormActions();
  const path = ["operations", index, "depends_on"];
  const id = fieldId(path);
  const hasErrors = useErrorsAt(path).length > 0;
  const hasWarnings = useIssuesAt(path).some((issue) => issue.severity === "warning");
  const dependsOn: unknown = usePlanAt(path);
  const explicit = Array.isArray(dependsOn) ? (dependsOn as string[]) : undefined;
  const operationId = outline.operationIds[index] ?? "";
  const previous = outline.operationIds[index - 1];
  const others = outline.operationIds.filter((_, i) => i !== index);
  const unknown = (explicit ?? []).filter((dependency) => !others.includes(dependency));

  const wouldCycle = (other: string) =>
    dependsTransitively(outline.dependencies, other, operationId);

  const toggle = (other: string, on: boolean) =>
    edit((draft) => {
      const current = explicitDependencies(draft, index);
      const next = on ? [...current, other] : current.filter((dependency) => dependency !== other);
      return setDependencies(draft, index, next);
    });

  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-invalid={hasErrors || undefined}
      aria-describedby={hasErrors || hasWarnings ? `${id}--issues` : undefined}
      className="min-w-0 focus:outline-none"
    >
      <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Runs after
      </legend>
      {explicit === undefined ? (
        <ImplicitDependency
          previous={previous}
          canChoose={!readOnly && others.length > 0}
          onChoose={() =>
            edit((draft) => setDependencies(draft, index, explicitDependencies(draft, index)))
          }
        />
      ) : (
        <ChosenDependencies
          explicit={explicit}
          others={others}
          unknown={unknown}
          previous={previous}
          readOnly={readOnly}
          wouldCycle={wouldCycle}
          onToggle={toggle}
          onReset={() => edit((draft) => setDependencies(draft, index, undefined))}
        />
      )}
      <IssueList path={path} id={`${id}--issues`} />
    </fieldset>
  );
}

/** No depends_on: the operation runs after the one listed before it. */
function ImplicitDependency({
  previous,
  canChoose,
  onChoose,
}: {
  previous: string | undefined;
  canChoose: boolean;
  onChoose: () => void;
}) {
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      <span>
        {previous === undefined ? (
          "Nothing: it is the first operation."
        ) : (
          <>
            The previous operation, <code className="font-mono text-xs">{previous}</code>{" "}
            <span className="text-slate-500">(implicit)</span>
          </>
        )}
      </span>
      {canChoose ? (
        <button
          type="button"
          onClick={onChoose}
          className="text-xs font-medium text-brand-700 hover:underline"
        >
          Choose operations…
        </button>
      ) : null}
    </div>
  );
}

/** The operations chosen to run before this one (a cycle cannot be chosen). */
function ChosenDependencies({
  explicit,
  others,
  unknown,
  previous,
  readOnly,
  wouldCycle,
  onToggle,
  onReset,
}: {
  explicit: string[];
  others: string[];
  unknown: string[];
  previous: string | undefined;
  readOnly: boolean;
  wouldCycle: (other: string) => boolean;
  onToggle: (other: string, on: boolean) => void;
  onReset: () => void;
}) {
  return (
    <div className="mt-1 space-y-1">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {others.map((other) => {
          const cycle = wouldCycle(other);
          const checked = explicit.includes(other);
          return (
            <label
              key={other}
              className={`inline-flex items-center gap-1.5 text-sm ${cycle && !checked ? "text-slate-400" : "text-slate-700"}`}
              title={cycle && !checked ? `${other} already runs after this operation` : undefined}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={readOnly || (cycle && !checked)}
                onChange={(event) => onToggle(other, event.target.checked)}
                className="size-4 rounded border-slate-300 accent-brand-600"
              />
              <span className="font-mono text-xs">{other}</span>
            </label>
          );
        })}
        {unknown.map((dependency) => (
          <label key={dependency} className="inline-flex items-center gap-1.5 text-sm text-red-700">
            <input
              type="checkbox"
              checked
              disabled={readOnly}
              onChange={() => onToggle(dependency, false)}
              className="size-4 rounded border-slate-300 accent-red-600"
            />
            <span className="font-mono text-xs">{dependency}</span> (not in this plan)
          </label>
        ))}
      </div>
      <p className="text-xs text-slate-500">
        {explicit.length === 0 ? "Independent: runs in the first batch. " : null}
        {readOnly ? null : (
          <button
            type="button"
            onClick={onReset}
            className="font-medium text-brand-700 hover:underline"
          >
            {previous === undefined ? "Clear" : `Just run after the previous operation`}
          </button>
        )}
      </p>
    </div>
  );
}

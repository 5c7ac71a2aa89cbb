"use client";

import { memo } from "react";
import type { OperationStats } from "@/components/plan-graph/graph-model";
import { OPERATION_ID } from "@/lib/plan/schema";
import { ActionEditor } from "./action-editor";
import { DependenciesEditor } from "./dependencies-editor";
import { renameOperation } from "./draft-edits";
import { usePlanAt, usePlanFormActions } from "./editor-context";
import { Field, IssueList } from "./field";
import { fieldId } from "./field-paths";
import { FilterEditor } from "./filter-editor";
import { ArrowDownIcon, ArrowUpIcon, CopyIcon, TrashIcon } from "./icons";
import { TextInput } from "./inputs";
import { NameInput } from "./name-input";
import { OptionsEditor } from "./options-editor";
import type { PlanOutline } from "./use-plan-outline";

/**
 * One operation of the plan as a card: id and description, dependencies, filter, action,
 * options. Memoised: its fields read the draft at their own paths, so an edit elsewhere in the
 * plan leaves the card alone.
 */
export const OperationCard = memo(function OperationCard({
  index,
  outline,
}: {
  index: number;
  outline: PlanOutline;
}) {
  const { edit, readOnly, stats } = usePlanFormActions();
  const base = ["operations", index];
  const operationId: unknown = usePlanAt([...base, "operation_id"]);
  const id = String(operationId ?? "");
  const headingId = `${fieldId(base)}--heading`;
  const operationStats = stats?.[id];
  const count = outline.operationIds.length;

  return (
    <article
      id={fieldId(base)}
      tabIndex={-1}
      aria-labelledby={headingId}
      data-testid={`operation-card-${id}`}
      className="scroll-mt-24 rounded-lg border border-slate-200 bg-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <header className="flex flex-wrap items-start gap-3 border-b border-slate-100 px-4 py-3 md:flex-nowrap">
        <span
          aria-hidden
          className="mt-5 grid size-7 shrink-0 place-items-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
        >
          {index + 1}
        </span>
        <h3 id={headingId} className="sr-only">
          Operation {index + 1}: {id}
        </h3>
        <Field path={[...base, "operation_id"]} label="Operation id" className="w-40 shrink-0">
          {(control) => (
            <NameInput
              {...control}
              value={id}
              problemWith={(name) =>
                !OPERATION_ID.test(name)
                  ? "Use 1–32 letters, digits, _ or -."
                  : outline.operationIds.some((other, i) => i !== index && other === name)
                    ? `${name} is already used by another operation.`
                    : null
              }
              onCommit={(name) => edit((draft) => renameOperation(draft, index, name))}
            />
          )}
        </Field>
        <Field path={[...base, "description"]} label="Description" className="min-w-40 flex-1">
          {(control, field) => (
            <TextInput
              {...control}
              value={field.value}
              placeholder="What this step does, in words"
              onCommit={(text) => field.onChange(text === "" ? undefined : text)}
            />
          )}
        </Field>
        {readOnly ? null : <OperationTools index={index} id={id} count={count} />}
      </header>
      <div className="space-y-5 px-4 py-4">
        {operationStats ? <LastPreview stats={operationStats} /> : null}
        <IssueList path={base} />
        <DependenciesEditor index={index} outline={outline} />
        <FilterEditor path={[...base, "filter"]} />
        <div className="space-y-5 border-t border-slate-100 pt-4">
          <ActionEditor path={[...base, "action"]} variables={outline.variables} />
          <OptionsEditor path={[...base, "options"]} />
        </div>
      </div>
    </article>
  );
});

const toolButton =
  "grid size-8 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40 disabled:hover:bg-transparent";

/** Move, duplicate and remove: the operation's own toolbar. */
function OperationTools({ index, id, count }: { index: number; id: string; count: number }) {
  const { moveOperation, duplicateOperation, removeOperation } = usePlanFormActions();
  return (
    <div role="toolbar" aria-label={`Operation ${id}`} className="mt-5 flex items-center gap-0.5">
      <button
        type="button"
        className={toolButton}
        aria-label={`Move ${id} up`}
        title="Move up"
        disabled={index === 0}
        onClick={() => moveOperation(index, -1)}
      >
        <ArrowUpIcon />
      </button>
      <button
        type="button"
        className={toolButton}
        aria-label={`Move ${id} down`}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => moveOperation(index, 1)}
      >
        <ArrowDownIcon />
      </button>
      <button
        type="button"
        className={toolButton}
        aria-label={`Duplicate ${id}`}
        title="Duplicate"
        onClick={() => duplicateOperation(index)}
      >
        <CopyIcon />
      </button>
      <button
        type="button"
        className={`${toolButton} hover:bg-red-50 hover:text-red-700`}
        aria-label={`Remove ${id}`}
        title="Remove"
        disabled={count === 1}
        onClick={() => removeOperation(index)}
      >
        <TrashIcon />
      </button>
    </div>
  );
}

/** What the last preview counted for this operation. */
function LastPreview({ stats }: { stats: OperationStats }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span>Last preview:</span>
      <span className="rounded bg-slate-100 px-1.5 py-0.5">{stats.matched} matched</span>
      <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-800">
        {stats.changed} changed
      </span>
      {stats.skipped > 0 ? (
        <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800">
          {stats.skipped} skipped
        </span>
      ) : null}
    </p>
  );
}

"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/format";
import { newestFirst, type PlanRevisionSummary } from "./revisions";

export type RestoreResult = { ok: true } | { ok: false; error: string };

/**
 * The plan's saved revisions, newest first, each with who saved it, when and why. Any two can be
 * compared; an older one can be restored (as a new revision, through `onRestore`) or, without
 * `onRestore`, loaded into the editor as unsaved changes.
 */
export function RevisionsPanel({
  revisions,
  dirty,
  readOnly,
  onCompare,
  onRestore,
  onLoad,
}: {
  revisions: readonly PlanRevisionSummary[];
  dirty: boolean;
  readOnly: boolean;
  onCompare: (revisionId: string) => void;
  onRestore?: (revisionId: string) => Promise<RestoreResult>;
  onLoad: (revision: PlanRevisionSummary) => void;
}) {
  const sorted = newestFirst(revisions);
  const latest = sorted[0];
  const [confirming, setConfirming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const restore = (revision: PlanRevisionSummary) => {
    setError(null);
    if (!onRestore) {
      onLoad(revision);
      setConfirming(null);
      return;
    }
    startTransition(async () => {
      const result = await onRestore(revision.id);
      if (result.ok) setConfirming(null);
      else setError(result.error);
    });
  };

  return (
    <section
      aria-labelledby="plan-revisions-heading"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 id="plan-revisions-heading" className="text-sm font-semibold text-slate-900">
          Revisions <span className="font-normal text-slate-500">({revisions.length})</span>
        </h2>
      </header>
      {sorted.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-600">No saved revisions yet.</p>
      ) : (
        <ol className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
          {sorted.map((revision) => {
            const isLatest = revision === latest;
            return (
              <RevisionItem
                key={revision.id}
                revision={revision}
                isLatest={isLatest}
                canCompare={sorted.length > 1 || dirty}
                canRestore={!isLatest && !readOnly}
                restores={onRestore !== undefined}
                dirty={dirty}
                confirming={confirming === revision.id}
                pending={pending}
                error={error}
                onCompare={() => onCompare(revision.id)}
                onAsk={() => {
                  setError(null);
                  setConfirming(revision.id);
                }}
                onConfirm={() => restore(revision)}
                onCancel={() => setConfirming(null)}
              />
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** One saved revision: who, when and why, with compare and restore (after asking). */
function RevisionItem({
  revision,
  isLatest,
  canCompare,
  canRestore,
  restores,
  dirty,
  confirming,
  pending,
  error,
  onCompare,
  onAsk,
  onConfirm,
  onCancel,
}: {
  revision: PlanRevisionSummary;
  isLatest: boolean;
  canCompare: boolean;
  canRestore: boolean;
  /** Restoring saves a new revision (else it loads the plan into the editor). */
  restores: boolean;
  dirty: boolean;
  confirming: boolean;
  pending: boolean;
  error: string | null;
  onCompare: () => void;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <li className="px-4 py-3" data-testid={`revision-${revision.number}`}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium text-slate-900">
          Revision {revision.number}
          {isLatest ? (
            <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-[11px] font-medium text-brand-700">
              Current
            </span>
          ) : null}
        </p>
        <time dateTime={revision.createdAt} className="shrink-0 text-xs text-slate-500">
          {formatDateTime(revision.createdAt)}
        </time>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">by {revision.author}</p>
      {revision.note ? <p className="mt-1 text-sm text-slate-700">“{revision.note}”</p> : null}
      <div className="mt-2 flex flex-wrap gap-1">
        {canCompare ? (
          <Button variant="ghost" size="sm" className="-ml-2" onClick={onCompare}>
            Compare
          </Button>
        ) : null}
        {canRestore ? (
          <Button variant="ghost" size="sm" onClick={onAsk}>
            {restores ? "Restore" : "Load into editor"}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <RestoreConfirm
          number={revision.number}
          restores={restores}
          dirty={dirty}
          pending={pending}
          error={error}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </li>
  );
}

/** "Restore revision N?", with what it will do and what it will lose. */
function RestoreConfirm({
  number,
  restores,
  dirty,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  number: number;
  restores: boolean;
  dirty: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="mt-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        {restores
          ? `Save revision ${number}'s plan as a new revision?`
          : `Load revision ${number} into the editor? Save it to make it current.`}
        {dirty ? " Your unsaved changes will be lost." : ""}
      </p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" onClick={onConfirm} disabled={pending}>
          {pending ? "Restoring…" : restores ? "Restore" : "Load"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

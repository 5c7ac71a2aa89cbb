"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert } from "@/components/ui/field";
import { formatCount } from "@/components/ui/format";
import type { ColumnImpact } from "@/lib/diff/impact";
import type { GuardResult } from "@/lib/executor/types";
import { failedGuards, guardActual, guardLabel, guardLimit } from "./guard-text";
import { ImpactSummary } from "./impact-summary";
import { type SubmitResult, useSubmitOnce } from "./use-submit-once";

export interface ApprovalCounts {
  rowsChanged: number;
  cellsChanged: number;
  operations: number;
  /** The dataset version the preview ran on. */
  baseVersion: number;
}

export interface ApproveDialogProps {
  open: boolean;
  onClose: () => void;
  counts: ApprovalCounts;
  guards: Pick<GuardResult, "guard" | "limit" | "actual" | "passed" | "message">[];
  /** The preview's warnings, repeated here: approving needs them acknowledged. */
  warnings?: readonly string[];
  /** What the change does to each number column. */
  impact?: readonly ColumnImpact[];
  /**
   * Applies the plan. Gets the override reason when a guard failed, and the approver's comment. On `{ ok: true }` the dialog
   * calls `onClose` and stays disabled; on `{ ok: false }` it shows `error` (e.g. a stale plan).
   */
  onApprove: (overrideReason?: string, comment?: string) => Promise<SubmitResult>;
}

export function ApproveDialog({
  open,
  onClose,
  counts,
  guards,
  warnings = [],
  impact = [],
  onApprove,
}: ApproveDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={busy}
      title="Approve plan"
      description="Approving applies the plan now: a new version of the dataset is written in one transaction. It can be reverted later from the history."
    >
      <ApproveForm
        counts={counts}
        guards={guards}
        warnings={warnings}
        impact={impact}
        onApprove={onApprove}
        onClose={onClose}
        onBusyChange={setBusy}
      />
    </Dialog>
  );
}

function ApproveForm({
  counts,
  guards,
  warnings = [],
  impact = [],
  onApprove,
  onClose,
  onBusyChange,
}: Omit<ApproveDialogProps, "open"> & { onBusyChange: (busy: boolean) => void }) {
  const id = useId();
  const failed = failedGuards(guards);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  // Each warning is ticked on its own: one box for all of them is ticked without reading.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [acknowledgeError, setAcknowledgeError] = useState(false);
  const acknowledgeRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [comment, setComment] = useState("");
  const submit = useSubmitOnce(async (overrideReason?: string) => {
    onBusyChange(true);
    try {
      return await onApprove(overrideReason, comment.trim() || undefined);
    } finally {
      onBusyChange(false);
    }
  }, onClose);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ticked.size < warnings.length) {
          setAcknowledgeError(true);
          acknowledgeRef.current?.focus();
          return;
        }
        if (failed.length > 0 && reason.trim() === "") {
          setReasonError("Write why these guards may be overridden; the reason is recorded.");
          reasonRef.current?.focus();
          return;
        }
        void submit.run(failed.length > 0 ? reason.trim() : undefined);
      }}
      className="space-y-4"
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <Count label="Rows changed" value={formatCount(counts.rowsChanged)} />
        <Count label="Cells changed" value={formatCount(counts.cellsChanged)} />
        <Count label="Operations" value={formatCount(counts.operations)} />
        <Count label="Base version" value={`v${counts.baseVersion}`} />
      </dl>

      <ImpactSummary impact={impact} compact />

      {warnings.length > 0 ? (
        <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">
            {warnings.length === 1 ? "1 warning" : `${warnings.length} warnings`} from the preview
          </p>
          <p className="text-xs">Tick each one to say you have read it.</p>
          <ul className="max-h-48 space-y-1.5 overflow-y-auto">
            {warnings.map((warning, index) => (
              <li key={warning}>
                <label className="flex items-start gap-2">
                  <input
                    ref={index === 0 ? acknowledgeRef : undefined}
                    type="checkbox"
                    checked={ticked.has(index)}
                    onChange={(event) => {
                      const next = new Set(ticked);
                      if (event.target.checked) next.add(index);
                      else next.delete(index);
                      setTicked(next);
                      setAcknowledgeError(false);
                    }}
                    aria-invalid={(acknowledgeError && !ticked.has(index)) || undefined}
                    className="mt-0.5 size-4 shrink-0 rounded border-amber-400"
                  />
                  <span>{warning}</span>
                </label>
              </li>
            ))}
          </ul>
          {acknowledgeError ? (
            <p className="text-xs text-red-700">Tick every warning to confirm you read it.</p>
          ) : null}
        </div>
      ) : null}

      {failed.length > 0 ? (
        <div className="space-y-3">
          <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            <p className="font-semibold">
              {failed.length === 1 ? "A guard failed" : `${failed.length} guards failed`}
            </p>
            <ul className="mt-1 space-y-1">
              {failed.map((guard) => (
                <li key={guard.guard}>
                  <span className="font-medium">{guardLabel(guard.guard)}</span>: limit{" "}
                  {guardLimit(guard)}, actual {guardActual(guard)}. {guard.message}
                </li>
              ))}
            </ul>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
              Override reason
            </label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              required
              rows={3}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (reasonError) setReasonError(undefined);
              }}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : `${id}-reason-hint`}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:border-brand-500 aria-invalid:border-red-500"
            />
            {reasonError ? (
              <p id={`${id}-reason-error`} className="text-xs text-red-700">
                {reasonError}
              </p>
            ) : (
              <p id={`${id}-reason-hint`} className="text-xs text-slate-500">
                Required to approve despite failed guards. Recorded with the execution.
              </p>
            )}
          </div>
        </div>
      ) : null}

      <div className="space-y-1">
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium text-slate-800">
          Comment <span className="font-normal text-slate-500">(optional, kept with the run)</span>
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={2000}
          rows={2}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/25"
        />
      </div>

      {submit.error ? <FormAlert>{submit.error}</FormAlert> : null}

      <div className="flex items-center justify-end gap-2 pt-2">
        <p role="status" className="mr-auto text-sm text-slate-600">
          {submit.pending ? "Applying the plan…" : ""}
        </p>
        <Button variant="secondary" onClick={onClose} disabled={submit.pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={failed.length > 0 ? "danger" : "primary"}
          disabled={submit.pending}
          aria-busy={submit.pending || undefined}
        >
          Approve
        </Button>
      </div>
    </form>
  );
}

function Count({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

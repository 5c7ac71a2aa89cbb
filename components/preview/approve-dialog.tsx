"use client";

import { type RefObject, useId, useRef, useState } from "react";
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
  const failed = failedGuards(guards);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
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
      <CountsSummary counts={counts} />
      <ImpactSummary impact={impact} compact />
      {warnings.length > 0 ? (
        <WarningChecklist
          warnings={warnings}
          ticked={ticked}
          showError={acknowledgeError}
          firstRef={acknowledgeRef}
          onChange={(next) => {
            setTicked(next);
            setAcknowledgeError(false);
          }}
        />
      ) : null}
      {failed.length > 0 ? (
        <GuardOverride
          failed={failed}
          reason={reason}
          error={reasonError}
          inputRef={reasonRef}
          onChange={(text) => {
            setReason(text);
            if (reasonError) setReasonError(undefined);
          }}
        />
      ) : null}
      <CommentField value={comment} onChange={setComment} />
      {submit.error ? <FormAlert>{submit.error}</FormAlert> : null}
      <FormActions pending={submit.pending} danger={failed.length > 0} onCancel={onClose} />
    </form>
  );
}

function CountsSummary({ counts }: { counts: ApproveDialogProps["counts"] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <Count label="Rows changed" value={formatCount(counts.rowsChanged)} />
      <Count label="Cells changed" value={formatCount(counts.cellsChanged)} />
      <Count label="Operations" value={formatCount(counts.operations)} />
      <Count label="Base version" value={`v${counts.baseVersion}`} />
    </dl>
  );
}

function FormActions({
  pending,
  danger,
  onCancel,
}: {
  pending: boolean;
  danger: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex items-center justify-end gap-2 pt-2">
      <p role="status" className="mr-auto text-sm text-slate-600">
        {pending ? "Applying the plan…" : ""}
      </p>
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant={danger ? "danger" : "primary"}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        Approve
      </Button>
    </div>
  );
}

/** The approver's optional comment, kept with the run. */
function CommentField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Comment <span className="font-normal text-slate-500">(optional, kept with the run)</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={2000}
        rows={2}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/25"
      />
    </div>
  );
}

/** Each warning of the preview with its own box: one box for all of them is ticked unread. */
function WarningChecklist({
  warnings,
  ticked,
  showError,
  firstRef,
  onChange,
}: {
  warnings: readonly string[];
  ticked: ReadonlySet<number>;
  showError: boolean;
  firstRef: RefObject<HTMLInputElement | null>;
  onChange: (ticked: ReadonlySet<number>) => void;
}) {
  return (
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
                ref={index === 0 ? firstRef : undefined}
                type="checkbox"
                checked={ticked.has(index)}
                onChange={(event) => {
                  const next = new Set(ticked);
                  if (event.target.checked) next.add(index);
                  else next.delete(index);
                  onChange(next);
                }}
                aria-invalid={(showError && !ticked.has(index)) || undefined}
                className="mt-0.5 size-4 shrink-0 rounded border-amber-400"
              />
              <span>{warning}</span>
            </label>
          </li>
        ))}
      </ul>
      {showError ? (
        <p className="text-xs text-red-700">Tick every warning to confirm you read it.</p>
      ) : null}
    </div>
  );
}

/** The guards that failed and the reason that overrides them, recorded with the execution. */
function GuardOverride({
  failed,
  reason,
  error,
  inputRef,
  onChange,
}: {
  failed: ApproveDialogProps["guards"];
  reason: string;
  error: string | undefined;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (reason: string) => void;
}) {
  const id = useId();
  return (
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
          ref={inputRef}
          id={`${id}-reason`}
          required
          rows={3}
          value={reason}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-reason-error` : `${id}-reason-hint`}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:border-brand-500 aria-invalid:border-red-500"
        />
        {error ? (
          <p id={`${id}-reason-error`} className="text-xs text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-reason-hint`} className="text-xs text-slate-500">
            Required to approve despite failed guards. Recorded with the execution.
          </p>
        )}
      </div>
    </div>
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

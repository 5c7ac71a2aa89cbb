"use client";

import { useEffect, useId, useRef, useState, useTransition } from "react";
import { RemoteDiffTable } from "@/components/diff-table/remote-diff-table";
import { ApprovalActions } from "@/components/preview/approval-actions";
import { PreviewSummary } from "@/components/preview/preview-summary";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { approvePlanAction, previewPlanAction, rejectPlanAction } from "@/lib/actions/plans";
import type { ExecutionPlan } from "@/lib/plan/schema";
import type { PlanPermissions } from "./plan-review";
import { SubmitForApproval } from "./submit-for-approval";

type PreviewResponse = Extract<Awaited<ReturnType<typeof previewPlanAction>>, { ok: true }>["data"];
export type PreviewResult = Extract<PreviewResponse, { ok: true }>;

export type PreviewState =
  | { status: "none" }
  | { status: "ready"; result: PreviewResult }
  | { status: "blocked"; response: Extract<PreviewResponse, { ok: false }> }
  | { status: "error"; message: string };

/** Runs the dry run and shows what it found, then lets an approver approve or reject it. */
export function PreviewPanel({
  planId,
  plan,
  preview,
  onPreview,
  permissions,
  confirmBeforeApproval,
  onApproved,
  status,
}: {
  planId: string;
  /** The plan's status: a previewed draft can be submitted from here. */
  status: string;
  plan: ExecutionPlan;
  preview: PreviewState;
  confirmBeforeApproval?: string;
  onPreview: (state: PreviewState) => void;
  permissions: PlanPermissions;
  onApproved: () => void;
}) {
  const [pending, startPreview] = useTransition();
  const { outcome, asked } = useShowWhenArrived(preview);
  const runPreview = () =>
    startPreview(async () => {
      asked.current = true;
      const response = await previewPlanAction({ planId });
      if (!response.ok) onPreview({ status: "error", message: response.error });
      else if (response.data.ok) onPreview({ status: "ready", result: response.data });
      else onPreview({ status: "blocked", response: response.data });
    });

  return (
    <section aria-labelledby="preview-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
            Preview
          </h2>
          <p className="text-sm text-slate-600">
            A dry run of the saved plan on the dataset's current version. Nothing is changed until
            an approver approves it.
          </p>
        </div>
        <Button
          variant={preview.status === "ready" ? "secondary" : "primary"}
          onClick={runPreview}
          disabled={pending || !permissions.preview}
          title={permissions.preview ? undefined : "Your role cannot preview plans."}
        >
          {pending ? "Running…" : preview.status === "ready" ? "Preview again" : "Preview changes"}
        </Button>
      </div>

      <div ref={outcome} tabIndex={-1} className="scroll-mt-4 space-y-4 focus:outline-none">
        {preview.status === "error" ? <FormAlert>{preview.message}</FormAlert> : null}
        {preview.status === "blocked" ? <PreviewBlocked response={preview.response} /> : null}
        {preview.status === "ready" ? (
          <SubmitForApproval planId={planId} status={status} canSubmit={permissions.edit} />
        ) : null}
        {preview.status === "ready" ? (
          <PreviewResultView
            planId={planId}
            plan={plan}
            result={preview.result}
            permissions={permissions}
            confirmBeforeApproval={confirmBeforeApproval}
            onApproved={onApproved}
          />
        ) : null}
      </div>
    </section>
  );
}

/**
 * A preview asked for by a click is brought into view once it arrives (it renders below the
 * editor, often off-screen), and focus moves to it so a screen reader hears the result. Set
 * `asked` when asking; put `outcome` on the element that shows it.
 */
function useShowWhenArrived(preview: PreviewState) {
  const outcome = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current || preview.status === "none") return;
    asked.current = false;
    outcome.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    outcome.current?.focus({ preventScroll: true });
  }, [preview]);
  return { outcome, asked };
}

function PreviewBlocked({ response }: { response: Extract<PreviewResponse, { ok: false }> }) {
  if (response.reason === "invalid_plan") {
    return (
      <FormAlert>
        <p className="font-medium">The plan cannot run until these problems are fixed:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {response.issues
            .filter((issue) => issue.severity === "error")
            .map((issue) => (
              <li key={`${issue.pathText}:${issue.code}`}>{issue.detail}</li>
            ))}
        </ul>
      </FormAlert>
    );
  }
  return (
    <FormAlert>
      <p className="font-medium">The dry run failed: {response.error}</p>
      {response.offendingKeys?.length ? (
        <p className="mt-1">
          Rows: <span className="font-mono">{response.offendingKeys.join(", ")}</span>
        </p>
      ) : null}
      <p className="mt-1">Nothing was applied.</p>
    </FormAlert>
  );
}

function PreviewResultView({
  planId,
  plan,
  result,
  permissions,
  confirmBeforeApproval,
  onApproved,
}: {
  planId: string;
  plan: ExecutionPlan;
  result: PreviewResult;
  permissions: PlanPermissions;
  confirmBeforeApproval?: string;
  onApproved: () => void;
}) {
  const descriptions = Object.fromEntries(
    plan.operations.map((operation) => [operation.operation_id, operation.description]),
  );
  const warnings = [
    ...result.warnings,
    ...result.issues.filter((issue) => issue.severity === "warning").map((issue) => issue.detail),
  ];
  return (
    <div className="space-y-4">
      <Card className="p-5">
        <PreviewSummary
          operations={result.operations}
          descriptions={descriptions}
          guards={result.guards}
          warnings={warnings}
          rowsChanged={result.rowsChanged}
          cellsChanged={result.cellsChanged}
          baseVersion={result.baseVersion}
          rebasedFrom={result.rebasedFrom}
          previewHash={result.previewHash}
          impact={result.impact}
        />
        <ApprovalFooter
          planId={planId}
          result={result}
          warnings={warnings}
          permissions={permissions}
          confirmBeforeApproval={confirmBeforeApproval}
          onApproved={onApproved}
        />
      </Card>
      <RemoteDiffTable
        key={result.previewHash}
        changesUrl={`/api/plans/${planId}/preview/${result.previewHash}/changes`}
        paged
        rowsUrl={`/api/plans/${planId}/preview/${result.previewHash}/rows`}
        count={result.changeCount}
        fileName={`${plan.execution_id}-preview.csv`}
      />
    </div>
  );
}

/** "I understand this overwrites …": ticked before an approval that needs it. */
function ConfirmBox({
  text,
  checked,
  onChange,
}: {
  text: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="mb-3 flex items-start gap-2 text-sm text-slate-800">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 rounded border-slate-300"
      />
      <label htmlFor={id}>{text}</label>
    </div>
  );
}

function approvalCounts(result: PreviewResult) {
  return {
    rowsChanged: result.rowsChanged,
    cellsChanged: result.cellsChanged,
    operations: result.operations.length,
    baseVersion: result.baseVersion.number,
  };
}

/** Approve or reject the previewed plan, after the confirmation the plan may need. */
function ApprovalFooter({
  planId,
  result,
  warnings,
  permissions,
  confirmBeforeApproval,
  onApproved,
}: {
  planId: string;
  result: PreviewResult;
  warnings: string[];
  permissions: PlanPermissions;
  confirmBeforeApproval?: string;
  onApproved: () => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  /** A finished approve or reject: the page shows its outcome; a refusal stays in the dialog. */
  const settled = async (done: Promise<{ ok: true } | { ok: false; error: string }>) => {
    const response = await done;
    if (!response.ok) return { ok: false as const, error: response.error };
    onApproved();
    return { ok: true as const };
  };
  const needsConfirmation = confirmBeforeApproval !== undefined && !confirmed;
  const approveBlocked = !permissions.approve.ok || needsConfirmation;
  return (
    <div className="mt-5 border-t border-slate-100 pt-4">
      {confirmBeforeApproval ? (
        <ConfirmBox text={confirmBeforeApproval} checked={confirmed} onChange={setConfirmed} />
      ) : null}
      <ApprovalActions
        counts={approvalCounts(result)}
        guards={result.guards}
        warnings={warnings}
        impact={result.impact}
        disabled={approveBlocked}
        disabledReason={
          permissions.approve.ok
            ? needsConfirmation
              ? "Confirm the overwrite above to approve."
              : undefined
            : permissions.approve.reason
        }
        onApprove={(overrideReason, comment) =>
          settled(
            approvePlanAction({
              planId,
              revisionId: result.revisionId,
              previewHash: result.previewHash,
              overrideReason,
              comment,
            }),
          )
        }
        onReject={(reason) =>
          permissions.reject
            ? settled(rejectPlanAction({ planId, reason }))
            : Promise.resolve({ ok: false, error: "Your role cannot reject plans." })
        }
      />
    </div>
  );
}

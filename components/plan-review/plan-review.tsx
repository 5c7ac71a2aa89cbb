"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type PlanRevisionSummary, PlanWorkbench } from "@/components/plan-editor/plan-workbench";
import { type SubmitResult, useSubmitOnce } from "@/components/preview/use-submit-once";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormAlert } from "@/components/ui/field";
import { formatCount, formatDateTime } from "@/components/ui/format";
import { copyPlanAction } from "@/lib/actions/plan-drafts";
import { restorePlanRevisionAction, savePlanRevisionAction } from "@/lib/actions/plans";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { PreviewPanel, type PreviewState } from "./preview-panel";

export interface PlanPermissions {
  edit: boolean;
  preview: boolean;
  approve: { ok: true } | { ok: false; reason: string };
  reject: boolean;
  /** May start a new plan (and so copy this one into one). */
  draft: boolean;
}

export interface CompletedExecution {
  id: string;
  executionId: string;
  resultVersion: number | null;
  rowsChanged: number;
  cellsChanged: number;
  approvedBy: string;
}

/** The plan page's interactive part: the editor, the preview and the approval. */
export function PlanReview({
  planId,
  status,
  rejection,
  datasetId,
  profile,
  plan,
  revisions,
  permissions,
  completed,
  confirmBeforeApproval,
}: {
  planId: string;
  status: string;
  /** The latest rejection, shown while the plan is rejected and, once revised, as its past. */
  rejection: RejectionSummary | null;
  datasetId: string;
  profile: DatasetProfile;
  plan: ExecutionPlan;
  revisions: PlanRevisionSummary[];
  permissions: PlanPermissions;
  completed: CompletedExecution | null;
  /** A statement the reviewer must tick before approving (a revert that overwrites later changes). */
  confirmBeforeApproval?: string;
}) {
  const router = useRouter();
  const [preview, setPreview] = useState<PreviewState>({ status: "none" });
  const closed = status === "approved";
  const stats = preview.status === "ready" ? statsById(preview.result.operations) : undefined;
  const { save, restore, copy } = useRevisionActions(planId, () => setPreview({ status: "none" }));

  return (
    <div className="space-y-8">
      {completed ? <ResultPanel execution={completed} datasetId={datasetId} /> : null}
      {rejection ? (
        <RejectionNotice
          rejection={rejection}
          current={status === "rejected"}
          copy={permissions.draft ? copy : undefined}
        />
      ) : null}

      <PlanWorkbench
        plan={plan}
        profile={profile}
        revisions={revisions}
        operationStats={stats}
        readOnly={closed || !permissions.edit}
        onSave={save}
        onRestore={restore}
      />

      {closed ? null : (
        <PreviewPanel
          planId={planId}
          status={status}
          plan={plan}
          preview={preview}
          onPreview={setPreview}
          permissions={permissions}
          confirmBeforeApproval={confirmBeforeApproval}
          onApproved={() => router.refresh()}
        />
      )}
    </div>
  );
}

/**
 * Saving and restoring revisions (a new revision drops the last preview, which no longer holds)
 * and starting a new plan from a rejected one.
 */
function useRevisionActions(planId: string, dropPreview: () => void) {
  const router = useRouter();
  const revised = () => {
    dropPreview();
    router.refresh();
  };
  const save = async (next: ExecutionPlan, note: string) => {
    const result = await savePlanRevisionAction({ planId, plan: next, note });
    if (!result.ok) return { ok: false as const, error: result.error };
    // An identical save keeps the plan as it was, and so its preview.
    if (!result.data.unchanged) revised();
    return { ok: true as const };
  };
  const restore = async (revisionId: string) => {
    const result = await restorePlanRevisionAction({ planId, revisionId });
    if (!result.ok) return { ok: false as const, error: result.error };
    revised();
    return { ok: true as const };
  };
  const copy = async () => {
    const result = await copyPlanAction({ planId });
    if (!result.ok) return { ok: false as const, error: result.error };
    router.push(`/plans/${result.data.planId}`);
    return { ok: true as const };
  };
  return { save, restore, copy };
}

function statsById(
  operations: { operationId: string; matched: number; changed: number; skipped: number }[],
) {
  return Object.fromEntries(operations.map((operation) => [operation.operationId, operation]));
}

function ResultPanel({
  execution,
  datasetId,
}: {
  execution: CompletedExecution;
  datasetId: string;
}) {
  return (
    <Card className="border-emerald-200 bg-emerald-50/60 p-5" aria-labelledby="result-heading">
      <h2 id="result-heading" className="text-base font-semibold text-emerald-900">
        Approved and applied
      </h2>
      <p className="mt-1 text-sm text-emerald-900" data-testid="result-summary">
        Execution <span className="font-mono">{execution.executionId}</span> changed{" "}
        {formatCount(execution.rowsChanged)} rows ({formatCount(execution.cellsChanged)} cells) and
        created version <strong>v{execution.resultVersion}</strong>. Approved by{" "}
        {execution.approvedBy}.
      </p>
      <div className="mt-3 flex gap-4 text-sm">
        <Link
          href={`/executions/${execution.id}`}
          className="font-medium text-brand-700 hover:underline"
        >
          View in history
        </Link>
        <Link
          href={`/datasets/${datasetId}`}
          className="font-medium text-brand-700 hover:underline"
        >
          Open the dataset
        </Link>
      </div>
    </Card>
  );
}

export interface RejectionSummary {
  by: string;
  /** ISO time. */
  at: string;
  reason: string;
}

/** Who rejected the plan, when and why, and what the author can do next. */
function RejectionNotice({
  rejection,
  current,
  copy,
}: {
  rejection: RejectionSummary;
  current: boolean;
  /** Starts a new plan with this one's content, when the viewer may draft plans. */
  copy?: () => Promise<SubmitResult>;
}) {
  const copying = useSubmitOnce(copy ?? (async () => ({ ok: true as const })), () => {});
  return (
    <section
      aria-label="Rejection"
      className={`rounded-md border px-4 py-3 text-sm ${
        current
          ? "border-red-200 bg-red-50 text-red-900"
          : "border-slate-200 bg-slate-50 text-slate-700"
      }`}
    >
      <p className="font-medium">
        {current ? "Rejected" : "Rejected earlier"} by {rejection.by} on{" "}
        {formatDateTime(rejection.at)}
      </p>
      {rejection.reason ? (
        <blockquote className="mt-1 whitespace-pre-line border-l-2 border-current/30 pl-3">
          {rejection.reason}
        </blockquote>
      ) : null}
      <p className="mt-2">
        {current
          ? "Revise the plan below and save it: it becomes a draft again, ready to preview and send for approval."
          : "The plan has been revised since."}
      </p>
      {current && copy ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => copying.run()} disabled={copying.pending}>
            {copying.pending ? "Copying…" : "Copy into a new plan"}
          </Button>
          <span className="text-red-900/80">
            or start again from its content, keeping this one as it is.
          </span>
          {copying.error ? <FormAlert>{copying.error}</FormAlert> : null}
        </div>
      ) : null}
    </section>
  );
}

import "server-only";
import type { Actor } from "@/lib/auth/actor";
import type { WrittenStyle } from "@/lib/dataset/written-style";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { readProfile } from "@/lib/db/datasets";
import { latestRevision, readPlanJson, recordPreview } from "@/lib/db/plans";
import { loadVersionBytes } from "@/lib/db/versions";
import { impactWarnings } from "@/lib/diff/impact";
import { AppError } from "@/lib/errors";
import { type DryRunResult, dictionaryEncodingFor } from "@/lib/executor";
import { hasErrors, type PlanIssue } from "@/lib/plan/issues";
import { validatePlan } from "@/lib/plan/validate";
import { secondReading } from "@/lib/planner/second-reading";
import { previewHash } from "./hashing";
import { cachePreview } from "./preview-cache";
import {
  type PhaseTimings,
  type PlanRun,
  type PlanRunResult,
  phaseClock,
  runPlan,
  versionTable,
} from "./run-plan";

export interface PreviewPlanOptions {
  planId: string;
  actor: Actor;
  /** Filled with the milliseconds each step took (see `PhaseTimings`). */
  phases?: PhaseTimings;
}

export type PlanPreview =
  | ({
      ok: true;
      planId: string;
      revisionId: string;
      revisionNumber: number;
      previewHash: string;
      baseVersion: { id: string; number: number };
      /** Set when the dataset had moved on and the plan was re-based onto its current version. */
      rebasedFrom?: number;
      issues: PlanIssue[];
      /** How the file writes the numbers of columns that do not write them plainly, by name. */
      styles: Record<string, WrittenStyle>;
    } & PlanRunResult)
  | { ok: false; reason: "invalid_plan"; issues: PlanIssue[] }
  | { ok: false; reason: "execution_failed"; error: string; offendingKeys?: string[] };

/**
 * Dry-runs the latest revision of a plan on the dataset's current version and records the
 * preview hash that an approval must present. A plan drafted on an older version is re-based
 * onto the current one first: previewing again is how a reviewer recovers from a stale plan.
 */
export async function previewPlan(options: PreviewPlanOptions): Promise<PlanPreview> {
  const lap = phaseClock(options.phases);
  const { plan, current, revision } = await loadPreviewable(options.planId);
  lap("load");

  const executionPlan = readPlanJson(revision.planJson);
  const profile = readProfile(plan.dataset.profileJson);
  const validation = validatePlan(executionPlan, profile);
  if (hasErrors(validation.issues)) {
    return { ok: false, reason: "invalid_plan", issues: validation.issues };
  }
  lap("validate");

  const base = await versionTable(
    current.id,
    profile.keyColumn,
    () => loadVersionBytes(current.id),
    dictionaryEncodingFor(executionPlan, profile),
    profile.delimiter,
  );
  if (!base.ok) return { ok: false, reason: "execution_failed", error: base.error };
  lap("parse");
  const run = runPlan(executionPlan, base.table, profile, lap);
  if (!run.ok)
    return {
      ok: false,
      reason: "execution_failed",
      error: run.error,
      offendingKeys: run.offendingKeys,
    };

  const hash = previewHash({
    revisionId: revision.id,
    plan: executionPlan,
    baseVersionSha256: current.sha256,
  });
  const rebasedFrom = current.id === plan.baseVersionId ? undefined : plan.baseVersion.number;
  // Read from the profile alone (no scan of every text cell), so previews stay fast.
  validation.issues.push(...secondReading(executionPlan, profile));

  await recordPreviewRun({ plan, current, revision, actor: options.actor, hash, rebasedFrom }, run);
  lap("record");

  cachePreview(hash, {
    planId: plan.id,
    changes: run.result.changes,
    operationIds: run.result.order,
    table: base.table,
  });
  lap("cache");

  return {
    ok: true,
    planId: plan.id,
    revisionId: revision.id,
    revisionNumber: revision.number,
    previewHash: hash,
    baseVersion: { id: current.id, number: current.number },
    rebasedFrom,
    issues: [...validation.issues, ...run.orderIssues],
    ...previewFields(run.result),
    // How the file writes its numbers, for the pages that show them.
    styles: base.table.writtenStyles(),
    // Read from the changes once they are known; not part of the preview hash, which an
    // approval compares with the executor's own result.
    warnings: [
      ...run.result.warnings,
      ...impactWarnings(run.result.changes, executionPlan.operations),
    ],
  };
}

/** The plan, its dataset's current version and its latest revision, if it may be previewed. */
async function loadPreviewable(planId: string) {
  const plan = await db().plan.findUnique({
    where: { id: planId },
    // The bytes are read only when no parsed copy of the version is held (`versionTable`).
    include: {
      dataset: { include: { currentVersion: { omit: { content: true } } } },
      baseVersion: { select: { number: true } },
    },
  });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");
  if (plan.status === "approved") throw new AppError("conflict", "This plan was already approved.");
  if (plan.status === "rejected") {
    throw new AppError(
      "conflict",
      "This plan was rejected. Revise it (save a new revision) before previewing it again.",
    );
  }
  const current = plan.dataset.currentVersion;
  if (!current) throw new AppError("not_found", "The dataset has no version to preview against.");
  const revision = await latestRevision(db(), plan.id);
  if (!revision) throw new AppError("not_found", "The plan has no revision.");
  return { plan, current, revision };
}

type Previewable = Awaited<ReturnType<typeof loadPreviewable>>;

/**
 * Records the preview hash an approval must present, moves the plan onto the version it ran on,
 * and writes the audit event, in one transaction.
 */
async function recordPreviewRun(
  context: Previewable & { actor: Actor; hash: string; rebasedFrom?: number },
  run: Extract<PlanRun, { ok: true }>,
): Promise<void> {
  const { plan, current, revision, hash } = context;
  await db().$transaction(async (tx) => {
    await recordPreview(tx, revision.id, {
      previewHash: hash,
      changeSetHash: run.result.changeSetHash,
      previewRows: run.result.rowsChanged,
    });
    await tx.plan.update({
      where: { id: plan.id },
      // A submitted plan stays in the queue when an approver previews it.
      data: {
        status: plan.status === "submitted" ? "submitted" : "previewed",
        baseVersionId: current.id,
      },
    });
    await recordAuditEvent(tx, {
      actor: context.actor.id,
      type: "plan.previewed",
      subjectType: "plan",
      subjectId: plan.id,
      datasetId: plan.datasetId,
      planId: plan.id,
      detail: {
        revision: revision.number,
        baseVersion: current.number,
        rebasedFrom: context.rebasedFrom,
        rowsChanged: run.result.rowsChanged,
        cellsChanged: run.result.cellsChanged,
        guardsFailed: run.result.guards.filter((guard) => !guard.passed).map((g) => g.guard),
        previewHash: hash,
      },
    });
  });
}

/**
 * The run's findings, picked one by one: a spread would read the output and its hash, which are
 * made on first read, and so assemble and hash the whole file for every preview.
 */
function previewFields(result: DryRunResult): PlanRunResult {
  return {
    order: result.order,
    changes: result.changes,
    operations: result.operations,
    guards: result.guards,
    guardsPassed: result.guardsPassed,
    warnings: result.warnings,
    rowsChanged: result.rowsChanged,
    cellsChanged: result.cellsChanged,
    changeSetHash: result.changeSetHash,
    variables: result.variables,
  };
}

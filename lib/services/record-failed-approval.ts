import "server-only";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { insertExecution } from "@/lib/db/execution-writes";
import { markPlanFailed, readPlanJson } from "@/lib/db/plans";
import { isAppError } from "@/lib/errors";
import type { ExecutionPlan } from "@/lib/plan/schema";
import type { ApprovePlanOptions } from "./approve-plan";
import { planHash } from "./hashing";

/**
 * An approval that did not go through, kept as an execution of its own with an audit event: a
 * refusal (the approval rules doing their job: a stale plan, a failed guard) or a failure.
 */

/** Refusals are the approval rules doing their job; everything else is a failure. */
const REFUSAL_CODES = new Set([
  "stale_plan",
  "execution_id_used",
  "guard_failed",
  "conflict",
  "forbidden",
]);

export async function recordFailedApproval(
  options: ApprovePlanOptions,
  plan: { id: string; datasetId: string; instruction: string; planner: string },
  startedAt: Date,
  error: unknown,
): Promise<void> {
  const status = isAppError(error) && REFUSAL_CODES.has(error.code) ? "refused" : "failed";
  const message = error instanceof Error ? error.message : String(error);
  try {
    await db().$transaction(async (tx) => {
      const revision = await tx.planRevision.findUnique({ where: { id: options.revisionId } });
      const dataset = await tx.dataset.findUniqueOrThrow({ where: { id: plan.datasetId } });
      let executionPlan: ExecutionPlan | undefined;
      try {
        executionPlan = revision ? readPlanJson(revision.planJson) : undefined;
      } catch {
        executionPlan = undefined;
      }
      const execution = await insertExecution(tx, {
        executionId: executionPlan?.execution_id ?? "unknown",
        idempotencyKey: null,
        datasetId: plan.datasetId,
        planId: plan.id,
        planRevisionId: revision?.id ?? null,
        baseVersionId: dataset.currentVersionId ?? "",
        status,
        source: "web",
        planner: plan.planner,
        instruction: executionPlan?.source_instruction ?? plan.instruction,
        operationsCount: executionPlan?.operations.length ?? 0,
        previewHash: options.previewHash,
        planHash: executionPlan ? planHash(executionPlan) : "",
        planSnapshotJson: revision?.planJson ?? "{}",
        approvedBy: options.actor.id,
        overrideReason: options.overrideReason ?? null,
        error: message,
        startedAt,
        finishedAt: new Date(),
      });
      if (status === "failed") await markPlanFailed(tx, plan.id);
      await recordAuditEvent(tx, {
        actor: options.actor.id,
        type: status === "refused" ? "execution.refused" : "execution.failed",
        subjectType: "execution",
        subjectId: execution.id,
        datasetId: plan.datasetId,
        planId: plan.id,
        executionId: execution.id,
        detail: { error: message, code: isAppError(error) ? error.code : "internal" },
      });
    });
  } catch (recordError) {
    // The approval's own error is what the user needs to see; losing the record of a failed
    // attempt is logged rather than allowed to mask it.
    console.error("Could not record the failed approval attempt", recordError);
  }
}

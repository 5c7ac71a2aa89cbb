import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";
import { findExecution, laterChangesToSameCells, loadExecutionChanges } from "@/lib/db/executions";
import { insertPlan, usedExecutionIds } from "@/lib/db/plans";
import { AppError } from "@/lib/errors";
import { inversePlan } from "@/lib/executor";

export interface RevertExecutionOptions {
  /** The Execution row's id. */
  executionId: string;
  actor: Actor;
  now?: Date;
}

export interface RevertPlanDrafted {
  planId: string;
  /** True when an open revert plan already existed and is returned instead of a new one. */
  existing: boolean;
  /** Cells later executions changed again, which the revert would overwrite. */
  laterChanges: number;
}

/** Revert plans still under review; a second click on Revert opens the same one. */
const OPEN_PLAN_STATUSES = new Set(["draft", "previewed", "submitted"]);

/**
 * Drafts the plan that undoes a completed execution: every cell it changed
 * goes back to its value before the execution. The plan is built against the dataset's current
 * version, so it goes through the normal review (preview, approve); when it is approved the
 * original execution is marked reverted. Cells that later executions changed again are counted
 * here, recorded on the audit event, and shown by the review (`laterChangesToSameCells`).
 */
export async function revertExecution(options: RevertExecutionOptions): Promise<RevertPlanDrafted> {
  const execution = await findExecution(options.executionId);
  if (!execution) throw new AppError("not_found", "That execution does not exist.");
  if (execution.status === "reverted") {
    throw new AppError(
      "conflict",
      `This execution was already reverted${execution.revertedBy ? ` by ${execution.revertedBy.executionId}` : ""}.`,
    );
  }
  if (execution.status !== "completed") {
    throw new AppError(
      "invalid_input",
      `Only a completed execution can be reverted; this one ${execution.status === "failed" ? "failed" : "was refused"} and changed nothing.`,
    );
  }
  const open = execution.revertPlans.find((plan) => OPEN_PLAN_STATUSES.has(plan.status));
  const laterChanges = await laterChangesToSameCells(execution.id);
  if (open) return { planId: open.id, existing: true, laterChanges: laterChanges.length };
  if (!execution.dataset.currentVersionId) {
    throw new AppError("not_found", "The dataset has no current version to revert against.");
  }

  const now = options.now ?? new Date();
  const inverse = inversePlan(await loadExecutionChanges(execution.id), {
    keyColumn: execution.dataset.keyColumn,
    executionId: await revertExecutionId(execution.executionId),
    createdAt: now.toISOString(),
    sourceInstruction: `Revert ${execution.executionId}: ${execution.instruction}`.slice(0, 4000),
  });
  if (!inverse.ok) {
    throw new AppError(
      "invalid_plan",
      `This execution cannot be reverted: ${inverse.message}`,
      inverse.reason === "too_many_groups" ? { groups: inverse.groups } : undefined,
    );
  }

  const planId = await db().$transaction(async (tx) => {
    const created = await insertPlan(tx, {
      datasetId: execution.datasetId,
      baseVersionId: execution.dataset.currentVersionId as string,
      instruction: inverse.plan.source_instruction,
      planner: "revert",
      revertOfId: execution.id,
      plan: inverse.plan,
      createdBy: options.actor.id,
      note: `Inverse of ${execution.executionId}`,
    });
    await recordAuditEvent(tx, {
      actor: options.actor.id,
      type: "plan.drafted",
      subjectType: "plan",
      subjectId: created.planId,
      datasetId: execution.datasetId,
      planId: created.planId,
      executionId: execution.id,
      detail: {
        kind: "revert",
        revertOf: execution.executionId,
        operations: inverse.plan.operations.length,
        laterChanges: laterChanges.length,
        laterChangedCells: laterChanges
          .slice(0, 20)
          .map((cell) => ({ rowKey: cell.rowKey, column: cell.column, by: cell.laterExecutionId })),
      },
    });
    return created.planId;
  });
  return { planId, existing: false, laterChanges: laterChanges.length };
}

/** `revert_<original>`, shortened to fit the 64-character limit and made unique. */
async function revertExecutionId(original: string): Promise<string> {
  const base = `revert_${original}`.slice(0, 56);
  const taken = await usedExecutionIds(base);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

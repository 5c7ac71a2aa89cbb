import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { readProfile } from "@/lib/db/datasets";
import {
  insertPlanRevision,
  latestRevision,
  movePlanStatus,
  readPlanJson,
  revisionExecutionIds,
  usedExecutionIds,
} from "@/lib/db/plans";
import { AppError } from "@/lib/errors";
import { canonicalJson } from "@/lib/plan/canonical";
import { executionIdBase, nextFreeExecutionId } from "@/lib/plan/execution-id";
import { validatePlan } from "@/lib/plan/validate";

export interface SavePlanRevisionOptions {
  planId: string;
  plan: unknown;
  note?: string;
  actor: Actor;
}

/**
 * Saves an edit as the plan's next revision. The plan must match the schema; problems against
 * the dataset are allowed to stay (the editor shows them and preview refuses to run on them).
 * A saved edit invalidates earlier previews: approval is bound to a revision.
 */
export async function savePlanRevision(options: SavePlanRevisionOptions) {
  const plan = await db().plan.findUnique({
    where: { id: options.planId },
    include: { dataset: { select: { profileJson: true } } },
  });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");
  // A rejected plan is revised in place: the new revision makes it a draft again.
  if (plan.status === "approved") {
    throw new AppError("conflict", "This plan was already approved; draft a new one to change it.");
  }
  const validation = validatePlan(options.plan, readProfile(plan.dataset.profileJson));
  if (!validation.parsed) {
    throw new AppError(
      "invalid_plan",
      validation.issues.map((issue) => issue.message).join("\n") || "The plan is not valid.",
    );
  }
  const parsed = validation.parsed;
  return db().$transaction(async (tx) => {
    // A save that changes nothing is not a revision: it would make the saver an author of
    // someone else's content (and the four-eyes rule looks at authors).
    const latest = await latestRevision(tx, plan.id);
    if (latest && canonicalJson(readPlanJson(latest.planJson)) === canonicalJson(parsed)) {
      return { revisionId: latest.id, number: latest.number, unchanged: true };
    }
    // New content is a new execution: an id an earlier revision carried moves on to the next
    // free one of its series, so this revision is never taken for a replay of an earlier one.
    // An id the author typed is theirs to keep.
    const earlier = latest ? await revisionExecutionIds(tx, plan.id) : new Set<string>();
    const content = earlier.has(parsed.execution_id)
      ? {
          ...parsed,
          execution_id: nextFreeExecutionId(
            parsed.execution_id,
            await usedExecutionIds(executionIdBase(parsed.execution_id), tx),
          ),
        }
      : parsed;
    const revision = await insertPlanRevision(tx, {
      planId: plan.id,
      plan: content,
      author: options.actor.id,
      note: options.note?.trim() || null,
    });
    await movePlanStatus(tx, plan, "draft", {
      actor: options.actor.id,
      type: "plan.edited",
      detail: { revision: revision.number, note: revision.note },
    });
    return {
      revisionId: revision.id,
      number: revision.number,
      unchanged: false,
      executionId: content.execution_id,
    };
  });
}

/** Makes an earlier revision the latest again, as a new revision (history is never rewritten). */
export async function restorePlanRevision(options: {
  planId: string;
  revisionId: string;
  actor: Actor;
}) {
  const revision = await db().planRevision.findUnique({ where: { id: options.revisionId } });
  if (!revision || revision.planId !== options.planId) {
    throw new AppError("not_found", "That revision does not exist.");
  }
  return savePlanRevision({
    planId: options.planId,
    plan: readPlanJson(revision.planJson),
    note: `Restored revision ${revision.number}`,
    actor: options.actor,
  });
}

/**
 * Puts a previewed plan in the approval queue. It must have a preview of its latest revision on
 * the dataset's current version: an approver is asked to approve what the author has seen. Any
 * later edit makes it a draft again (`savePlanRevision`).
 */
export async function submitPlan(options: { planId: string; actor: Actor }) {
  const plan = await db().plan.findUnique({
    where: { id: options.planId },
    include: { dataset: { select: { currentVersionId: true } } },
  });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");
  if (plan.status === "submitted") return { submitted: true, already: true };
  if (plan.status === "approved") throw new AppError("conflict", "This plan was already approved.");
  if (plan.status === "rejected") {
    throw new AppError(
      "conflict",
      "This plan was rejected; revise it, preview it, then submit it.",
    );
  }
  if (plan.status !== "previewed") {
    throw new AppError(
      "conflict",
      "Preview the plan first: an approver reviews what the preview shows.",
    );
  }
  if (plan.baseVersionId !== plan.dataset.currentVersionId) {
    throw new AppError(
      "stale_plan",
      "The dataset changed since this preview. Preview again, then submit.",
    );
  }
  await db().$transaction(async (tx) => {
    await movePlanStatus(tx, plan, "submitted", {
      actor: options.actor.id,
      type: "plan.submitted",
      detail: {},
    });
  });
  return { submitted: true, already: false };
}

/**
 * Rejects a plan with the reviewer's reason: it cannot be previewed or approved until its author
 * revises it (a new revision makes it a draft again).
 */
export async function rejectPlan(options: { planId: string; reason: string; actor: Actor }) {
  const plan = await db().plan.findUnique({ where: { id: options.planId } });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");
  if (plan.status === "approved") throw new AppError("conflict", "This plan was already approved.");
  await db().$transaction(async (tx) => {
    await movePlanStatus(tx, plan, "rejected", {
      actor: options.actor.id,
      type: "plan.rejected",
      detail: { reason: options.reason.trim() },
    });
  });
}

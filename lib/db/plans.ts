import "server-only";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";
import { type AuditEventType, recordAuditEvent } from "./audit";
import { db, type Tx } from "./client";
import { readJson } from "./json";

export function readPlanJson(planJson: string): ExecutionPlan {
  return readJson(executionPlanSchema, planJson, "plan");
}

export interface NewPlan {
  datasetId: string;
  baseVersionId: string;
  instruction: string;
  planner: string;
  model?: string | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  latencyMs?: number | null;
  revertOfId?: string | null;
  plan: ExecutionPlan;
  createdBy: string;
  note?: string;
}

/** A plan with its first revision. */
export async function insertPlan(tx: Tx, input: NewPlan) {
  const plan = await tx.plan.create({
    data: {
      datasetId: input.datasetId,
      baseVersionId: input.baseVersionId,
      instruction: input.instruction,
      planner: input.planner,
      model: input.model ?? null,
      inputTokens: input.inputTokens ?? null,
      outputTokens: input.outputTokens ?? null,
      latencyMs: input.latencyMs ?? null,
      revertOfId: input.revertOfId ?? null,
      createdBy: input.createdBy,
    },
  });
  const revision = await tx.planRevision.create({
    data: {
      planId: plan.id,
      number: 1,
      planJson: JSON.stringify(input.plan),
      author: input.createdBy,
      note: input.note ?? null,
    },
  });
  return { planId: plan.id, revisionId: revision.id };
}

export async function insertPlanRevision(
  tx: Tx,
  input: { planId: string; plan: ExecutionPlan; author: string; note?: string | null },
) {
  const latest = await tx.planRevision.findFirst({
    where: { planId: input.planId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  return tx.planRevision.create({
    data: {
      planId: input.planId,
      number: (latest?.number ?? 0) + 1,
      planJson: JSON.stringify(input.plan),
      author: input.author,
      note: input.note ?? null,
    },
  });
}

export function latestRevision(client: Tx, planId: string) {
  return client.planRevision.findFirst({ where: { planId }, orderBy: { number: "desc" } });
}

/** Everyone who wrote a revision of the plan. */
export async function revisionAuthors(client: Tx, planId: string): Promise<string[]> {
  const rows = await client.planRevision.findMany({
    where: { planId },
    select: { author: true },
    distinct: ["author"],
  });
  return rows.map((row) => row.author);
}

/** Everything the plan page shows, newest revision first. */
export async function findPlanForReview(planId: string) {
  return db().plan.findUnique({
    where: { id: planId },
    include: {
      dataset: {
        select: {
          id: true,
          name: true,
          profileJson: true,
          currentVersion: { select: { id: true, number: true } },
        },
      },
      baseVersion: { select: { id: true, number: true, rowCount: true } },
      revisions: {
        orderBy: { number: "desc" },
        select: {
          id: true,
          number: true,
          author: true,
          note: true,
          createdAt: true,
          previewHash: true,
          previewedAt: true,
          planJson: true,
        },
      },
      executions: {
        orderBy: { createdAt: "desc" },
        select: {
          id: true,
          executionId: true,
          status: true,
          createdAt: true,
          error: true,
          approvedBy: true,
          rowsChanged: true,
          cellsChanged: true,
          resultVersion: { select: { number: true } },
        },
      },
      revertOf: { select: { id: true, executionId: true, instruction: true } },
    },
  });
}

export type PlanForReview = NonNullable<Awaited<ReturnType<typeof findPlanForReview>>>;

export function recordPreview(
  tx: Tx,
  revisionId: string,
  preview: { previewHash: string; changeSetHash: string; previewRows: number },
) {
  return tx.planRevision.update({
    where: { id: revisionId },
    data: { ...preview, previewedAt: new Date() },
  });
}

/**
 * Execution ids already taken by executions or by drafted plans, so a planner can make a new
 * one unique: two drafts of the same instruction must not collide at approval.
 */
export async function usedExecutionIds(prefix: string, client: Tx = db()): Promise<Set<string>> {
  const [executions, revisions] = await Promise.all([
    client.execution.findMany({
      where: { executionId: { startsWith: prefix } },
      select: { executionId: true },
      distinct: ["executionId"],
    }),
    client.planRevision.findMany({
      where: { planJson: { contains: `"execution_id":"${prefix}` } },
      select: { planJson: true },
    }),
  ]);
  const ids = new Set(executions.map((row) => row.executionId));
  for (const { planJson } of revisions) {
    const match = /"execution_id":"([^"]+)"/.exec(planJson);
    if (match) ids.add(match[1]);
  }
  return ids;
}

/** The execution ids the plan's revisions have carried. */
export async function revisionExecutionIds(client: Tx, planId: string): Promise<Set<string>> {
  const revisions = await client.planRevision.findMany({
    where: { planId },
    select: { planJson: true },
  });
  return new Set(revisions.map(({ planJson }) => readPlanJson(planJson).execution_id));
}

export interface Rejection {
  by: string;
  at: Date;
  reason: string;
}

/** The plan's latest rejection (who, when, why), if it was ever rejected. */
export async function latestRejection(planId: string): Promise<Rejection | null> {
  const event = await db().auditEvent.findFirst({
    where: { planId, type: "plan.rejected" },
    orderBy: { createdAt: "desc" },
    select: { actor: true, createdAt: true, detailJson: true },
  });
  if (!event) return null;
  const detail = JSON.parse(event.detailJson) as { reason?: unknown };
  return {
    by: event.actor,
    at: event.createdAt,
    reason: typeof detail.reason === "string" ? detail.reason : "",
  };
}

/** The plan was approved: its execution and audit events are written beside this. */
export function markPlanApproved(tx: Tx, planId: string) {
  return tx.plan.update({ where: { id: planId }, data: { status: "approved" } });
}

/** An approval failed (not refused): the plan shows it until it is revised. */
export function markPlanFailed(tx: Tx, planId: string) {
  return tx.plan.update({ where: { id: planId }, data: { status: "failed" } });
}

/**
 * A plan's move to draft, submitted or rejected, with the audit event that records it, in the
 * caller's transaction.
 */
export async function movePlanStatus(
  tx: Tx,
  plan: { id: string; datasetId: string },
  status: "draft" | "submitted" | "rejected",
  event: { actor: string; type: AuditEventType; detail: Record<string, unknown> },
) {
  await tx.plan.update({ where: { id: plan.id }, data: { status } });
  await recordAuditEvent(tx, {
    ...event,
    subjectType: "plan",
    subjectId: plan.id,
    datasetId: plan.datasetId,
    planId: plan.id,
  });
}

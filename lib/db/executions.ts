import "server-only";
import { z } from "zod";
import { nameWithEmail } from "@/lib/auth/actor-label";
import type { GuardResult, OperationStats } from "@/lib/executor";
import { db } from "./client";
import { readJson } from "./json";
import { actorLabels } from "./users";

/**
 * The read side of executions: the execution page, its change records and audit trail, row
 * history, and the cells a revert would overwrite. (Approval writes them: lib/services/approve-plan.)
 */

const operationStatsSchema = z.array(
  z.looseObject({
    operationId: z.string(),
    matched: z.number(),
    changed: z.number(),
    skipped: z.number(),
  }),
);

const guardResultsSchema = z.array(
  z.looseObject({
    guard: z.enum(["max_rows_changed", "max_change_percent", "min_value", "max_value"]),
    limit: z.number(),
    // JSON has no Infinity: a change from 0 is stored as null.
    actual: z.number().nullable(),
    passed: z.boolean(),
    message: z.string(),
    offendingKeys: z.array(z.string()).optional(),
  }),
);

/** A stored plan snapshot: parsed as JSON, kept as written (a failed attempt may hold `{}`). */
function readSnapshot(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Everything the execution page shows except its change records. */
export async function findExecution(id: string) {
  const execution = await db().execution.findUnique({
    where: { id },
    include: {
      dataset: { select: { id: true, name: true, keyColumn: true, currentVersionId: true } },
      baseVersion: { select: { id: true, number: true } },
      resultVersion: { select: { id: true, number: true } },
      plan: { select: { id: true, planner: true, model: true, createdBy: true, revertOfId: true } },
      planRevision: { select: { id: true, number: true, author: true } },
      revertedBy: { select: { id: true, executionId: true, createdAt: true } },
      reverts: { select: { id: true, executionId: true } },
      revertPlans: {
        select: { id: true, status: true, createdAt: true },
        orderBy: { createdAt: "desc" },
      },
    },
  });
  if (!execution) return null;
  const { statsJson, guardsJson, planSnapshotJson, ...rest } = execution;
  const names = await actorLabels([execution.approvedBy]);
  return {
    ...rest,
    approverName: nameWithEmail(names.get(execution.approvedBy), execution.approvedBy),
    stats: readJson(operationStatsSchema, statsJson, "operation statistics") as OperationStats[],
    guards: readJson(guardResultsSchema, guardsJson, "guard results") as GuardResult[],
    planSnapshot: readSnapshot(planSnapshotJson),
    planSnapshotJson,
  };
}

export type ExecutionDetail = NonNullable<Awaited<ReturnType<typeof findExecution>>>;

export interface StoredChange {
  seq: number;
  operationId: string;
  rowKey: string;
  column: string;
  before: string;
  after: string;
}

const changeSelect = {
  seq: true,
  operationId: true,
  rowKey: true,
  column: true,
  before: true,
  after: true,
} as const;

/** Every change record of an execution, in executor order, read in batches. */
export async function* iterateExecutionChanges(
  executionId: string,
  batch = 20_000,
): AsyncGenerator<StoredChange[]> {
  let after = -1;
  for (;;) {
    const changes = await db().change.findMany({
      where: { executionId, seq: { gt: after } },
      orderBy: { seq: "asc" },
      take: batch,
      select: changeSelect,
    });
    if (changes.length === 0) return;
    yield changes;
    after = changes[changes.length - 1].seq;
    if (changes.length < batch) return;
  }
}

/** Every change record of an execution, in executor order. */
export async function loadExecutionChanges(executionId: string): Promise<StoredChange[]> {
  const all: StoredChange[] = [];
  for await (const batch of iterateExecutionChanges(executionId)) {
    for (const change of batch) all.push(change);
  }
  return all;
}

/**
 * The audit trail around an execution, oldest first: the plan's events (drafted, edited,
 * previewed) and the execution's own (approved, applied, failed, reverted).
 */
export async function listExecutionEvents(execution: { id: string; planId: string | null }) {
  const events = await db().auditEvent.findMany({
    where: {
      OR: [
        { executionId: execution.id },
        ...(execution.planId ? [{ planId: execution.planId, executionId: null }] : []),
      ],
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      createdAt: true,
      actor: true,
      type: true,
      executionId: true,
      detailJson: true,
    },
  });
  const names = await actorLabels(events.map((event) => event.actor));
  return events.map(({ detailJson, ...event }) => ({
    ...event,
    actorName: names.get(event.actor)?.name ?? event.actor,
    detail: (readSnapshot(detailJson) ?? {}) as Record<string, unknown>,
  }));
}

export type ExecutionEvent = Awaited<ReturnType<typeof listExecutionEvents>>[number];

export interface LaterCellChange {
  rowKey: string;
  column: string;
  /** The value the reverted execution wrote (its last `after` for the cell). */
  wroteValue: string;
  /** The later execution that changed the same cell. */
  laterId: string;
  laterExecutionId: string;
  laterCreatedAt: Date;
  laterBefore: string;
  laterAfter: string;
}

/**
 * Cells this execution changed that later executions on the same dataset changed again, newest
 * last. Reverting this execution would overwrite those later changes; the revert's review shows
 * them and asks the reviewer to confirm. Failed and refused attempts changed nothing, so only
 * completed (or since reverted) executions count.
 */
export async function laterChangesToSameCells(executionId: string): Promise<LaterCellChange[]> {
  const rows = await db().$queryRaw<
    Array<{
      rowKey: string;
      column: string;
      wroteValue: string;
      laterId: string;
      laterExecutionId: string;
      laterCreatedAt: Date | string | number;
      laterBefore: string;
      laterAfter: string;
    }>
  >`
    SELECT mine."rowKey" AS "rowKey", mine."column" AS "column", mine."after" AS "wroteValue",
           later."executionId" AS "laterId", e."executionId" AS "laterExecutionId",
           e."createdAt" AS "laterCreatedAt", later."before" AS "laterBefore", later."after" AS "laterAfter"
    FROM "Change" AS mine
    JOIN "Execution" AS this ON this."id" = mine."executionId"
    JOIN "Change" AS later
      ON later."datasetId" = mine."datasetId" AND later."rowKey" = mine."rowKey"
     AND later."column" = mine."column" AND later."executionId" <> mine."executionId"
    JOIN "Execution" AS e ON e."id" = later."executionId"
    WHERE mine."executionId" = ${executionId}
      AND e."status" IN ('completed', 'reverted')
      AND e."createdAt" > this."createdAt"
      AND mine."seq" = (
        SELECT MAX(last."seq") FROM "Change" AS last
        WHERE last."executionId" = mine."executionId" AND last."rowKey" = mine."rowKey"
          AND last."column" = mine."column")
    ORDER BY e."createdAt" ASC, later."seq" ASC`;
  return rows.map((row) => ({ ...row, laterCreatedAt: new Date(row.laterCreatedAt) }));
}

/** Every change ever made to one row of a dataset, newest first, with its execution. */
export async function rowHistory(datasetId: string, rowKey: string) {
  const changes = await db().change.findMany({
    where: { datasetId, rowKey },
    select: { ...changeSelect, executionId: true },
  });
  const executions = await db().execution.findMany({
    where: { id: { in: [...new Set(changes.map((change) => change.executionId))] } },
    select: {
      id: true,
      executionId: true,
      createdAt: true,
      instruction: true,
      status: true,
      approvedBy: true,
      resultVersion: { select: { number: true } },
    },
  });
  const names = await actorLabels(executions.map((execution) => execution.approvedBy));
  const byId = new Map(
    executions.map((execution) => [
      execution.id,
      {
        ...execution,
        approverName: nameWithEmail(names.get(execution.approvedBy), execution.approvedBy),
      },
    ]),
  );
  // A change record always has its execution (both are written in one transaction).
  return changes
    .flatMap(({ executionId, ...change }) => {
      const execution = byId.get(executionId);
      return execution ? [{ ...change, execution }] : [];
    })
    .sort(
      (a, b) =>
        b.execution.createdAt.getTime() - a.execution.createdAt.getTime() ||
        (a.execution.id === b.execution.id
          ? b.seq - a.seq
          : a.execution.id < b.execution.id
            ? 1
            : -1),
    );
}

export type RowHistoryEntry = Awaited<ReturnType<typeof rowHistory>>[number];

/** How many change records an execution has. */
export function countExecutionChanges(executionId: string): Promise<number> {
  return db().change.count({ where: { executionId } });
}

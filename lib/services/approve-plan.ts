import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { canApprove } from "@/lib/auth/four-eyes";
import type { CsvTable } from "@/lib/dataset/csv";
import { deflatedLinePatchAside, sha256Aside } from "@/lib/dataset/scan-worker";
import { recordAuditEvent } from "@/lib/db/audit";
import { db, type Tx } from "@/lib/db/client";
import { readProfile } from "@/lib/db/datasets";
import { insertChanges, insertExecution, markExecutionReverted } from "@/lib/db/execution-writes";
import { latestRevision, markPlanApproved, readPlanJson, revisionAuthors } from "@/lib/db/plans";
import { appendVersion } from "@/lib/db/version-writes";
import { loadVersionBytes } from "@/lib/db/versions";
import { AppError } from "@/lib/errors";
import { type DryRunResult, dictionaryEncodingFor } from "@/lib/executor";
import { planHash, previewHash } from "./hashing";
import { collectGarbage } from "./idle-release";
import { forgetPreviewsOf } from "./preview-cache";
import { recordFailedApproval } from "./record-failed-approval";
import {
  type Lap,
  type PhaseTimings,
  phaseClock,
  profileNewVersion,
  runPlan,
  versionTable,
} from "./run-plan";
import { rememberTable } from "./table-cache";

export interface ApprovePlanOptions {
  planId: string;
  /** The revision the reviewer previewed. */
  revisionId: string;
  /** The hash the preview returned; approval is bound to it. */
  previewHash: string;
  /** Required when a guard failed: why the approver overrides it. */
  overrideReason?: string;
  /** What the approver wants to say with the approval (kept with the execution). */
  comment?: string;
  actor: Actor;
  /** SIGNOFF_ALLOW_SELF_APPROVAL (the action passes it): may a revision's author approve it? */
  allowSelfApproval?: boolean;
  /** Test hook: runs inside the transaction after the new version is written. */
  afterVersionWrite?: (tx: Tx) => Promise<void>;
  /** Filled with the milliseconds each step took (see `PhaseTimings`). */
  phases?: PhaseTimings;
}

export interface ApprovedExecution {
  executionId: string;
  /** The Execution row's id, for links. */
  id: string;
  datasetId: string;
  resultVersionNumber: number;
  rowsChanged: number;
  cellsChanged: number;
  /** True when this approval had already been applied and its result is returned again. */
  replayed: boolean;
}

/**
 * Approves a previewed plan revision and applies it (docs/plan-format.md "Approval"), all in one
 * transaction: idempotency on execution_id, stale checks against the preview, a re-run of the
 * executor whose change-set hash must match the preview, then the new version, the execution,
 * its change records and the audit events. Any failure rolls everything back; the attempt is
 * then recorded as a failed or refused execution in its own small transaction.
 */
export async function approvePlan(options: ApprovePlanOptions): Promise<ApprovedExecution> {
  const startedAt = new Date();
  const plan = await db().plan.findUnique({
    where: { id: options.planId },
    select: { id: true, datasetId: true, instruction: true, planner: true, revertOfId: true },
  });
  if (!plan) throw new AppError("not_found", "That plan does not exist.");

  const lap = phaseClock(options.phases);
  try {
    const { approved, newVersion } = await db().$transaction(
      (tx) => applyInTransaction(tx, { ...options, startedAt, datasetId: plan.datasetId }, lap),
      { timeout: 120_000, maxWait: 120_000 },
    );
    lap("commit");
    // Committed: the next preview of this dataset starts from the table parsed here.
    if (newVersion) rememberTable(newVersion.id, newVersion.table);
    return approved;
  } catch (error) {
    await recordFailedApproval(options, plan, startedAt, error);
    throw error;
  }
}

/**
 * The approval's steps, in its transaction: load what was previewed, settle idempotency, check
 * the preview still holds, re-run the executor, record the result.
 */
async function applyInTransaction(
  tx: Tx,
  options: ApprovePlanOptions & { startedAt: Date; datasetId: string },
  lap: Lap,
): Promise<{ approved: ApprovedExecution; newVersion?: { id: string; table: CsvTable } }> {
  const approval = await loadApproval(tx, options);
  const replayed = await replayOrConflict(tx, approval);
  if (replayed) return { approved: replayed };
  const checked = await checkPreviewStillHolds(tx, approval, options);
  lap("checks");
  const rerun = await rerunExecutor(tx, approval, checked, options, lap);
  return recordApproval(tx, approval, checked, rerun, options, lap);
}

type Approval = Awaited<ReturnType<typeof loadApproval>>;

/** The plan, its dataset and current version, and the revision being approved. */
async function loadApproval(tx: Tx, options: ApprovePlanOptions & { datasetId: string }) {
  // Take SQLite's write lock before reading anything: a transaction that reads first and writes
  // later fails outright (SQLITE_BUSY) if another process, such as the CLI, committed meanwhile.
  await tx.$executeRaw`UPDATE "Dataset" SET "updatedAt" = "updatedAt" WHERE "id" = ${options.datasetId}`;
  const plan = await tx.plan.findUniqueOrThrow({
    where: { id: options.planId },
    // The bytes are read only when no parsed copy of the version is held (`versionTable`).
    include: { dataset: { include: { currentVersion: { omit: { content: true } } } } },
  });
  const revision = await tx.planRevision.findUnique({ where: { id: options.revisionId } });
  if (!revision || revision.planId !== plan.id) {
    throw new AppError("not_found", "That plan revision does not exist.");
  }
  const executionPlan = readPlanJson(revision.planJson);
  return { plan, revision, executionPlan, hashOfPlan: planHash(executionPlan) };
}

/**
 * The execution_id is held by at most one completed execution. Only this plan's own content on
 * this dataset is a replay (its result is answered again); an id taken anywhere else is a
 * conflict that names the execution holding it.
 */
async function replayOrConflict(
  tx: Tx,
  { plan, executionPlan, hashOfPlan }: Approval,
): Promise<ApprovedExecution | null> {
  const existing = await tx.execution.findUnique({
    where: { idempotencyKey: executionPlan.execution_id },
    include: {
      resultVersion: { select: { number: true } },
      dataset: { select: { name: true } },
    },
  });
  if (!existing) return null;
  const isReplay =
    existing.planHash === hashOfPlan &&
    existing.datasetId === plan.datasetId &&
    existing.planId === plan.id;
  if (!isReplay) {
    throw new AppError(
      "execution_id_used",
      executionIdUsedMessage(executionPlan.execution_id, existing),
      { executionId: existing.id },
    );
  }
  return {
    executionId: existing.executionId,
    id: existing.id,
    datasetId: existing.datasetId,
    resultVersionNumber: existing.resultVersion?.number ?? 0,
    rowsChanged: existing.rowsChanged,
    cellsChanged: existing.cellsChanged,
    replayed: true,
  };
}

/**
 * The approval must match what the reviewer saw: the latest revision, previewed on the current
 * version, with the hash the preview returned; and the approver wrote no revision of the plan.
 */
async function checkPreviewStillHolds(
  tx: Tx,
  { plan, revision, executionPlan }: Approval,
  options: ApprovePlanOptions,
) {
  if (plan.status === "rejected") throw new AppError("conflict", "This plan was rejected.");
  const latest = await latestRevision(tx, plan.id);
  if (latest?.id !== revision.id) {
    throw new AppError(
      "stale_plan",
      `The plan was edited since this preview (revision ${latest?.number} is the latest). Preview again before approving.`,
    );
  }
  // Four-eyes rule: nobody who wrote a revision of the plan approves it (lib/auth/four-eyes.ts).
  const fourEyes = canApprove({
    actor: options.actor,
    revisionAuthors: await revisionAuthors(tx, plan.id),
    allowSelfApproval: options.allowSelfApproval ?? false,
  });
  if (!fourEyes.ok) throw new AppError("forbidden", fourEyes.reason);

  const current = plan.dataset.currentVersion;
  if (!current || current.id !== plan.baseVersionId) {
    throw new AppError(
      "stale_plan",
      `The dataset moved on since this preview (v${current?.number} is current). Preview again before approving.`,
    );
  }
  const expectedHash = previewHash({
    revisionId: revision.id,
    plan: executionPlan,
    baseVersionSha256: current.sha256,
  });
  if (
    !revision.previewHash ||
    revision.previewHash !== expectedHash ||
    options.previewHash !== expectedHash
  ) {
    throw new AppError(
      "stale_plan",
      "This approval does not match the latest preview of the plan. Preview again before approving.",
    );
  }
  return { current, expectedHash, selfApproval: fourEyes.selfApproval };
}

type Checked = Awaited<ReturnType<typeof checkPreviewStillHolds>>;

/**
 * Re-runs the executor on the base version: its change set must be the one previewed, and a
 * failed guard needs the approver's written reason.
 */
async function rerunExecutor(
  tx: Tx,
  { plan, revision, executionPlan }: Approval,
  { current }: Checked,
  options: ApprovePlanOptions,
  lap: Lap,
) {
  const profile = readProfile(plan.dataset.profileJson);
  const base = await versionTable(
    current.id,
    profile.keyColumn,
    () => loadVersionBytes(current.id, tx),
    dictionaryEncodingFor(executionPlan, profile),
    profile.delimiter,
  );
  if (!base.ok) throw new AppError("execution_failed", base.error);
  lap("parse");
  const run = runPlan(executionPlan, base.table, profile, lap);
  if (!run.ok) throw new AppError("execution_failed", run.error);
  const result = run.result;
  if (result.changeSetHash !== revision.changeSetHash) {
    throw new AppError(
      "stale_plan",
      "Re-running the plan gave a different change set from the preview. Preview again before approving.",
    );
  }
  const failedGuards = result.guards.filter((guard) => !guard.passed);
  const overrideReason = options.overrideReason?.trim() || undefined;
  if (failedGuards.length > 0 && !overrideReason) {
    throw new AppError(
      "guard_failed",
      `Guard${failedGuards.length > 1 ? "s" : ""} failed: ${failedGuards.map((guard) => guard.message).join("; ")}. Approving needs a written override reason.`,
    );
  }
  return {
    profile,
    /** The base version's bytes, parsed or read above: the version writer needs them again. */
    baseBytes: base.table.bytes,
    result,
    failedGuards,
    overrideReason: failedGuards.length > 0 ? overrideReason : undefined,
  };
}

type Rerun = Awaited<ReturnType<typeof rerunExecutor>>;

/** What the completed execution records about the plan, the versions and the run. */
function executionFacts(
  { plan, revision, executionPlan, hashOfPlan }: Approval,
  { current, expectedHash }: Checked,
  { result, overrideReason }: Rerun,
) {
  return {
    executionId: executionPlan.execution_id,
    idempotencyKey: executionPlan.execution_id,
    datasetId: plan.datasetId,
    planId: plan.id,
    planRevisionId: revision.id,
    baseVersionId: current.id,
    status: "completed",
    source: "web",
    planner: plan.planner,
    instruction: executionPlan.source_instruction || plan.instruction,
    operationsCount: executionPlan.operations.length,
    rowsChanged: result.rowsChanged,
    cellsChanged: result.cellsChanged,
    previewHash: expectedHash,
    changeSetHash: result.changeSetHash,
    planHash: hashOfPlan,
    planSnapshotJson: JSON.stringify(executionPlan),
    statsJson: JSON.stringify(result.operations),
    guardsJson: JSON.stringify(result.guards),
    overrideReason: overrideReason ?? null,
  } as const;
}

/** The new version, the execution, its change records, the plan's status and the audit trail. */
async function recordApproval(
  tx: Tx,
  approval: Approval,
  checked: Checked,
  rerun: Rerun,
  options: ApprovePlanOptions & { startedAt: Date },
  lap: Lap,
) {
  const { plan, revision, executionPlan } = approval;
  const { current, expectedHash, selfApproval } = checked;
  const { result, failedGuards, overrideReason } = rerun;
  const comment = options.comment?.trim() || null;
  makeRoomForResult(plan.id, rerun.baseBytes.byteLength);
  const { version, execution, newTable } = await writeResult(
    tx,
    { approval, checked, rerun, comment },
    options,
    lap,
  );
  await markPlanApproved(tx, plan.id);
  if (plan.revertOfId) await markExecutionReverted(tx, plan.revertOfId, execution.id);
  await auditApproval(tx, {
    actor: options.actor.id,
    plan,
    executionId: execution.id,
    approved: {
      executionId: executionPlan.execution_id,
      revision: revision.number,
      previewHash: expectedHash,
      overriddenGuards: failedGuards.map((guard) => guard.guard),
      overrideReason,
      ...(comment ? { comment } : {}),
      ...(selfApproval ? { selfApproval: true } : {}),
    },
    applied: {
      baseVersion: current.number,
      resultVersion: version.number,
      ...resultCounts(result),
    },
  });
  lap("write_audit");

  return {
    approved: {
      executionId: execution.executionId,
      id: execution.id,
      datasetId: plan.datasetId,
      resultVersionNumber: version.number,
      rowsChanged: result.rowsChanged,
      cellsChanged: result.cellsChanged,
      replayed: false,
    },
    newVersion: { id: version.id, table: newTable },
  };
}

/** Tables from this size on are large enough for a collection before their result is written. */
const COLLECT_BEFORE_WRITING_BYTES = 8 * 1024 * 1024;

/**
 * The re-run held, so the plan's previews are superseded: their change lists (tens of megabytes
 * on a large table) are let go. On a large table the collector then returns them, with what the
 * previews and the re-run left behind, before the new version and its records are built and
 * written, the approval's largest allocations: on a million rows about 60 MB less at its peak,
 * for about 20 ms.
 */
function makeRoomForResult(planId: string, baseBytes: number) {
  forgetPreviewsOf(planId);
  if (baseBytes >= COLLECT_BEFORE_WRITING_BYTES) collectGarbage();
}

/**
 * The run's result: the new version with its profile, then the execution and its change records,
 * written while the previous version is compressed on another thread.
 */
async function writeResult(
  tx: Tx,
  facts: { approval: Approval; checked: Checked; rerun: Rerun; comment: string | null },
  options: ApprovePlanOptions & { startedAt: Date },
  lap: Lap,
) {
  const { approval, checked, rerun, comment } = facts;
  const { result } = rerun;
  const changes = result.changeRecords();
  // Hashed on the scan worker while this thread derives the new version's table and profile.
  const outputSha256 = sha256Aside(result.output);
  const { table: newTable, profile: newProfile } = profileNewVersion(
    result.output,
    rerun.profile,
    changes.columns,
    result.outputTable(),
  );
  lap("profile");
  let execution: { id: string; executionId: string } | undefined;
  const version = await appendVersion(
    tx,
    {
      datasetId: approval.plan.datasetId,
      parent: checked.current,
      parentContent: rerun.baseBytes,
      deflatedPatchToParent: patchToBase(rerun.baseBytes, result),
      content: result.output,
      sha256: await outputSha256,
      profile: newProfile,
      source: "execution",
      createdBy: options.actor.id,
      changedRows: result.rowsChanged,
    },
    async (version) => {
      await options.afterVersionWrite?.(tx);
      lap("write_version");
      execution = await insertExecution(tx, {
        ...executionFacts(approval, checked, rerun),
        resultVersionId: version.id,
        approvedBy: options.actor.id,
        approvalComment: comment,
        startedAt: options.startedAt,
        finishedAt: new Date(),
      });
      lap("write_execution");
      await insertChanges(tx, execution.id, approval.plan.datasetId, changes);
      lap("write_changes");
    },
  );
  if (!execution) throw new Error("The execution was not recorded.");
  lap("keep_previous_version");
  return { version, execution, newTable };
}

/**
 * The line patch from the result back to the base version's bytes, compressed, made on another
 * thread from the cells the run wrote; undefined when they are not known as bytes (the version
 * writer then compares the lines).
 */
function patchToBase(base: Uint8Array, result: DryRunResult) {
  const replaced = result.outputReplacements();
  return replaced ? () => deflatedLinePatchAside(base, result.output, replaced) : undefined;
}

function resultCounts({ rowsChanged, cellsChanged, changeSetHash }: Rerun["result"]) {
  return { rowsChanged, cellsChanged, changeSetHash };
}

/** The approval's audit events: approved (by whom, with what), applied, and what it reverted. */
async function auditApproval(
  tx: Tx,
  event: {
    actor: string;
    plan: { id: string; datasetId: string; revertOfId: string | null };
    executionId: string;
    approved: Record<string, unknown>;
    applied: Record<string, unknown>;
  },
) {
  const { plan } = event;
  const audit = {
    actor: event.actor,
    subjectType: "execution" as const,
    subjectId: event.executionId,
    datasetId: plan.datasetId,
    planId: plan.id,
    executionId: event.executionId,
  };
  await recordAuditEvent(tx, { ...audit, type: "execution.approved", detail: event.approved });
  await recordAuditEvent(tx, { ...audit, type: "execution.applied", detail: event.applied });
  if (plan.revertOfId) {
    await recordAuditEvent(tx, {
      ...audit,
      type: "execution.reverted",
      subjectId: plan.revertOfId,
      executionId: plan.revertOfId,
      detail: { revertedBy: event.executionId },
    });
  }
}

/** Names the execution that already holds an id, so the person knows what they collided with. */
function executionIdUsedMessage(
  id: string,
  existing: {
    source: string;
    dataset: { name: string };
    resultVersion: { number: number } | null;
  },
): string {
  const by = existing.source === "cli" ? "a command-line run" : "another approval";
  const made = existing.resultVersion ? ` (it made version ${existing.resultVersion.number})` : "";
  return `Execution id "${id}" was already used by ${by} on "${existing.dataset.name}"${made}. Give this plan a new execution id and preview it again.`;
}

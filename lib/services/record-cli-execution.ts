import "server-only";
import path from "node:path";
import { cliActorId } from "@/lib/auth/actor-label";
import type { CsvTable } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";
import type { DatasetProfile } from "@/lib/dataset/types";
import { recordAuditEvent } from "@/lib/db/audit";
import { type Db, db, type Tx } from "@/lib/db/client";
import { readProfile } from "@/lib/db/datasets";
import {
  type ChangeFields,
  type ChangeRecord,
  changeFieldsOf,
  insertChanges,
  insertExecution,
} from "@/lib/db/execution-writes";
import { appendVersion } from "@/lib/db/version-writes";
import type { GuardResult, OperationStats } from "@/lib/executor";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { sha256Hex } from "./hashing";
import { profileNewVersion } from "./run-plan";

/**
 * CLI runs in the app database, so they appear in the web history next to approvals made in the
 * browser. The CLI works on files, not datasets: each input file becomes (or finds) a dataset
 * named after it, its bytes a version of that dataset, and the output the next version.
 */

export interface CompletedExecution {
  executionId: string;
  planHash: string;
  executedAt: Date;
}

/** The completed execution holding this execution_id, if any (failed ones never block). */
export async function findCompletedExecution(
  executionId: string,
  client: Db = db(),
): Promise<CompletedExecution | null> {
  const execution = await client.execution.findUnique({
    where: { idempotencyKey: executionId },
    select: { executionId: true, planHash: true, finishedAt: true, createdAt: true },
  });
  if (!execution) return null;
  return {
    executionId: execution.executionId,
    planHash: execution.planHash,
    executedAt: execution.finishedAt ?? execution.createdAt,
  };
}

export interface CliExecutionInput {
  plan: ExecutionPlan;
  planHash: string;
  /** The operator (`--actor`, default the OS user); stored as `cli:<name>`. */
  actor: string;
  inputPath: string;
  inputBytes: Uint8Array;
  /** Null when the run failed and nothing was written. */
  outputBytes: Uint8Array | null;
  status: "completed" | "failed";
  error: string | null;
  /** Change objects, or a run's records made a piece at a time (`DryRunResult.changeRecords`). */
  changes: readonly ChangeRecord[] | ChangeList;
  rowsChanged: number;
  stats: OperationStats[];
  guards: GuardResult[];
  changeSetHash: string | null;
  overrideReason?: string | null;
  startedAt: Date;
  finishedAt: Date;
  /**
   * What the command already made of its files, so they are not parsed, profiled or hashed again:
   * the input's table, profile (its key is the one the run used) and sha256; the output's sha256
   * and table (null when it must be parsed).
   */
  known?: {
    input: KnownInput;
    output: {
      table: CsvTable | null;
      sha256: string;
      /** As an approval gives it to the version writer (`NewVersion.deflatedPatchToParent`). */
      deflatedPatchToParent?: () => Promise<Uint8Array | null>;
    } | null;
  };
}

/** The input file as the command read it: parsed, profiled and hashed. */
interface KnownInput {
  table: CsvTable;
  profile: DatasetProfile;
  sha256: string;
}

/** Change records by position, with the columns they change. */
export interface ChangeList extends ChangeFields {
  readonly columns: readonly string[];
}

export async function recordCliExecution(
  input: CliExecutionInput,
  client: Db = db(),
): Promise<{ id: string }> {
  const datasetName = `CLI: ${path.basename(input.inputPath)}`;
  // Command-line runs are recorded as `cli:<name>`, never as a web user's id.
  const actor = cliActorId(input.actor);
  const changes = changeListOf(input.changes);
  const { known } = input;
  return client.$transaction(
    async (tx) => {
      const base = await versionForBytes(tx, datasetName, input.inputBytes, actor, known?.input);
      const recordExecution = (resultVersionId: string | null) =>
        insertCliExecution(tx, input, {
          actor,
          base,
          resultVersionId,
          cellsChanged: changes.count,
        });
      let execution: { id: string } | undefined;
      if (input.status === "completed" && input.outputBytes) {
        await appendVersion(
          tx,
          {
            datasetId: base.datasetId,
            parent: base,
            // The base version holds exactly the input file's bytes.
            parentContent: input.inputBytes,
            content: input.outputBytes,
            sha256: known?.output?.sha256 ?? sha256Hex(input.outputBytes),
            // The result's own profile, as an approval stores it: its values changed.
            profile: profileNewVersion(
              input.outputBytes,
              base.profile,
              changes.columns,
              known?.output?.table,
            ).profile,
            source: "execution",
            createdBy: actor,
            changedRows: input.rowsChanged,
            deflatedPatchToParent: known?.output?.deflatedPatchToParent,
          },
          // While the input version is kept as a patch on another thread, as an approval does.
          async (version) => {
            execution = await recordExecution(version.id);
            await insertChanges(tx, execution.id, base.datasetId, changes);
          },
        );
      } else execution = await recordExecution(null);
      if (!execution) throw new Error("The execution was not recorded.");
      await recordAuditEvent(tx, {
        actor,
        type: input.status === "completed" ? "execution.applied" : "execution.failed",
        subjectType: "execution",
        subjectId: execution.id,
        datasetId: base.datasetId,
        executionId: execution.id,
        detail: { source: "cli", input: input.inputPath, error: input.error ?? undefined },
      });
      return { id: execution.id };
    },
    { timeout: 120_000, maxWait: 120_000 },
  );
}

/** The execution row of a CLI run. */
function insertCliExecution(
  tx: Tx,
  input: CliExecutionInput,
  facts: {
    actor: string;
    base: { id: string; datasetId: string };
    resultVersionId: string | null;
    cellsChanged: number;
  },
) {
  const completed = input.status === "completed";
  return insertExecution(tx, {
    executionId: input.plan.execution_id,
    idempotencyKey: completed ? input.plan.execution_id : null,
    datasetId: facts.base.datasetId,
    baseVersionId: facts.base.id,
    resultVersionId: facts.resultVersionId,
    status: input.status,
    source: "cli",
    planner: null,
    instruction: input.plan.source_instruction,
    operationsCount: input.plan.operations.length,
    rowsChanged: completed ? input.rowsChanged : 0,
    cellsChanged: completed ? facts.cellsChanged : 0,
    changeSetHash: input.changeSetHash,
    planHash: input.planHash,
    planSnapshotJson: JSON.stringify(input.plan),
    statsJson: JSON.stringify(input.stats ?? []),
    guardsJson: JSON.stringify(input.guards ?? []),
    approvedBy: facts.actor,
    overrideReason: input.overrideReason ?? null,
    error: input.error,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
  });
}

function changeListOf(changes: CliExecutionInput["changes"]): ChangeList {
  if (!Array.isArray(changes)) return changes as ChangeList;
  const list = changes as readonly ChangeRecord[];
  return { ...changeFieldsOf(list), columns: [...new Set(list.map((change) => change.column))] };
}

/** The version of the file's dataset holding exactly these bytes, created when missing. */
async function versionForBytes(
  tx: Tx,
  name: string,
  bytes: Uint8Array,
  actor: string,
  known?: KnownInput,
) {
  const sha256 = known?.sha256 ?? sha256Hex(bytes);
  const dataset = await tx.dataset.findUnique({
    where: { name },
    include: { currentVersion: { omit: { content: true } } },
  });
  if (dataset?.currentVersion?.sha256 === sha256) {
    return {
      ...dataset.currentVersion,
      datasetId: dataset.id,
      profile: readProfile(dataset.profileJson),
    };
  }
  // A profile read on demand is read whole here: the dataset keeps every column's figures.
  const profile = known
    ? (JSON.parse(JSON.stringify(known.profile)) as DatasetProfile)
    : profileDataset(parseCsvInParallel(bytes));
  const target =
    dataset ??
    (await tx.dataset.create({
      data: {
        name,
        keyColumn: profile.keyColumn,
        profileJson: JSON.stringify(profile),
        createdBy: actor,
      },
    }));
  const latest = await tx.datasetVersion.findFirst({
    where: { datasetId: target.id },
    orderBy: { number: "desc" },
    select: { id: true, number: true },
  });
  const version = await appendVersion(tx, {
    datasetId: target.id,
    parent: latest,
    content: bytes,
    sha256,
    profile,
    source: "upload",
    createdBy: actor,
  });
  return { ...version, datasetId: target.id, profile };
}

import { randomUUID } from "node:crypto";
import { writeSync } from "node:fs";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AuditRecordInput } from "@/lib/dataset/audit-record";
import { deflatedLinePatchAside, sha256Aside } from "@/lib/dataset/scan-worker";
import { scanWorkerReadyFor } from "@/lib/dataset/shared-file";
import type { DryRunResult } from "@/lib/executor";
import { delimiterOption, parseCommandArgs, required, userPath } from "../args";
import { AuditLine, type AuditStatus, appendAuditLine, type CliAuditExtras } from "../audit";
import { CliError, describeFsError, EXIT, type ExitCode } from "../errors";
import { checkOrderConflicts, execute, warningLines } from "../execute";
import {
  checkPlanAgainstCsv,
  type LoadedCsv,
  type LoadedPlan,
  readCsvFile,
  readPlanFile,
} from "../inputs";
import type { CliIo } from "../io";
import { keyList } from "../key-list";
import {
  type CliExecutionRecord,
  type ExecutionLedger,
  type LedgerEntry,
  openLedger,
  planHash,
} from "../ledger";
import type { Command } from "../main";

const HELP = `Usage: signoff apply --plan plan.json --csv FILE --out FILE --audit audit.jsonl [options]

Apply a plan to a CSV and write the result, all or nothing, with one JSON line appended to the
audit file. The plan is checked against the schema before the CSV is opened, and against the
CSV's columns and values before anything runs. A plan whose execution_id already completed is
skipped (exit 0, nothing written).

Options:
  --plan FILE               the plan (JSON)
  --csv FILE                the table to apply it to
  --out FILE                where to write the resulting CSV (may be the input itself); written
                            to a temporary file first and renamed, so it is never half-written
  --audit FILE              the audit file (JSON lines) to append to
  --db URL                  the database that records executions (default: DATABASE_URL);
                            "none" uses the audit file alone to recognise a completed execution_id
  --actor NAME              who applies the plan (default: the current user)
  --override-guards REASON  apply even though a guard fails; the reason is recorded
  --key COLUMN              the key column, when it is not the one Signoff picks
  --delimiter NAME          comma, semicolon, tab or pipe, when detecting it from the file is wrong
  -h, --help                show this help

Exit codes: 0 done or skipped; 1 a file cannot be read; 2 the plan is not valid; 3 running it
failed (nothing written); 4 the output or the audit file could not be written.`;

export const applyCommand: Command = {
  name: "apply",
  help: HELP,
  run,
};

interface ApplyContext {
  loaded: LoadedPlan;
  hash: string;
  actor: string;
  csvFile: string;
  outFile: string;
  auditFile: string;
  ledger: ExecutionLedger;
  startedAt: Date;
  io: CliIo;
}

async function run(argv: string[], io: CliIo): Promise<ExitCode> {
  const startedAt = new Date();
  const args = parseCommandArgs("apply", argv, {
    plan: { type: "string" },
    csv: { type: "string" },
    out: { type: "string" },
    audit: { type: "string" },
    db: { type: "string" },
    actor: { type: "string" },
    "override-guards": { type: "string" },
    key: { type: "string" },
    delimiter: { type: "string" },
  });
  const planFile = userPath(required("apply", args.plan, "plan"));
  const csvFile = userPath(required("apply", args.csv, "csv"));
  const outFile = userPath(required("apply", args.out, "out"));
  const auditFile = userPath(required("apply", args.audit, "audit"));
  const override = args["override-guards"]?.trim() || undefined;
  // The thread that scans part of a large CSV starts while the plan and ledger are read.
  void scanWorkerReadyFor(csvFile);

  // 1. The plan alone: JSON and schema, before the CSV is opened.
  const loaded = await readPlanFile(planFile);
  const ledger = await openLedger({ db: args.db, auditPath: auditFile });
  const context: ApplyContext = {
    loaded,
    hash: planHash(loaded.plan),
    actor: args.actor?.trim() || currentUser(),
    csvFile,
    outFile,
    auditFile,
    ledger,
    startedAt,
    io,
  };
  try {
    // 2. Idempotency: a completed execution_id is not run again.
    const previous = await ledger.find(loaded.plan.execution_id);
    if (previous) return await skipCompleted(context, previous);

    // 3. The plan against the data: profile checks, order conflicts.
    const csv = await readCsvFile(csvFile, {
      keyColumn: args.key,
      delimiter: delimiterOption("apply", args.delimiter),
      plan: loaded.plan,
    });
    // Hashed on another thread while this one checks and runs the plan; the audit line needs it.
    void csv.sha256();
    const issues = checkPlanAgainstCsv(loaded, csv);
    checkOrderConflicts(loaded, csv);
    if (csv.keyWarning) io.err(`warning: ${csv.keyWarning}`);
    for (const line of warningLines(issues, loaded)) io.err(line);

    // 4. Run. A failure is recorded and nothing is written.
    const execution = execute(loaded, csv);
    if (!execution.ok) {
      if (execution.exitCode === EXIT.executionFailed) {
        await recordFailure(context, { csv, error: execution.message });
      }
      throw new CliError(execution.exitCode, execution.message);
    }
    const { result } = execution;
    for (const warning of result.warnings) io.err(`warning: ${warning}`);

    const failed = result.guards.filter((guard) => !guard.passed);
    if (failed.length > 0 && !override) {
      const message = `guard failed: ${failed.map((guard) => `${guard.guard}: ${guard.message}`).join(" ")} Nothing was applied; --override-guards "reason" applies it anyway.`;
      await recordFailure(context, { csv, result, error: message });
      throw new CliError(EXIT.executionFailed, message);
    }
    // 5. Write.
    return await writeResult(context, csv, result, failed.length > 0 ? override : undefined);
  } finally {
    await ledger.close();
  }
}

/** The execution_id already completed: a skipped line in the audit file, unless the plan differs. */
async function skipCompleted(context: ApplyContext, previous: LedgerEntry): Promise<ExitCode> {
  const { loaded, ledger, io } = context;
  const when = previous.executedAt ? ` at ${previous.executedAt}` : "";
  if (previous.planHash !== "" && previous.planHash !== context.hash) {
    throw new CliError(
      EXIT.invalidPlan,
      `execution_id ${loaded.plan.execution_id} already completed${when} with a different plan (${ledger.description}); give this plan a new execution_id`,
    );
  }
  const audit = await openAudit(context.auditFile);
  try {
    await appendAuditLine(
      audit,
      auditInput(context, { status: "skipped" }),
      await extras(context, {}),
    );
  } finally {
    await audit.close();
  }
  io.out(`skipped ${loaded.plan.execution_id}: it already completed${when}; nothing written`);
  return EXIT.ok;
}

/**
 * The output, then its audit line and ledger record. The audit file must be writable before the
 * output is put in place; an output that cannot be written is recorded as a failure.
 */
async function writeResult(
  context: ApplyContext,
  csv: LoadedCsv,
  result: DryRunResult,
  overrideReason: string | undefined,
): Promise<ExitCode> {
  const { ledger, outFile } = context;
  const audit = await openAudit(context.auditFile);
  // Hashed on another thread while this one writes it out.
  const outputSha256 = sha256Aside(result.output);
  const done: Outcome = { status: "completed", csv, result, overrideReason, outputSha256 };
  try {
    let line: AuditLine;
    const lineExtras = extras(context, done);
    // Awaited below once the output is in place; a failure before then is reported instead.
    lineExtras.catch(() => undefined);
    try {
      // While the output is flushed to disk and hashed, the first pieces of its audit line are
      // made; they are appended only once the output is in place.
      line = await writeAtomically(outFile, result.output, async (flushed) => {
        const made = new AuditLine(auditInput(context, done));
        await made.makeAhead(Promise.all([flushed, lineExtras]), AUDIT_AHEAD_BYTES);
        return made;
      });
    } catch (error) {
      const message = `cannot write --out ${outFile}: ${describeFsError(error)}`;
      const failure: Outcome = { status: "failed", csv, result, error: message, overrideReason };
      await appendAuditLine(audit, auditInput(context, failure), await extras(context, failure));
      await ledger.record(await ledgerRecord(context, failure, csv));
      throw new CliError(EXIT.writeFailed, `${message}; nothing was written`);
    }
    await line.appendTo(audit, await lineExtras);
    await audit.sync();
    await ledger.record(await ledgerRecord(context, done, csv));
    context.io.out(summary(context, csv, result, overrideReason));
    return EXIT.ok;
  } finally {
    await audit.close();
  }
}

// ── Records ──────────────────────────────────────────────────────────────────────────────────

interface Outcome {
  status?: AuditStatus;
  csv?: LoadedCsv;
  result?: DryRunResult;
  /** Of the output written, when it was. */
  outputSha256?: Promise<string>;
  error?: string;
  overrideReason?: string;
}

/** The seed-format audit record; only a completed run lists changes. */
function auditInput(context: ApplyContext, outcome: Outcome): AuditRecordInput {
  const { plan } = context.loaded;
  const { csv, result } = outcome;
  const completed = outcome.status === "completed" && csv !== undefined && result !== undefined;
  return {
    executionId: plan.execution_id,
    sourceInstruction: plan.source_instruction,
    executedAt: new Date(),
    status: outcome.status ?? "failed",
    error: outcome.error ?? null,
    operationsCount: plan.operations.length,
    rowsChanged: completed ? result.rowsChanged : 0,
    keyColumn: csv?.profile.keyColumn ?? "key",
    input: completed ? csv.table : null,
    // Made only if iterated: the line is written from the runs.
    changes: completed ? { [Symbol.iterator]: () => result.changes[Symbol.iterator]() } : [],
    rowOfChange: completed ? (index) => result.rowOfChange(index) : undefined,
    changeRuns: completed ? result.changeRuns() : undefined,
    planSnapshot: context.loaded.snapshot,
  };
}

async function extras(context: ApplyContext, outcome: Outcome): Promise<CliAuditExtras> {
  const { csv, result } = outcome;
  return {
    actor: context.actor,
    input: { path: path.resolve(context.csvFile), sha256: csv ? await csv.sha256() : null },
    output:
      outcome.status === "completed" && outcome.outputSha256
        ? { path: path.resolve(context.outFile), sha256: await outcome.outputSha256 }
        : null,
    guards: (result?.guards ?? []).map(({ guard, passed, message }) => ({
      guard,
      passed,
      message,
    })),
    override_reason: outcome.overrideReason ?? null,
  };
}

async function ledgerRecord(
  context: ApplyContext,
  outcome: Outcome,
  csv: LoadedCsv,
): Promise<CliExecutionRecord> {
  const { result } = outcome;
  const completed = outcome.status === "completed" && result !== undefined;
  const input = { table: csv.table, profile: csv.profile, sha256: await csv.sha256() };
  const outputSha256 = completed && outcome.outputSha256 ? await outcome.outputSha256 : null;
  return {
    plan: context.loaded.plan,
    planHash: context.hash,
    actor: context.actor,
    inputPath: path.resolve(context.csvFile),
    inputBytes: csv.bytes,
    outputBytes: completed ? result.output : null,
    status: completed ? "completed" : "failed",
    error: outcome.error ?? null,
    // Records made a piece at a time, when a database ledger reads them.
    changes: completed ? result.changeRecords() : [],
    rowsChanged: completed ? result.rowsChanged : 0,
    stats: result?.operations ?? [],
    guards: result?.guards ?? [],
    changeSetHash: result?.changeSetHash ?? null,
    overrideReason: outcome.overrideReason ?? null,
    startedAt: context.startedAt,
    finishedAt: new Date(),
    // The output's table is derived only when a database ledger reads it.
    get known() {
      const replaced = completed ? result.outputReplacements() : null;
      const output =
        completed && outputSha256 !== null
          ? {
              table: result.outputTable(),
              sha256: outputSha256,
              ...(replaced && {
                deflatedPatchToParent: () =>
                  deflatedLinePatchAside(csv.bytes, result.output, replaced),
              }),
            }
          : null;
      return { input, output };
    },
  };
}

/**
 * Record a failed run in the audit file and the ledger. If that fails too, say so, but the
 * run's own error is the one the command exits with.
 */
async function recordFailure(
  context: ApplyContext,
  outcome: Omit<Outcome, "status"> & { csv: LoadedCsv },
): Promise<void> {
  const failure: Outcome = { ...outcome, status: "failed" };
  try {
    const audit = await openAudit(context.auditFile);
    try {
      await appendAuditLine(audit, auditInput(context, failure), await extras(context, failure));
    } finally {
      await audit.close();
    }
    await context.ledger.record(await ledgerRecord(context, failure, outcome.csv));
  } catch (error) {
    const why = error instanceof CliError ? error.message : describeFsError(error);
    context.io.err(`signoff apply: the failure could not be recorded: ${why}`);
  }
}

// ── Files ────────────────────────────────────────────────────────────────────────────────────

async function openAudit(file: string): Promise<FileHandle> {
  try {
    return await open(file, "a");
  } catch (error) {
    throw new CliError(
      EXIT.writeFailed,
      `cannot open --audit ${file} for appending: ${describeFsError(error)}; nothing was written`,
    );
  }
}

/** Audit line bytes made ahead at most while the output is flushed to disk. */
const AUDIT_AHEAD_BYTES = 32 << 20;

/** Pieces of the output per write() call: one call of 77 MB costs ten times more here. */
const WRITE_PIECE_BYTES = 512 << 10;

/**
 * Write beside the target, flush, then rename over it: readers see the old file or the new.
 * `whileFlushing` runs while the file is flushed to disk, is given that flush, and its answer is
 * the answer once the file is in place.
 */
async function writeAtomically<T>(
  file: string,
  bytes: Uint8Array,
  whileFlushing: (flushed: Promise<void>) => Promise<T>,
): Promise<T> {
  const target = path.resolve(file);
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    const handle = await open(temporary, "wx");
    let answer: T;
    try {
      for (let at = 0; at < bytes.length; ) {
        at += writeSync(handle.fd, bytes, at, Math.min(WRITE_PIECE_BYTES, bytes.length - at));
      }
      const flushed = handle.sync();
      [, answer] = await Promise.all([flushed, whileFlushing(flushed)]);
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
    return answer;
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

function currentUser(): string {
  try {
    return os.userInfo().username || "cli";
  } catch {
    return "cli";
  }
}

function summary(
  context: ApplyContext,
  csv: LoadedCsv,
  result: DryRunResult,
  override?: string,
): string {
  // The first few changed rows' keys, in the order the changes list them.
  const keys = new Set<string>();
  for (const { rows } of result.changeRuns()) {
    for (let k = 0; k < rows.length && keys.size < 10; k++) keys.add(csv.table.rowKey(rows[k]));
  }
  const shown = keyList(keys);
  const more = result.rowsChanged - keys.size;
  const list = keys.size === 0 ? "" : ` (${shown}${more > 0 ? `, … ${more} more` : ""})`;
  const rows = `${result.rowsChanged} row${result.rowsChanged === 1 ? "" : "s"} changed${list}`;
  const overridden = override ? `; guards overridden: ${override}` : "";
  return `completed ${context.loaded.plan.execution_id}: ${rows}; wrote ${context.outFile}; audit appended to ${context.auditFile}${overridden}`;
}

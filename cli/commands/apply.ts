import { createHash, randomUUID } from "node:crypto";
import { type FileHandle, open, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DryRunResult } from "@/lib/executor";
import type { PlanIssue } from "@/lib/plan/issues";
import { parseCommandArgs, required } from "../args";
import { type AuditChange, type AuditRecord, type AuditStatus, appendAuditRecord } from "../audit";
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
import { type ExecutionLedger, openLedger, planHash } from "../ledger";
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
  -h, --help                show this help

Exit codes: 0 done or skipped; 1 a file cannot be read; 2 the plan is not valid; 3 running it
failed (nothing written); 4 the output or the audit file could not be written.`;

export const applyCommand: Command = {
  name: "apply",
  summary: "apply a plan to a CSV, all or nothing, with an audit line",
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
  io: CliIo;
}

async function run(argv: string[], io: CliIo): Promise<ExitCode> {
  const args = parseCommandArgs("apply", argv, {
    plan: { type: "string" },
    csv: { type: "string" },
    out: { type: "string" },
    audit: { type: "string" },
    db: { type: "string" },
    actor: { type: "string" },
    "override-guards": { type: "string" },
    key: { type: "string" },
  });
  const planFile = required("apply", args.plan, "plan");
  const csvFile = required("apply", args.csv, "csv");
  const outFile = required("apply", args.out, "out");
  const auditFile = required("apply", args.audit, "audit");
  const override = args["override-guards"]?.trim();

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
    io,
  };
  try {
    // 2. Idempotency: a completed execution_id is not run again.
    const previous = await ledger.find(loaded.plan.execution_id);
    if (previous) {
      if (previous.planHash !== "" && previous.planHash !== context.hash) {
        throw new CliError(
          EXIT.invalidPlan,
          `execution_id ${loaded.plan.execution_id} already completed${previous.executedAt ? ` at ${previous.executedAt}` : ""} with a different plan (${ledger.description}); give this plan a new execution_id`,
        );
      }
      await appendOrFail(context, record(context, "skipped", {}));
      io.out(
        `skipped ${loaded.plan.execution_id}: it already completed${previous.executedAt ? ` at ${previous.executedAt}` : ""}; nothing written`,
      );
      return EXIT.ok;
    }

    // 3. The plan against the data: profile checks, order conflicts.
    const csv = await readCsvFile(csvFile, args.key);
    const issues = checkPlanAgainstCsv(loaded, csv);
    checkOrderConflicts(loaded, csv);
    for (const line of warningLines(issues, loaded)) io.err(line);

    // 4. Run. A failure is recorded and nothing is written.
    const execution = execute(loaded, csv);
    if (!execution.ok) {
      if (execution.exitCode === EXIT.executionFailed) {
        await recordFailure(context, csv, execution.message);
      }
      throw new CliError(execution.exitCode, execution.message);
    }
    const { result } = execution;
    for (const warning of result.warnings) io.err(`warning: ${warning}`);

    const failed = result.guards.filter((guard) => !guard.passed);
    if (failed.length > 0 && !override) {
      const message = `guard failed: ${failed.map((guard) => `${guard.guard}: ${guard.message}`).join(" ")} Nothing was applied; --override-guards "reason" applies it anyway.`;
      await recordFailure(context, csv, message, result);
      throw new CliError(EXIT.executionFailed, message);
    }

    // 5. Write: the audit file must be writable before the output is put in place.
    const audit = await openAudit(auditFile);
    try {
      try {
        await writeAtomically(outFile, result.output);
      } catch (error) {
        const message = `cannot write --out ${outFile}: ${describeFsError(error)}`;
        const failure = record(context, "failed", { csv, result, error: message, issues });
        await appendAuditRecord(audit, failure);
        await ledger.record(ledgerRecord(context, failure, null));
        throw new CliError(EXIT.writeFailed, `${message}; nothing was written`);
      }
      const done = record(context, "completed", {
        csv,
        result,
        issues,
        overrideReason: failed.length > 0 ? override : undefined,
      });
      await appendAuditRecord(audit, done);
      await audit.sync();
      await ledger.record(ledgerRecord(context, done, path.resolve(outFile)));
      io.out(summary(done, outFile, auditFile));
      return EXIT.ok;
    } finally {
      await audit.close();
    }
  } finally {
    await ledger.close();
  }
}

// ── The audit record ─────────────────────────────────────────────────────────────────────────

interface RecordParts {
  csv?: LoadedCsv;
  result?: DryRunResult;
  error?: string;
  issues?: PlanIssue[];
  overrideReason?: string;
}

function record(context: ApplyContext, status: AuditStatus, parts: RecordParts): AuditRecord {
  const { loaded } = context;
  const { csv, result } = parts;
  const applied = status === "completed" && result && csv ? auditChanges(result, csv) : undefined;
  return {
    execution_id: loaded.plan.execution_id,
    source_instruction: loaded.plan.source_instruction,
    executed_at: new Date().toISOString(),
    status,
    error: parts.error ?? null,
    operations_count: loaded.plan.operations.length,
    rows_changed: applied?.keysChanged.length ?? 0,
    keys_changed: applied?.keysChanged ?? [],
    changes: applied?.changes ?? [],
    plan_snapshot: loaded.snapshot,
    plan_hash: context.hash,
    actor: context.actor,
    key_column: csv?.profile.keyColumn ?? null,
    cells_changed: status === "completed" ? (result?.cellsChanged ?? 0) : 0,
    input: {
      path: path.resolve(context.csvFile),
      sha256: csv ? createHash("sha256").update(csv.bytes).digest("hex") : null,
    },
    output:
      status === "completed" && result
        ? { path: path.resolve(context.outFile), sha256: result.outputSha256 }
        : null,
    warnings: [...(parts.issues ?? []).map((issue) => issue.message), ...(result?.warnings ?? [])],
    guards: (result?.guards ?? []).map((guard) => ({
      name: guard.guard,
      passed: guard.passed,
      detail: guard.message,
    })),
    override_reason: parts.overrideReason ?? null,
  };
}

/**
 * The seed's change records: one per operation and row, with the whole row before and after
 * that operation. Also the keys of the rows whose final content differs, in file order.
 */
function auditChanges(
  result: DryRunResult,
  csv: LoadedCsv,
): { changes: AuditChange[]; keysChanged: string[] } {
  const { table, profile } = csv;
  const header = table.header;
  const keyColumn = profile.keyColumn;
  const keyField = ["operation_id", "before", "after"].includes(keyColumn) ? "key" : keyColumn;
  const columnIndex = new Map(header.map((name, index) => [name, index]));
  const rows = new Map<string, { row: number; values: string[] }>();
  const asRow = (values: readonly string[]) =>
    Object.fromEntries(header.map((name, index) => [name, values[index]]));

  const changes: AuditChange[] = [];
  for (const change of result.changes) {
    let state = rows.get(change.rowKey);
    if (!state) {
      const row = table.rowOfKey(change.rowKey);
      state = { row, values: header.map((_, col) => table.cell(row, col)) };
      rows.set(change.rowKey, state);
    }
    const before = asRow(state.values);
    state.values[columnIndex.get(change.column) ?? -1] = change.after;
    changes.push({
      operation_id: change.operationId,
      [keyField]: change.rowKey,
      before,
      after: asRow(state.values),
    } as AuditChange);
  }

  const keysChanged = [...rows.entries()]
    .filter(([, state]) => state.values.some((value, col) => value !== table.cell(state.row, col)))
    .sort(([, a], [, b]) => a.row - b.row)
    .map(([key]) => key);
  return { changes, keysChanged };
}

function ledgerRecord(context: ApplyContext, audit: AuditRecord, outputPath: string | null) {
  return {
    audit,
    plan: context.loaded.plan,
    planHash: context.hash,
    actor: context.actor,
    inputPath: path.resolve(context.csvFile),
    outputPath,
  };
}

/** Record a failed run in the audit file and the ledger; the run's own error wins over theirs. */
async function recordFailure(
  context: ApplyContext,
  csv: LoadedCsv,
  message: string,
  result?: DryRunResult,
): Promise<void> {
  const failure = record(context, "failed", { csv, result, error: message });
  try {
    const audit = await openAudit(context.auditFile);
    try {
      await appendAuditRecord(audit, failure);
    } finally {
      await audit.close();
    }
    await context.ledger.record(ledgerRecord(context, failure, null));
  } catch (error) {
    const why = error instanceof CliError ? error.message : describeFsError(error);
    context.io.err(`signoff apply: the failure could not be recorded: ${why}`);
  }
}

async function appendOrFail(context: ApplyContext, entry: AuditRecord): Promise<void> {
  const audit = await openAudit(context.auditFile);
  try {
    await appendAuditRecord(audit, entry);
  } catch (error) {
    throw new CliError(
      EXIT.writeFailed,
      `cannot append to --audit ${context.auditFile}: ${describeFsError(error)}`,
    );
  } finally {
    await audit.close();
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

/** Write beside the target, flush, then rename over it: readers see the old file or the new. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  const target = path.resolve(file);
  const temporary = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    const handle = await open(temporary, "wx");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
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

function summary(done: AuditRecord, outFile: string, auditFile: string): string {
  const keys = done.keys_changed;
  const shown = keys.slice(0, 10).join(", ");
  const list =
    keys.length === 0 ? "" : ` (${shown}${keys.length > 10 ? `, … ${keys.length - 10} more` : ""})`;
  const rows = `${keys.length} row${keys.length === 1 ? "" : "s"} changed${list}`;
  const override = done.override_reason ? `; guards overridden: ${done.override_reason}` : "";
  return `completed ${done.execution_id}: ${rows}; wrote ${outFile}; audit appended to ${auditFile}${override}`;
}

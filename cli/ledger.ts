import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { Change, GuardResult, OperationStats } from "@/lib/executor";
import { canonicalJson } from "@/lib/plan/canonical";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";

/**
 * Idempotency for `apply`: has this execution_id already completed? One small interface, so
 * where the answer comes from (the audit file, or the app database so CLI runs show in the web
 * history) is decided in one place, `openLedger`.
 */

export interface LedgerEntry {
  executionId: string;
  /** sha256 of the plan's canonical JSON, to tell a replay from a reused id ("" if unknown). */
  planHash: string;
  executedAt: string | null;
}

/**
 * One completed or failed apply, as a ledger stores it. The fields are those of
 * `recordCliExecution` (lib/services/record-cli-execution.ts), so a database ledger passes the
 * record straight through.
 */
export interface CliExecutionRecord {
  plan: ExecutionPlan;
  planHash: string;
  /** The operator: --actor, or the OS user. */
  actor: string;
  /** Absolute path of the CSV read. */
  inputPath: string;
  inputBytes: Uint8Array;
  /** Null when the run failed and nothing was written. */
  outputBytes: Uint8Array | null;
  status: "completed" | "failed";
  error: string | null;
  changes: Change[];
  rowsChanged: number;
  stats: OperationStats[];
  guards: GuardResult[];
  changeSetHash: string | null;
  overrideReason: string | null;
  startedAt: Date;
  finishedAt: Date;
}

export interface ExecutionLedger {
  /** Where records live, for messages: "audit file audit.jsonl", "database …". */
  readonly description: string;
  /** The completed execution with this id, if there is one (failed ones never block). */
  find(executionId: string): Promise<LedgerEntry | null>;
  /** Store a completed or failed execution (skipped runs are not stored). */
  record(record: CliExecutionRecord): Promise<void>;
  close(): Promise<void>;
}

export interface OpenLedgerOptions {
  /** `--db`: a database URL, "none" for the audit file only, undefined for DATABASE_URL. */
  db: string | undefined;
  auditPath: string;
}

export async function openLedger(options: OpenLedgerOptions): Promise<ExecutionLedger> {
  const fileLedger = new AuditFileLedger(options.auditPath);
  if (options.db === "none") return fileLedger;
  // TODO(lead): return the database-backed ledger here, connected to `options.db ??
  // env().DATABASE_URL`:
  //   find:   findCompletedExecution(id) → { executionId, planHash, executedAt: ISO string }
  //   record: recordCliExecution(record)  (CliExecutionRecord has exactly its input fields)
  // (lib/services/record-cli-execution.ts; bin/signoff.mjs and the tests already run the CLI
  // with --conditions=react-server, so server-only modules load.) Open questions for that
  // wiring: a database file that does not exist or is not migrated yet, and --db pointing
  // somewhere other than DATABASE_URL while db() reads env(). Until then the audit file is the
  // ledger whatever --db says.
  return fileLedger;
}

/** The hash ledgers compare: sha256 of the plan's canonical JSON (as lib/services/hashing.ts). */
export function planHash(plan: ExecutionPlan): string {
  return createHash("sha256").update(canonicalJson(plan)).digest("hex");
}

/**
 * The audit file as a ledger: an execution_id with a completed line in the file has run. Lines
 * of the seed executor (no status field) count as completed, since it only wrote successes.
 * `record` does nothing: the apply command appends the audit line itself, whatever the ledger.
 */
export class AuditFileLedger implements ExecutionLedger {
  readonly description: string;

  constructor(private readonly auditPath: string) {
    this.description = `audit file ${auditPath}`;
  }

  async find(executionId: string): Promise<LedgerEntry | null> {
    try {
      await access(this.auditPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    // Lines can be large (every changed row, twice): parse only those that name this id.
    const marker = new RegExp(
      `"execution_id"\\s*:\\s*${escapeRegExp(JSON.stringify(executionId))}`,
    );
    let found: LedgerEntry | null = null;
    const stream = createReadStream(this.auditPath, { encoding: "utf8" });
    try {
      const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        if (!marker.test(line)) continue;
        const entry = completedEntry(line, executionId);
        if (entry) found = entry;
      }
    } finally {
      stream.destroy();
    }
    return found;
  }

  async record(): Promise<void> {}

  async close(): Promise<void> {}
}

function completedEntry(line: string, executionId: string): LedgerEntry | null {
  let parsed: {
    execution_id?: unknown;
    status?: unknown;
    executed_at?: unknown;
    plan_snapshot?: unknown;
  };
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (parsed.execution_id !== executionId) return null;
  if (parsed.status !== undefined && parsed.status !== "completed") return null;
  const snapshot = executionPlanSchema.safeParse(parsed.plan_snapshot);
  return {
    executionId,
    planHash: snapshot.success ? planHash(snapshot.data) : "",
    executedAt: typeof parsed.executed_at === "string" ? parsed.executed_at : null,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

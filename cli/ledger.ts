import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";
import { canonicalJson } from "@/lib/plan/canonical";
import { type ExecutionPlan, executionPlanSchema } from "@/lib/plan/schema";
import type { AuditRecord } from "./audit";

/**
 * Idempotency for `apply`: has this execution_id already run? One small interface, so where the
 * answer comes from (the audit file, or the app database so CLI runs show in the web history)
 * is decided in one place, `openLedger`.
 */

export interface LedgerEntry {
  executionId: string;
  /** Only completed executions count: a failed one does not block a retry. */
  status: "completed";
  /** canonicalJson hash of the plan that ran, to tell a replay from a reused id. */
  planHash: string;
  executedAt: string | null;
}

/** Everything known about one apply, for a ledger to store. */
export interface CliExecutionRecord {
  audit: AuditRecord;
  plan: ExecutionPlan;
  planHash: string;
  actor: string;
  /** Absolute paths of the CSV read and the CSV written (null when nothing was written). */
  inputPath: string;
  outputPath: string | null;
}

export interface ExecutionLedger {
  /** Where records live, for messages: "audit file audit.jsonl", "database file:./data/…". */
  readonly description: string;
  /** The completed execution with this id, if there is one. */
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
  // TODO(lead): return the database-backed ledger here (lib/services/record-cli-execution.ts),
  // connected to `options.db ?? env().DATABASE_URL`, so CLI runs appear in the web history.
  // Until then the audit file is the ledger whatever --db says.
  return fileLedger;
}

/** The hash a ledger compares: sha256 of the plan's canonical JSON (as lib/services does). */
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
    const marker = new RegExp(
      `"execution_id"\\s*:\\s*${escapeRegExp(JSON.stringify(executionId))}`,
    );
    try {
      await access(this.auditPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
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
  let parsed: Partial<AuditRecord>;
  try {
    parsed = JSON.parse(line) as Partial<AuditRecord>;
  } catch {
    return null;
  }
  if (parsed.execution_id !== executionId) return null;
  if (parsed.status !== undefined && parsed.status !== "completed") return null;
  let hash = typeof parsed.plan_hash === "string" ? parsed.plan_hash : undefined;
  if (hash === undefined) {
    const snapshot = executionPlanSchema.safeParse(parsed.plan_snapshot);
    hash = snapshot.success ? planHash(snapshot.data) : "";
  }
  return {
    executionId,
    status: "completed",
    planHash: hash,
    executedAt: typeof parsed.executed_at === "string" ? parsed.executed_at : null,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

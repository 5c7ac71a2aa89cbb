import { createReadStream, existsSync } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";
import { databaseProvider, sqliteFilePath } from "@/lib/db/database-url";
import { env } from "@/lib/env";
import { executionPlanSchema } from "@/lib/plan/schema";
import { planHash } from "@/lib/services/hashing";
import type { CliExecutionInput } from "@/lib/services/record-cli-execution";
import type { DatabaseLedger } from "./database-ledger";

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
 * One completed or failed apply, as a ledger stores it: the input of `recordCliExecution`, so a
 * database ledger passes the record straight through.
 */
export type CliExecutionRecord = CliExecutionInput;

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

/**
 * The app database when there is one, so CLI runs appear in the web history; the audit file
 * otherwise. An explicit `--db URL` is migrated (idempotent) and used. Without `--db`, the app's
 * DATABASE_URL is used only if that database file exists: a CLI run in some folder should not
 * leave a database behind it.
 */
export async function openLedger(options: OpenLedgerOptions): Promise<ExecutionLedger> {
  const fileLedger = new AuditFileLedger(options.auditPath);
  if (options.db === "none") return fileLedger;
  const url = options.db ?? env().DATABASE_URL;
  if (options.db === undefined && !databaseExists(url)) return fileLedger;
  return openDatabaseLedger(url);
}

/** The app database (DATABASE_URL) when it exists, to look executions up in; null otherwise. */
export async function openAppLedger(): Promise<DatabaseLedger | null> {
  const url = env().DATABASE_URL;
  if (!databaseExists(url) || url === "file::memory:") return null;
  return openDatabaseLedger(url);
}

/**
 * The database ledger, loaded only when a database is used: Prisma's clients and the migrations
 * take a fifth of a second to load, a third of a small run's whole time.
 */
async function openDatabaseLedger(url: string): Promise<DatabaseLedger> {
  const { openDatabaseLedger: open } = await import("./database-ledger");
  return open(url);
}

/** A PostgreSQL database is there to be used; a SQLite file only once someone created it. */
function databaseExists(url: string): boolean {
  if (databaseProvider(url) === "postgres") return true;
  const file = sqliteFilePath(url);
  return file === ":memory:" || existsSync(file);
}

/** The hash ledgers compare: the same plan hash approvals in the web app record. */
export { planHash };

/**
 * The audit file as a ledger: an execution_id with a completed line in the file has run. Lines
 * of the seed executor (no status field) count as completed, since it only wrote successes.
 * `record` does nothing: the apply command appends the audit line itself, whatever the ledger.
 */
class AuditFileLedger implements ExecutionLedger {
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

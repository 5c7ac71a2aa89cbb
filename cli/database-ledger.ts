import { createDb, type Db } from "@/lib/db/client";
import { redactedUrl } from "@/lib/db/database-url";
import { migrateDatabaseUrl } from "@/lib/db/migrations";
import { findCompletedExecution, recordCliExecution } from "@/lib/services/record-cli-execution";
import type { CliExecutionRecord, ExecutionLedger, LedgerEntry } from "./ledger";

/** The database at `url`, migrated (idempotent), as a ledger. */
export async function openDatabaseLedger(url: string): Promise<DatabaseLedger> {
  await migrateDatabaseUrl(url);
  return new DatabaseLedger(url, createDb(url));
}

/** Executions in the app database (lib/services/record-cli-execution.ts). */
export class DatabaseLedger implements ExecutionLedger {
  readonly description: string;

  constructor(
    url: string,
    private readonly client: Db,
  ) {
    this.description = `database ${redactedUrl(url)}`;
  }

  async find(executionId: string): Promise<LedgerEntry | null> {
    const found = await findCompletedExecution(executionId, this.client);
    if (!found) return null;
    return {
      executionId: found.executionId,
      planHash: found.planHash,
      executedAt: found.executedAt.toISOString(),
    };
  }

  async record(record: CliExecutionRecord): Promise<void> {
    await recordCliExecution(record, this.client);
  }

  async close(): Promise<void> {
    await this.client.$disconnect();
  }
}

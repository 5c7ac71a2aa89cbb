import "server-only";
import { createHash } from "node:crypto";
import { type Db, db, providerOf, type Tx } from "./client";
import { readVersionBytes } from "./version-storage";

/** What the integrity check looked at, so a report of no problems says how much it covered. */
export interface IntegrityCounts {
  datasets: number;
  versions: number;
  executions: number;
  changes: number;
}

export interface IntegrityProblem {
  check: IntegrityCheck;
  message: string;
}

export type IntegrityCheck =
  | "sqlite"
  | "foreign_keys"
  | "execution_version"
  | "execution_changes"
  | "execution_audit"
  | "failed_execution"
  | "version_without_execution"
  | "orphan_change"
  | "current_version"
  | "version_chain"
  | "version_content";

export interface IntegrityReport {
  ok: boolean;
  problems: IntegrityProblem[];
  counts: IntegrityCounts;
}

/** Problems listed per check; past this the check says how many more it found. */
const MAX_LISTED = 20;

/**
 * Checks the promises an approval makes about the database (docs/plan-format.md "Approval"), read-only:
 *
 * - every completed (or later reverted) execution has its result version, all its change
 *   records (as many as its recorded `cellsChanged`) and its `execution.applied` audit event;
 * - failed and refused executions hold no version, no idempotency key and no change records;
 * - every version written by an execution belongs to exactly that execution, and its parent is
 *   the execution's base version;
 * - no change record without its execution (or in another dataset than its execution's);
 * - each dataset's current-version pointer names its own latest version; version numbers run
 *   1..n without gaps, each version's parent being the one before it;
 * - each version's bytes match their recorded SHA-256 and size;
 * - SQLite's own `PRAGMA integrity_check` and `PRAGMA foreign_key_check`.
 *
 * Everything is read in one transaction, so a write committing meanwhile cannot look like a
 * half-written execution.
 */
export async function checkDatabaseIntegrity(client: Db = db()): Promise<IntegrityReport> {
  return client.$transaction((tx) => checkInTransaction(tx), {
    timeout: 600_000,
    maxWait: 120_000,
  });
}

async function checkInTransaction(tx: Tx): Promise<IntegrityReport> {
  const problems: IntegrityProblem[] = [];
  for (const [check, find] of CHECKS) {
    const messages = await find(tx);
    for (const message of messages.slice(0, MAX_LISTED)) problems.push({ check, message });
    if (messages.length > MAX_LISTED) {
      problems.push({ check, message: `…and ${messages.length - MAX_LISTED} more` });
    }
  }
  const [datasets, versions, executions, changes] = await Promise.all([
    tx.dataset.count(),
    tx.datasetVersion.count(),
    tx.execution.count(),
    tx.change.count(),
  ]);
  return {
    ok: problems.length === 0,
    problems,
    counts: { datasets, versions, executions, changes },
  };
}

/**
 * SQLite's own checks of the file; PostgreSQL enforces foreign keys on every write and checks
 * its pages itself.
 */
async function sqliteFileProblems(tx: Tx): Promise<string[]> {
  if (providerOf(tx) !== "sqlite") return [];
  const rows = await tx.$queryRawUnsafe<{ integrity_check: string }[]>("PRAGMA integrity_check");
  return rows.map((row) => row.integrity_check).filter((message) => message !== "ok");
}

async function foreignKeyProblems(tx: Tx): Promise<string[]> {
  if (providerOf(tx) !== "sqlite") return [];
  const rows = await tx.$queryRawUnsafe<{ table: string; rowid: number; parent: string }[]>(
    "PRAGMA foreign_key_check",
  );
  return rows.map((row) => `${row.table} row ${row.rowid} points to a missing ${row.parent}`);
}

async function executionsWithoutVersion(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string; executionId: string }[]>`
    SELECT e."id", e."executionId" FROM "Execution" e
    LEFT JOIN "DatasetVersion" v ON v."id" = e."resultVersionId"
    WHERE e."status" IN ('completed', 'reverted')
      AND (v."id" IS NULL OR v."datasetId" <> e."datasetId" OR v."parentId" IS DISTINCT FROM e."baseVersionId")`;
  return rows.map(
    (row) =>
      `execution ${row.executionId} (${row.id}) has no result version of its dataset, or one not built on its base version`,
  );
}

async function executionsMissingChanges(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<
    { id: string; executionId: string; cellsChanged: number; changes: number | bigint }[]
  >`
    SELECT e."id", e."executionId", e."cellsChanged",
      (SELECT COUNT(*) FROM "Change" c WHERE c."executionId" = e."id") AS "changes"
    FROM "Execution" e
    WHERE e."status" IN ('completed', 'reverted')
      AND e."cellsChanged" <> (SELECT COUNT(*) FROM "Change" c WHERE c."executionId" = e."id")`;
  return rows.map(
    (row) =>
      `execution ${row.executionId} (${row.id}) changed ${row.cellsChanged} cells but has ${Number(row.changes)} change records`,
  );
}

async function executionsWithoutAudit(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string; executionId: string }[]>`
    SELECT e."id", e."executionId" FROM "Execution" e
    WHERE e."status" IN ('completed', 'reverted')
      AND NOT EXISTS (SELECT 1 FROM "AuditEvent" a
        WHERE a."executionId" = e."id" AND a."type" = 'execution.applied')`;
  return rows.map(
    (row) => `execution ${row.executionId} (${row.id}) has no execution.applied audit event`,
  );
}

async function failedExecutionsWithResults(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string; executionId: string }[]>`
    SELECT e."id", e."executionId" FROM "Execution" e
    WHERE e."status" NOT IN ('completed', 'reverted')
      AND (e."resultVersionId" IS NOT NULL OR e."idempotencyKey" IS NOT NULL
        OR EXISTS (SELECT 1 FROM "Change" c WHERE c."executionId" = e."id"))`;
  return rows.map(
    (row) =>
      `execution ${row.executionId} (${row.id}) did not complete but holds a version, its idempotency key or change records`,
  );
}

/**
 * Seeded and uploaded versions are a dataset's own starting points; any other version must be
 * the result of one completed execution.
 */
async function versionsWithoutExecution(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string; number: number; name: string }[]>`
    SELECT v."id", v."number", d."name" FROM "DatasetVersion" v
    JOIN "Dataset" d ON d."id" = v."datasetId"
    LEFT JOIN "Execution" e ON e."resultVersionId" = v."id"
    WHERE (v."source" NOT IN ('seed', 'upload') AND (e."id" IS NULL OR e."status" NOT IN ('completed', 'reverted')))
      OR (v."source" IN ('seed', 'upload') AND e."id" IS NOT NULL)`;
  return rows.map(
    (row) =>
      `version ${row.number} of "${row.name}" (${row.id}) does not match a completed execution`,
  );
}

async function orphanChanges(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ executionId: string; count: number | bigint }[]>`
    SELECT c."executionId", COUNT(*) AS "count" FROM "Change" c
    LEFT JOIN "Execution" e ON e."id" = c."executionId"
    WHERE e."id" IS NULL OR e."datasetId" <> c."datasetId"
    GROUP BY c."executionId"`;
  return rows.map(
    (row) =>
      `${Number(row.count)} change records point to execution ${row.executionId}, which is missing or of another dataset`,
  );
}

async function badCurrentVersions(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string; name: string }[]>`
    SELECT d."id", d."name" FROM "Dataset" d
    LEFT JOIN "DatasetVersion" v ON v."id" = d."currentVersionId"
    WHERE v."id" IS NULL OR v."datasetId" <> d."id"
      OR v."number" <> (SELECT MAX(w."number") FROM "DatasetVersion" w WHERE w."datasetId" = d."id")`;
  return rows.map(
    (row) => `dataset "${row.name}" (${row.id}) does not point to its own latest version`,
  );
}

async function versionChainProblems(tx: Tx): Promise<string[]> {
  const brokenChains = await tx.$queryRaw<{ id: string; number: number; name: string }[]>`
    SELECT v."id", v."number", d."name" FROM "DatasetVersion" v
    JOIN "Dataset" d ON d."id" = v."datasetId"
    LEFT JOIN "DatasetVersion" p ON p."id" = v."parentId"
    WHERE (v."number" = 1 AND v."parentId" IS NOT NULL)
      OR (v."number" <> 1 AND (p."id" IS NULL OR p."datasetId" <> v."datasetId" OR p."number" <> v."number" - 1))`;
  const gaps = await tx.$queryRaw<{ name: string; versions: number | bigint; latest: number }[]>`
    SELECT d."name", COUNT(v."id") AS "versions", MAX(v."number") AS "latest" FROM "Dataset" d
    JOIN "DatasetVersion" v ON v."datasetId" = d."id"
    GROUP BY d."id" HAVING COUNT(v."id") <> MAX(v."number") OR MIN(v."number") <> 1`;
  return [
    ...brokenChains.map(
      (row) =>
        `version ${row.number} of "${row.name}" (${row.id}) does not follow version ${row.number - 1}`,
    ),
    ...gaps.map(
      (row) =>
        `"${row.name}" has ${Number(row.versions)} versions numbered up to ${row.latest}: a gap`,
    ),
  ];
}

/** Each check and what finds its problems, in the order they are reported. */
const CHECKS: [IntegrityCheck, (tx: Tx) => Promise<string[]>][] = [
  ["sqlite", sqliteFileProblems],
  ["foreign_keys", foreignKeyProblems],
  ["execution_version", executionsWithoutVersion],
  ["execution_changes", executionsMissingChanges],
  ["execution_audit", executionsWithoutAudit],
  ["failed_execution", failedExecutionsWithResults],
  ["version_without_execution", versionsWithoutExecution],
  ["orphan_change", orphanChanges],
  ["current_version", badCurrentVersions],
  ["version_chain", versionChainProblems],
  ["version_content", versionContentProblems],
];

/**
 * Rebuilds and hashes every version's bytes (a patch included), one version at a time so memory
 * stays at a few versions' size.
 */
async function versionContentProblems(tx: Tx): Promise<string[]> {
  const versions = await tx.datasetVersion.findMany({
    select: {
      id: true,
      number: true,
      sha256: true,
      byteSize: true,
      dataset: { select: { name: true } },
    },
    orderBy: [{ datasetId: "asc" }, { number: "asc" }],
  });
  const messages: string[] = [];
  for (const version of versions) {
    let content: Uint8Array | null;
    try {
      content = await readVersionBytes(tx, version.id);
    } catch (error) {
      messages.push(
        `version ${version.number} of "${version.dataset.name}" (${version.id}) cannot be read: ${(error as Error).message}`,
      );
      continue;
    }
    if (!content) continue;
    const sha256 = createHash("sha256").update(content).digest("hex");
    if (sha256 !== version.sha256 || content.byteLength !== version.byteSize) {
      messages.push(
        `version ${version.number} of "${version.dataset.name}" (${version.id}): its bytes do not match the recorded SHA-256 or size`,
      );
    }
  }
  return messages;
}

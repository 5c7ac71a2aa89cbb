import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { approvePlan } from "@/lib/services/approve-plan";
import { createDataset } from "@/lib/services/create-dataset";
import { createManualPlan } from "@/lib/services/create-plan";
import { previewPlan } from "@/lib/services/preview-plan";
import { installTempDb, type TempDb, withoutForeignKeys } from "@/tests/support/temp-db";
import { checkDatabaseIntegrity, type IntegrityCheck } from "./integrity";

const author: Actor = { id: "user:author", name: "Author", role: "author" };
const approver: Actor = { id: "user:approver", name: "Approver", role: "approver" };
const fixtures = path.resolve(__dirname, "../../tests/fixtures");

let temp: TempDb;
let executionRowId: string;
let datasetId: string;

// Each test damages the database in one way, so each starts from a fresh one: a dataset with
// one completed execution (version 2, two change records) and one refused approval.
beforeEach(async () => {
  await temp?.dispose();
  temp = await installTempDb();
  const content = await readFile(path.join(fixtures, "seed-products.csv"));
  ({ datasetId } = await createDataset({ name: "Products", content, actor: author.id }));
  const plan = JSON.parse(
    await readFile(path.join(fixtures, "seed-plan-fitness-10pct.json"), "utf8"),
  );
  const { planId } = await createManualPlan({ datasetId, plan, actor: author });
  const preview = await previewPlan({ planId, actor: author });
  if (!preview.ok) throw new Error(`preview failed: ${JSON.stringify(preview)}`);
  const approval = { planId, revisionId: preview.revisionId, actor: approver };
  await expect(approvePlan({ ...approval, previewHash: "0".repeat(64) })).rejects.toThrow(
    /Preview again/,
  );
  executionRowId = (await approvePlan({ ...approval, previewHash: preview.previewHash })).id;
});
afterAll(async () => {
  await temp.dispose();
});

async function failedChecks(): Promise<IntegrityCheck[]> {
  const report = await checkDatabaseIntegrity(temp.db);
  return [...new Set(report.problems.map((problem) => problem.check))];
}

describe("checkDatabaseIntegrity", () => {
  it("passes on a database written by the services, and says what it covered", async () => {
    const report = await checkDatabaseIntegrity(temp.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.counts).toEqual({ datasets: 1, versions: 2, executions: 2, changes: 2 });
  });

  it("finds a completed execution missing one of its change records", async () => {
    await temp.db.$executeRaw`DELETE FROM "Change" WHERE "id" = (SELECT MAX("id") FROM "Change")`;
    expect(await failedChecks()).toEqual(["execution_changes"]);
  });

  it("finds change records whose execution is gone", async () => {
    await withoutForeignKeys(temp);
    await temp.db.$executeRaw`UPDATE "Change" SET "executionId" = 'missing'`;
    const checks = await failedChecks();
    expect(checks).toContain("orphan_change");
    expect(checks).toContain("execution_changes");
  });

  it("finds a version that no execution wrote, and an execution without its version", async () => {
    await withoutForeignKeys(temp);
    await temp.db
      .$executeRaw`UPDATE "Execution" SET "resultVersionId" = NULL WHERE "id" = ${executionRowId}`;
    const checks = await failedChecks();
    expect(checks).toContain("version_without_execution");
    expect(checks).toContain("execution_version");
  });

  it("finds a current-version pointer that is not the latest version", async () => {
    await temp.db.$executeRaw`UPDATE "Dataset" SET "currentVersionId" = (
      SELECT "id" FROM "DatasetVersion" WHERE "number" = 1) WHERE "id" = ${datasetId}`;
    expect(await failedChecks()).toEqual(["current_version"]);
  });

  it("finds a gap in the version numbers", async () => {
    await temp.db.$executeRaw`UPDATE "DatasetVersion" SET "number" = 3 WHERE "number" = 2`;
    expect(await failedChecks()).toEqual(["version_chain"]);
  });

  it("finds version bytes that do not match their SHA-256", async () => {
    const damaged = new Uint8Array([0]);
    await temp.db
      .$executeRaw`UPDATE "DatasetVersion" SET "content" = ${damaged} WHERE "number" = 2`;
    expect(await failedChecks()).toEqual(["version_content"]);
  });

  it("finds a refused attempt that holds change records", async () => {
    await temp.db.$executeRaw`UPDATE "Change" SET "executionId" = (
      SELECT "id" FROM "Execution" WHERE "status" = 'refused')`;
    const checks = await failedChecks();
    expect(checks).toContain("failed_execution");
    expect(checks).toContain("execution_changes");
  });

  it("finds a completed execution without its audit event", async () => {
    await temp.db.$executeRaw`DELETE FROM "AuditEvent" WHERE "type" = 'execution.applied'`;
    expect(await failedChecks()).toEqual(["execution_audit"]);
  });
});

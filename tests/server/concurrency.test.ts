import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { checkDatabaseIntegrity } from "@/lib/db/integrity";
import { type ServerFixture, startServerWithFreshData } from "./support/fixture";
import { type Session, signIn } from "./support/http";
import {
  approve,
  datasetIdByName,
  draftPlan,
  type Previewed,
  preview,
  priceIncreasePlan,
  setPricePlan,
} from "./support/plans";

let fixture: ServerFixture;
let author: Session;
let approver: Session;

beforeAll(async () => {
  fixture = await startServerWithFreshData();
  author = await signIn(fixture.server, "author");
  approver = await signIn(fixture.server, "approver");
});
afterAll(async () => {
  await fixture?.dispose();
});

async function versionNumbers(datasetId: string): Promise<number[]> {
  const versions = await fixture.db.datasetVersion.findMany({
    where: { datasetId },
    orderBy: { number: "asc" },
    select: { number: true },
  });
  return versions.map((version) => version.number);
}

describe("approvals racing on a running production server", () => {
  it("20 parallel approvals of one previewed plan make one execution and one version; all 20 get its result", async () => {
    const { server } = fixture;
    const datasetId = await datasetIdByName(fixture.db, "Demo catalog");
    const executionId = `race_same_${Date.now()}`;
    const planId = await draftPlan(server, author, datasetId, priceIncreasePlan(executionId));
    const previewed = await preview(server, approver, planId);
    expect(previewed.cellsChanged).toBe(10_000);

    // The same request twenty times at once, as twenty clicks (or tabs) on "Approve" would send.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => approve(server, approver, previewed)),
    );

    const results = answers.map((answer) => {
      if (!answer.ok) throw new Error(`an approval was refused: ${answer.error}`);
      return answer.data;
    });
    // One applied it; the other nineteen were answered with that execution (an idempotent replay).
    expect(results.map((result) => result.replayed).sort()).toEqual([
      false,
      ...Array(19).fill(true),
    ]);
    const applied = results.find((result) => !result.replayed)!;
    expect(applied).toMatchObject({ executionId, resultVersionNumber: 2, cellsChanged: 10_000 });
    for (const result of results) expect({ ...result, replayed: false }).toEqual(applied);

    const executions = await fixture.db.execution.findMany({ where: { executionId } });
    expect(executions.map((execution) => execution.status)).toEqual(["completed"]);
    expect(await fixture.db.change.count({ where: { executionId: applied.id } })).toBe(10_000);
    expect(await versionNumbers(datasetId)).toEqual([1, 2]);
    const report = await checkDatabaseIntegrity(fixture.db);
    expect(report.problems).toEqual([]);
  });

  it("different plans on one base version approved at the same moment: one applies, the rest are refused as stale, nothing is lost", async () => {
    const { server } = fixture;
    const datasetId = await datasetIdByName(fixture.db, "Seed products");
    const prices: Record<string, string> = {
      A101: "101.01",
      A102: "102.02",
      B201: "201.01",
      C301: "301.01",
      C302: "302.02",
    };
    const run = Date.now();
    let pending: { sku: string; planId: string }[] = [];
    for (const [sku, price] of Object.entries(prices)) {
      const plan = setPricePlan(`race_${sku}_${run}`, sku, Number(price));
      pending.push({ sku, planId: await draftPlan(server, author, datasetId, plan) });
    }

    // Race every pending plan against the others on the current version; the winner moves the
    // dataset on, the losers are previewed again on the new version (the stale plan's way back)
    // and race again, until all five have been applied, each exactly once.
    const winners: string[] = [];
    let baseVersion = 1;
    while (pending.length > 0) {
      const previewed: Previewed[] = [];
      for (const plan of pending) previewed.push(await preview(server, approver, plan.planId));
      expect(previewed.map((plan) => plan.baseVersion)).toEqual(pending.map(() => baseVersion));

      const answers = await Promise.all(previewed.map((plan) => approve(server, approver, plan)));

      const applied = answers.flatMap((answer, index) => (answer.ok ? [pending[index]] : []));
      expect(applied).toHaveLength(1);
      for (const answer of answers) {
        if (answer.ok) {
          expect(answer.data).toMatchObject({
            resultVersionNumber: baseVersion + 1,
            replayed: false,
          });
        } else {
          expect(answer).toMatchObject({ code: "stale_plan" });
          expect(answer.error).toMatch(/moved on since this preview.*Preview again/);
        }
      }
      winners.push(applied[0].sku);
      pending = pending.filter((plan) => plan !== applied[0]);
      baseVersion += 1;
    }

    expect(await versionNumbers(datasetId)).toEqual([1, 2, 3, 4, 5, 6]);
    const dataset = await fixture.db.dataset.findUniqueOrThrow({
      where: { id: datasetId },
      include: { currentVersion: true },
    });
    const table = parseCsv(dataset.currentVersion!.content, { keyColumn: "sku" });
    const priceColumn = table.column(table.header.indexOf("price"));
    const keys = table.column(table.keyColumnIndex);
    const finalPrices = Object.fromEntries(keys.map((key, row) => [key, priceColumn[row]]));
    // No lost update: every plan's price is in the final version.
    for (const [sku, price] of Object.entries(prices)) expect(finalPrices[sku]).toBe(price);

    // Each approval applied once, on the version before it, and each refusal left no trace
    // but its refused execution record.
    const executions = await Promise.all(
      (
        await fixture.db.execution.findMany({
          where: { datasetId },
          include: { baseVersion: true, resultVersion: true },
          orderBy: { createdAt: "asc" },
        })
      ).map(async (execution) => ({
        ...execution,
        changes: await fixture.db.change.findMany({ where: { executionId: execution.id } }),
      })),
    );
    const completed = executions.filter((execution) => execution.status === "completed");
    expect(completed.map((execution) => execution.resultVersion?.number)).toEqual([2, 3, 4, 5, 6]);
    expect(completed.map((execution) => execution.baseVersion.number)).toEqual([1, 2, 3, 4, 5]);
    expect(completed.map((execution) => execution.changes.map((change) => change.rowKey))).toEqual(
      winners.map((sku) => [sku]),
    );
    const refused = executions.filter((execution) => execution.status === "refused");
    expect(refused).toHaveLength(4 + 3 + 2 + 1);
    for (const execution of refused) {
      expect(execution.resultVersionId).toBeNull();
      expect(execution.changes).toEqual([]);
    }
    const report = await checkDatabaseIntegrity(fixture.db);
    expect(report.problems).toEqual([]);
  });
});

import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { readProfile } from "@/lib/db/datasets";
import { loadVersionBytes } from "@/lib/db/versions";
import { approvePlan } from "@/lib/services/approve-plan";
import { createDataset } from "@/lib/services/create-dataset";
import { createManualPlan } from "@/lib/services/create-plan";
import { cachedPreviewPage } from "@/lib/services/preview-cache";
import { previewPlan } from "@/lib/services/preview-plan";
import { savePlanRevision } from "@/lib/services/save-plan-revision";
import { installTempDb, type TempDb } from "../support/temp-db";

const author: Actor = { id: "user:author", name: "Author", role: "author" };
const approver: Actor = { id: "user:approver", name: "Approver", role: "approver" };
const fixtures = path.resolve(__dirname, "../fixtures");

let temp: TempDb;
let seedCsv: Buffer;

beforeAll(async () => {
  temp = await installTempDb();
  seedCsv = await readFile(path.join(fixtures, "seed-products.csv"));
});
afterAll(async () => {
  await temp.dispose();
});

let datasetCounter = 0;
async function newDataset() {
  datasetCounter += 1;
  return createDataset({ name: `Seed ${datasetCounter}`, content: seedCsv, actor: author.id });
}

async function fixturePlan(name: string, executionId?: string) {
  const plan = JSON.parse(await readFile(path.join(fixtures, name), "utf8"));
  if (executionId) plan.execution_id = executionId;
  return plan;
}

async function previewed(datasetId: string, plan: unknown) {
  const { planId } = await createManualPlan({ datasetId, plan, actor: author });
  const preview = await previewPlan({ planId, actor: author });
  if (!preview.ok) throw new Error(`preview failed: ${JSON.stringify(preview)}`);
  return { planId, preview };
}

async function currentContent(datasetId: string) {
  const dataset = await temp.db.dataset.findUniqueOrThrow({
    where: { id: datasetId },
    include: { currentVersion: true },
  });
  return Buffer.from(dataset.currentVersion?.content ?? []).toString("utf8");
}

describe("approvePlan", () => {
  it("changes amounts written with a currency sign and keeps their style, and the old version", async () => {
    const lamps = 'B1,lamps,$45.99\nB2,lamps,$9.00\nB3,lamps,"$2,000.00"\n';
    const csv = `sku,category,price\nA1,kitchen,$12.50\nA2,kitchen,"$1,250.00"\n${lamps}`;
    const { datasetId } = await createDataset({
      name: "Shop with dollar prices",
      content: Buffer.from(csv),
      actor: author.id,
    });
    const base = await temp.db.dataset.findUniqueOrThrow({ where: { id: datasetId } });
    expect(readProfile(base.profileJson).columns[2]).toMatchObject({ type: "number" });
    const { planId, preview } = await previewed(datasetId, {
      execution_id: "plan_dollar_prices_v1",
      created_at: "2026-11-26T00:00:00Z",
      source_instruction: "Raise kitchen prices by 5%",
      operations: [
        {
          operation_id: "op_01",
          filter: { all: [{ column: "category", op: "eq", value: "kitchen" }] },
          action: { type: "percent_increase", column: "price", value: 5 },
        },
      ],
    });
    await approvePlan({
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    });
    expect(await currentContent(datasetId)).toBe(
      `sku,category,price\nA1,kitchen,$13.13\nA2,kitchen,"$1,312.50"\n${lamps}`,
    );
    const after = await temp.db.dataset.findUniqueOrThrow({ where: { id: datasetId } });
    expect(readProfile(after.profileJson).columns[2]).toMatchObject({
      type: "number",
      max: "2000.00",
    });
    // The version it replaced, now kept as the lines that differ, reads back byte for byte.
    const kept = await temp.db.datasetVersion.findUniqueOrThrow({
      where: { id: base.currentVersionId as string },
    });
    expect(kept.storage).toBe("patch");
    const old = Buffer.from((await loadVersionBytes(base.currentVersionId as string)) ?? []);
    expect(old.toString()).toBe(csv);
  });

  it("applies the previewed plan: new version with the expected bytes, execution, changes, audit", async () => {
    const { datasetId } = await newDataset();
    const { planId, preview } = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_apply_ok_v1"),
    );
    const approved = await approvePlan({
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    });
    expect(approved).toMatchObject({ resultVersionNumber: 2, rowsChanged: 2, replayed: false });
    expect(await currentContent(datasetId)).toBe(
      await readFile(path.join(fixtures, "seed-products-after-fitness-10pct.csv"), "utf8"),
    );
    const changes = await temp.db.change.findMany({
      where: { executionId: approved.id },
      orderBy: { seq: "asc" },
    });
    expect(changes.map((c) => [c.rowKey, c.column, c.before, c.after])).toEqual([
      ["A101", "price", "29.99", "32.99"],
      ["A102", "price", "39.99", "43.99"],
    ]);
    const events = await temp.db.auditEvent.findMany({ where: { executionId: approved.id } });
    expect(events.map((e) => e.type).sort()).toEqual(["execution.applied", "execution.approved"]);
  });

  it("returns the same execution when the same approval is replayed (idempotent)", async () => {
    const { datasetId } = await newDataset();
    const { planId, preview } = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_replay_v1"),
    );
    const request = {
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    };
    const first = await approvePlan(request);
    const again = await approvePlan(request);
    expect(again).toMatchObject({ id: first.id, replayed: true, resultVersionNumber: 2 });
    expect(await temp.db.execution.count({ where: { executionId: "plan_replay_v1" } })).toBe(1);
    expect(await temp.db.datasetVersion.count({ where: { datasetId } })).toBe(2);
  });

  it("gives exactly one execution when the same approval arrives 20 times at once", async () => {
    const { datasetId } = await newDataset();
    const { planId, preview } = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_parallel_v1"),
    );
    const request = {
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => approvePlan(request)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await temp.db.datasetVersion.count({ where: { datasetId } })).toBe(2);
  });

  it("refuses a plan edited after its preview as stale", async () => {
    const { datasetId } = await newDataset();
    const plan = await fixturePlan("seed-plan-fitness-10pct.json", "plan_edited_v1");
    const { planId, preview } = await previewed(datasetId, plan);
    await savePlanRevision({
      planId,
      plan: { ...plan, source_instruction: "edited" },
      actor: author,
    });
    await expect(
      approvePlan({
        planId,
        revisionId: preview.revisionId,
        previewHash: preview.previewHash,
        actor: approver,
      }),
    ).rejects.toMatchObject({
      code: "stale_plan",
      message: expect.stringContaining("edited since"),
    });
    const refused = await temp.db.execution.findFirstOrThrow({ where: { planId } });
    expect(refused).toMatchObject({ status: "refused", idempotencyKey: null });
    expect(await temp.db.datasetVersion.count({ where: { datasetId } })).toBe(1);
  });

  it("gives each new revision the next execution id of its series unless the author set one", async () => {
    const { datasetId } = await newDataset();
    const plan = await fixturePlan("seed-plan-fitness-10pct.json", "plan_series_v1");
    const { planId } = await previewed(datasetId, plan);
    const edited = await savePlanRevision({
      planId,
      plan: { ...plan, source_instruction: "edited" },
      actor: author,
    });
    expect(edited).toMatchObject({ unchanged: false, executionId: "plan_series_v2" });
    // Restoring the first revision's content is new content too: it does not reuse v1.
    const restored = await savePlanRevision({ planId, plan, actor: author });
    expect(restored).toMatchObject({ executionId: "plan_series_v3" });
    const typed = await savePlanRevision({
      planId,
      plan: { ...plan, execution_id: "spring_prices_final" },
      actor: author,
    });
    expect(typed).toMatchObject({ executionId: "spring_prices_final" });
    const unchanged = await savePlanRevision({
      planId,
      plan: { ...plan, execution_id: "spring_prices_final" },
      actor: author,
    });
    expect(unchanged).toMatchObject({ unchanged: true });
  });

  it("refuses a plan whose dataset moved on since the preview as stale", async () => {
    const { datasetId } = await newDataset();
    const first = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_first_v1"),
    );
    const second = await previewed(
      datasetId,
      await fixturePlan("seed-plan-minimal.json", "plan_second_v1"),
    );
    await approvePlan({
      planId: second.planId,
      revisionId: second.preview.revisionId,
      previewHash: second.preview.previewHash,
      actor: approver,
    });
    await expect(
      approvePlan({
        planId: first.planId,
        revisionId: first.preview.revisionId,
        previewHash: first.preview.previewHash,
        actor: approver,
      }),
    ).rejects.toMatchObject({ code: "stale_plan", message: expect.stringContaining("moved on") });
    const versions = await temp.db.datasetVersion.findMany({
      where: { datasetId },
      orderBy: { number: "asc" },
    });
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
  });

  it("refuses an execution_id already used by a different plan", async () => {
    const { datasetId } = await newDataset();
    const a = await previewed(
      datasetId,
      await fixturePlan("seed-plan-minimal.json", "plan_shared_id_v1"),
    );
    await approvePlan({
      planId: a.planId,
      revisionId: a.preview.revisionId,
      previewHash: a.preview.previewHash,
      actor: approver,
    });
    const b = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_shared_id_v1"),
    );
    await expect(
      approvePlan({
        planId: b.planId,
        revisionId: b.preview.revisionId,
        previewHash: b.preview.previewHash,
        actor: approver,
      }),
    ).rejects.toMatchObject({ code: "execution_id_used" });
  });

  it("rolls back everything when a failure happens after the version write, records the failure, and allows a retry", async () => {
    const { datasetId } = await newDataset();
    const { planId, preview } = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_rollback_v1"),
    );
    const request = {
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    };
    const before = await currentContent(datasetId);
    await expect(
      approvePlan({
        ...request,
        afterVersionWrite: async () => {
          throw new Error("disk on fire");
        },
      }),
    ).rejects.toThrow("disk on fire");

    expect(await temp.db.datasetVersion.count({ where: { datasetId } })).toBe(1);
    expect(await currentContent(datasetId)).toBe(before);
    expect(await temp.db.change.count({ where: { datasetId } })).toBe(0);
    const failed = await temp.db.execution.findFirstOrThrow({ where: { planId } });
    expect(failed).toMatchObject({ status: "failed", idempotencyKey: null, error: "disk on fire" });

    const retried = await approvePlan(request);
    expect(retried).toMatchObject({ replayed: false, resultVersionNumber: 2 });
    expect(await temp.db.execution.count({ where: { planId, status: "completed" } })).toBe(1);
  });

  it("requires an override reason when a guard fails, and records it", async () => {
    const { datasetId } = await newDataset();
    const plan = {
      ...(await fixturePlan("seed-plan-fitness-10pct.json", "plan_guarded_v1")),
      guards: { max_rows_changed: 1 },
    };
    const { planId, preview } = await previewed(datasetId, plan);
    const request = {
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    };
    await expect(approvePlan(request)).rejects.toMatchObject({ code: "guard_failed" });
    const approved = await approvePlan({
      ...request,
      overrideReason: "Both SKUs were agreed with the buyer",
    });
    const execution = await temp.db.execution.findUniqueOrThrow({ where: { id: approved.id } });
    expect(execution.overrideReason).toBe("Both SKUs were agreed with the buyer");
  });

  it("lets go of a plan's preview once it is approved, not before, and keeps other plans'", async () => {
    const { datasetId } = await newDataset();
    const guarded = {
      ...(await fixturePlan("seed-plan-fitness-10pct.json", "plan_preview_held_v1")),
      guards: { max_rows_changed: 1 },
    };
    const { planId, preview } = await previewed(datasetId, guarded);
    const other = await previewed(
      datasetId,
      await fixturePlan("seed-plan-fitness-10pct.json", "plan_preview_other_v1"),
    );
    const held = (plan: string, hash: string) => cachedPreviewPage(plan, hash, 0, 10) !== null;
    expect(held(planId, preview.previewHash)).toBe(true);

    const request = {
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    };
    // Refused: the person still reviews the preview while writing a reason.
    await expect(approvePlan(request)).rejects.toMatchObject({ code: "guard_failed" });
    expect(held(planId, preview.previewHash)).toBe(true);

    await approvePlan({ ...request, overrideReason: "Agreed with the buyer" });
    expect(held(planId, preview.previewHash)).toBe(false);
    expect(held(other.planId, other.preview.previewHash)).toBe(true);
  });
});

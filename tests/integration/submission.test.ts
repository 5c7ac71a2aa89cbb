import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { previewPlanAction, savePlanRevisionAction, submitPlanAction } from "@/lib/actions/plans";
import { listPlans } from "@/lib/db/plan-list";
import { parsePlanFilters } from "@/lib/schemas/plans";
import { actAs, resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { approveAs, previewedPlanBy, submittedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "false" });

/** An author submits a previewed plan; only then does it wait for approvers, until it is edited. */
let temp: TempDb;
let author: TestUser;
let approver: TestUser;

beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
  author = await signedInUser("author", "Ann Author");
  approver = await signedInUser("approver", "Abe Approver");
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

const status = async (planId: string) =>
  (await temp.db.plan.findUniqueOrThrow({ where: { id: planId } })).status;

describe("submitting a plan for approval", () => {
  it("needs a fresh preview, puts it in the queue, and an edit takes it out again", async () => {
    const previewed = await previewedPlanBy(author);
    const awaiting = async () =>
      (
        await listPlans(parsePlanFilters({ tab: "awaiting" }), {
          id: approver.id,
          mayApprove: true,
        })
      ).rows.map((r) => r.id);
    expect(await awaiting()).not.toContain(previewed.planId);

    actAs(author);
    expect(await submitPlanAction({ planId: previewed.planId })).toMatchObject({ ok: true });
    expect(await status(previewed.planId)).toBe("submitted");
    expect(await awaiting()).toContain(previewed.planId);
    const event = await temp.db.auditEvent.findFirstOrThrow({
      where: { type: "plan.submitted", planId: previewed.planId },
    });
    expect(event.actor).toBe(author.id);

    // An approver's preview keeps it in the queue.
    actAs(approver);
    const seen = await previewPlanAction({ planId: previewed.planId });
    expect(seen).toMatchObject({ ok: true });
    expect(await status(previewed.planId)).toBe("submitted");

    // An edit makes it a draft, and a draft cannot be submitted before it is previewed again.
    actAs(author);
    const revision = await temp.db.planRevision.findFirstOrThrow({
      where: { planId: previewed.planId },
      orderBy: { number: "desc" },
    });
    const plan = JSON.parse(revision.planJson);
    plan.operations[0].description = "Edited after submission";
    expect(await savePlanRevisionAction({ planId: previewed.planId, plan })).toMatchObject({
      ok: true,
    });
    expect(await status(previewed.planId)).toBe("draft");
    expect(await awaiting()).not.toContain(previewed.planId);
    const early = await submitPlanAction({ planId: previewed.planId });
    expect(early).toMatchObject({ ok: false, code: "conflict" });
    if (!early.ok) expect(early.error).toMatch(/Preview the plan first/);
  });

  it("refuses a preview made on a version the dataset has moved on from", async () => {
    const previewed = await previewedPlanBy(author);
    const plan = await temp.db.plan.findUniqueOrThrow({ where: { id: previewed.planId } });
    // Another version becomes current, as an approval of another plan would make it.
    const base = await temp.db.datasetVersion.findUniqueOrThrow({
      where: { id: plan.baseVersionId ?? "" },
    });
    const newer = await temp.db.datasetVersion.create({
      data: {
        datasetId: plan.datasetId,
        number: base.number + 1,
        content: base.content,
        sha256: base.sha256,
        byteSize: base.byteSize,
        rowCount: base.rowCount,
        source: "upload",
        parentId: base.id,
        createdBy: "system:test",
      },
    });
    await temp.db.dataset.update({
      where: { id: plan.datasetId },
      data: { currentVersionId: newer.id },
    });
    actAs(author);
    const refused = await submitPlanAction({ planId: previewed.planId });
    expect(refused).toMatchObject({ ok: false, code: "stale_plan" });
    if (!refused.ok) expect(refused.error).toMatch(/Preview again, then submit/);
  });

  it("keeps the approver's comment with the execution and in its audit", async () => {
    const previewed = await submittedPlanBy(author);
    const approved = await approveAs(approver, {
      ...previewed,
      comment: "  Checked against the supplier list.  ",
    });
    expect(approved).toMatchObject({ ok: true });
    const execution = await temp.db.execution.findFirstOrThrow({
      where: { planId: previewed.planId },
    });
    expect(execution.approvalComment).toBe("Checked against the supplier list.");
    const event = await temp.db.auditEvent.findFirstOrThrow({
      where: { type: "execution.approved", executionId: execution.id },
    });
    expect(JSON.parse(event.detailJson)).toMatchObject({
      comment: "Checked against the supplier list.",
    });
  });
});

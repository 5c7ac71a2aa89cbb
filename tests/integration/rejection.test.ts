import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { copyPlanAction } from "@/lib/actions/plan-drafts";
import { previewPlanAction, rejectPlanAction, savePlanRevisionAction } from "@/lib/actions/plans";
import { latestRejection } from "@/lib/db/plans";
import { nextExecutionId } from "@/lib/plan/execution-id";
import { actAs, resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { approveAs, previewedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "false" });

/** A rejection says why, and leads somewhere: the author revises and the plan goes round again. */
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

describe("rejecting a plan", () => {
  it("needs a reason, records who and why, and the revised plan can be approved", async () => {
    const previewed = await previewedPlanBy(author);
    actAs(approver);
    const bare = await rejectPlanAction({ planId: previewed.planId, reason: "   " });
    expect(bare).toMatchObject({ ok: false, code: "invalid_input" });

    const rejected = await rejectPlanAction({
      planId: previewed.planId,
      reason: "The floor should be $30.",
    });
    expect(rejected).toMatchObject({ ok: true });
    expect(await latestRejection(previewed.planId)).toMatchObject({
      by: approver.id,
      reason: "The floor should be $30.",
    });

    actAs(author);
    const refused = await previewPlanAction({ planId: previewed.planId });
    expect(refused).toMatchObject({ ok: false, code: "conflict" });
    if (!refused.ok) expect(refused.error).toMatch(/Revise it/);

    const revision = await temp.db.planRevision.findFirstOrThrow({
      where: { planId: previewed.planId },
      orderBy: { number: "desc" },
    });
    const plan = JSON.parse(revision.planJson);
    plan.operations[0].options = { ...plan.operations[0].options, min_value: 30 };
    const saved = await savePlanRevisionAction({ planId: previewed.planId, plan, note: "floor" });
    expect(saved).toMatchObject({ ok: true });
    expect(await temp.db.plan.findUniqueOrThrow({ where: { id: previewed.planId } })).toMatchObject(
      { status: "draft" },
    );

    const again = await previewPlanAction({ planId: previewed.planId });
    if (!again.ok || !again.data.ok) throw new Error(`preview failed: ${JSON.stringify(again)}`);
    const approved = await approveAs(approver, {
      planId: previewed.planId,
      revisionId: again.data.revisionId,
      previewHash: again.data.previewHash,
    });
    expect(approved).toMatchObject({ ok: true });
  });

  it("can be copied into a new draft with the next execution id, the rejected one kept", async () => {
    const previewed = await previewedPlanBy(author);
    actAs(approver);
    await rejectPlanAction({ planId: previewed.planId, reason: "Start over from this." });
    actAs(author);
    const copied = await copyPlanAction({ planId: previewed.planId });
    if (!copied.ok) throw new Error(copied.error);
    const source = await temp.db.planRevision.findFirstOrThrow({
      where: { planId: previewed.planId },
      orderBy: { number: "desc" },
    });
    const copy = await temp.db.planRevision.findFirstOrThrow({
      where: { planId: copied.data.planId },
    });
    const before = JSON.parse(source.planJson);
    const after = JSON.parse(copy.planJson);
    expect(after.operations).toEqual(before.operations);
    expect(after.execution_id).toBe(nextExecutionId(before.execution_id));
    expect(copy.note).toBe("Copied from an earlier plan");
    expect(
      await temp.db.plan.findUniqueOrThrow({ where: { id: copied.data.planId } }),
    ).toMatchObject({ status: "draft", createdBy: author.id });
    expect(await temp.db.plan.findUniqueOrThrow({ where: { id: previewed.planId } })).toMatchObject(
      { status: "rejected" },
    );
    const event = await temp.db.auditEvent.findFirstOrThrow({
      where: { type: "plan.drafted", planId: copied.data.planId },
    });
    expect(JSON.parse(event.detailJson)).toMatchObject({ copiedFrom: previewed.planId });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { previewPlanAction, savePlanRevisionAction } from "@/lib/actions/plans";
import { FOUR_EYES_REASON } from "@/lib/auth/four-eyes";
import { actAs, resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { approveAs, previewedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "false" });

let temp: TempDb;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
  alice = await signedInUser("approver", "Alice");
  bob = await signedInUser("approver", "Bob");
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

describe("four-eyes rule (SIGNOFF_ALLOW_SELF_APPROVAL=false)", () => {
  it("refuses the author of the latest revision, records the refusal, and lets another approver approve", async () => {
    const previewed = await previewedPlanBy(alice);

    const own = await approveAs(alice, previewed);
    expect(own).toEqual({ ok: false, code: "forbidden", error: FOUR_EYES_REASON });
    const refused = await temp.db.execution.findFirstOrThrow({
      where: { planId: previewed.planId },
    });
    expect(refused).toMatchObject({
      status: "refused",
      approvedBy: alice.id,
      error: FOUR_EYES_REASON,
    });
    // A refusal leaves the plan approvable.
    expect(
      (await temp.db.plan.findUniqueOrThrow({ where: { id: previewed.planId } })).status,
    ).not.toBe("failed");

    const other = await approveAs(bob, previewed);
    expect(other).toMatchObject({ ok: true, data: { replayed: false } });
    const approved = await temp.db.auditEvent.findFirstOrThrow({
      where: { planId: previewed.planId, type: "execution.approved" },
    });
    expect(approved.actor).toBe(bob.id);
    expect(JSON.parse(approved.detailJson)).not.toHaveProperty("selfApproval");
    const revision = await temp.db.planRevision.findUniqueOrThrow({
      where: { id: previewed.revisionId },
    });
    expect(revision.author).toBe(alice.id);
  });

  it("looks at every revision: a later revision by someone else keeps both authors out", async () => {
    const previewedByAlice = await previewedPlanBy(alice);
    // Bob edits and previews again: the latest revision is now his.
    const { planId } = previewedByAlice;
    const plan = await temp.db.planRevision.findUniqueOrThrow({
      where: { id: previewedByAlice.revisionId },
    });
    actAs(bob);
    const edited = JSON.parse(plan.planJson);
    edited.operations[0].description = "Bob's wording";
    const saved = await savePlanRevisionAction({ planId, plan: edited, note: "Bob's edit" });
    expect(saved.ok).toBe(true);
    const preview = await previewPlanAction({ planId });
    if (!preview.ok || !preview.data.ok) throw new Error("preview failed");
    const latest = {
      planId,
      revisionId: preview.data.revisionId,
      previewHash: preview.data.previewHash,
    };

    expect(await approveAs(bob, latest)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await approveAs(alice, latest)).toMatchObject({ ok: false, code: "forbidden" });
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  previewPlanAction,
  restorePlanRevisionAction,
  savePlanRevisionAction,
} from "@/lib/actions/plans";
import { FOUR_EYES_REASON } from "@/lib/auth/four-eyes";
import { actAs, resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { approveAs, previewedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "false" });

/**
 * Finding: when another user saved a byte-identical revision (or restored one), the original
 * author could approve their own content. A save that changes nothing makes no revision, and
 * nobody who wrote any revision of a plan approves it.
 */
let temp: TempDb;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
  alice = await signedInUser("approver", "Alice");
  bob = await signedInUser("approver", "Bob");
  carol = await signedInUser("approver", "Carol");
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

async function latestPlanJson(planId: string): Promise<unknown> {
  const revision = await temp.db.planRevision.findFirstOrThrow({
    where: { planId },
    orderBy: { number: "desc" },
  });
  return JSON.parse(revision.planJson);
}

async function previewAs(user: TestUser, planId: string) {
  actAs(user);
  const preview = await previewPlanAction({ planId });
  if (!preview.ok || !preview.data.ok) throw new Error("preview failed");
  return { planId, revisionId: preview.data.revisionId, previewHash: preview.data.previewHash };
}

describe("four-eyes cannot be laundered through another person's save", () => {
  it("a byte-identical save by someone else makes no revision, and the author still cannot approve", async () => {
    const previewed = await previewedPlanBy(alice);
    const revisions = await temp.db.planRevision.count({ where: { planId: previewed.planId } });
    actAs(bob);
    const saved = await savePlanRevisionAction({
      planId: previewed.planId,
      plan: await latestPlanJson(previewed.planId),
      note: "no change",
    });
    expect(saved).toMatchObject({ ok: true, data: { unchanged: true } });
    expect(await temp.db.planRevision.count({ where: { planId: previewed.planId } })).toBe(
      revisions,
    );
    const again = await previewAs(bob, previewed.planId);
    expect(await approveAs(alice, again)).toEqual({
      ok: false,
      code: "forbidden",
      error: FOUR_EYES_REASON,
    });
  });

  it("restoring the author's revision does not let the author approve it", async () => {
    const previewed = await previewedPlanBy(alice);
    const plan = (await latestPlanJson(previewed.planId)) as {
      operations: { description?: string }[];
    };
    plan.operations[0].description = "Bob's wording";
    actAs(bob);
    expect((await savePlanRevisionAction({ planId: previewed.planId, plan })).ok).toBe(true);
    const restored = await restorePlanRevisionAction({
      planId: previewed.planId,
      revisionId: previewed.revisionId,
    });
    expect(restored.ok).toBe(true);
    const latest = await previewAs(bob, previewed.planId);
    expect(await approveAs(alice, latest)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await approveAs(bob, latest)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await approveAs(carol, latest)).toMatchObject({ ok: true });
  });
});

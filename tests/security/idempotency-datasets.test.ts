import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actAs, resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { approveAs, previewedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "false" });

/**
 * Finding: approving a plan whose execution id was already used on another dataset answered
 * "replayed" with the other dataset's result and never applied, leaving the plan stuck. A replay
 * is the same plan on the same dataset; anything else is a conflict naming the earlier execution.
 */
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

describe("an execution id used on another dataset", () => {
  it("is a conflict that names the earlier execution, and nothing is applied", async () => {
    const first = await previewedPlanBy(author, { executionId: "shared_id_2026" });
    const second = await previewedPlanBy(author, { executionId: "shared_id_2026" });
    expect(await approveAs(approver, first)).toMatchObject({ ok: true });

    const secondPlan = await temp.db.plan.findUniqueOrThrow({
      where: { id: second.planId },
      include: { dataset: true },
    });
    const result = await approveAs(approver, second);
    expect(result).toMatchObject({ ok: false, code: "execution_id_used" });
    if (!result.ok) {
      expect(result.error).toContain("shared_id_2026");
      expect(result.error).toMatch(/Products \d+/);
      expect(result.error).toMatch(/new execution id/i);
    }
    const after = await temp.db.dataset.findUniqueOrThrow({ where: { id: secondPlan.datasetId } });
    expect(after.currentVersionId).toBe(secondPlan.dataset.currentVersionId);
    expect(await temp.db.plan.findUniqueOrThrow({ where: { id: second.planId } })).toMatchObject({
      status: secondPlan.status,
    });
  });

  it("is still a replay for the same plan approved twice", async () => {
    const plan = await previewedPlanBy(author, { executionId: "replayed_id_2026" });
    const once = await approveAs(approver, plan);
    actAs(approver);
    const twice = await approveAs(approver, plan);
    expect(once).toMatchObject({ ok: true });
    expect(twice).toMatchObject({ ok: true, data: { replayed: true } });
  });
});

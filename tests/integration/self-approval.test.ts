import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetAuth, setAuthTestEnv, signedInUser } from "../support/auth";
import { approveAs, previewedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "true" });

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
});
afterAll(async () => {
  await temp.dispose();
});

describe("SIGNOFF_ALLOW_SELF_APPROVAL=true (single-person installs)", () => {
  it("lets the author approve their own revision and says so in the audit record", async () => {
    const solo = await signedInUser("approver", "Solo");
    const previewed = await previewedPlanBy(solo);
    expect(await approveAs(solo, previewed)).toMatchObject({ ok: true });
    const approved = await temp.db.auditEvent.findFirstOrThrow({
      where: { planId: previewed.planId, type: "execution.approved" },
    });
    expect(approved.actor).toBe(solo.id);
    expect(JSON.parse(approved.detailJson)).toMatchObject({ selfApproval: true });
  });

  it("does not let an author-role account approve, even its own plan", async () => {
    const author = await signedInUser("author");
    const previewed = await previewedPlanBy(author);
    expect(await approveAs(author, previewed)).toMatchObject({ ok: false, code: "forbidden" });
  });
});

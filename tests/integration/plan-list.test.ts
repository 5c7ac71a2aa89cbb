import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countWaitingFor, listPlans } from "@/lib/db/plan-list";
import { parsePlanFilters } from "@/lib/schemas/plans";
import { createManualPlan } from "@/lib/services/create-plan";
import { resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { approveAs, submittedPlanBy } from "../support/plans";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv({ SIGNOFF_ALLOW_SELF_APPROVAL: "false" });

/** The plans page's queries: tabs, "mine", "waiting for me" and the counts beside them. */
let temp: TempDb;
let ann: TestUser;
let abe: TestUser;
let amy: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
  ann = await signedInUser("author", "Ann Author");
  abe = await signedInUser("approver", "Abe Approver");
  amy = await signedInUser("approver", "Amy Approver");
  viewer = await signedInUser("viewer", "Val Viewer");
  const first = await submittedPlanBy(ann);
  await submittedPlanBy(ann);
  // Amy wrote this one herself: it waits for Abe, not for her.
  await submittedPlanBy(amy);
  await approveAs(abe, first);
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

const as = (user: TestUser) => ({
  id: user.id,
  mayApprove: user.role !== "viewer" && user.role !== "author",
});

describe("the plans list", () => {
  it("sorts plans into tabs and counts each", async () => {
    const page = await listPlans(parsePlanFilters({}), as(abe));
    expect(page.tabCounts).toMatchObject({ drafts: 0, awaiting: 2, approved: 1, rejected: 0 });
    expect(page.rows.map((row) => row.status)).toEqual(["submitted", "submitted"]);
    expect(page.rows[0]).toMatchObject({ rowsAffected: 2, authorName: expect.any(String) });
    const approved = await listPlans(parsePlanFilters({ tab: "approved" }), as(abe));
    expect(approved.rows).toHaveLength(1);
    expect(approved.rows[0].rowsAffected).toBe(2);
  });

  it("shows what waits for an approver: not their own, and nothing for other roles", async () => {
    const waiting = parsePlanFilters({ waiting: "1" });
    expect((await listPlans(waiting, as(abe))).total).toBe(2);
    expect((await listPlans(waiting, as(amy))).total).toBe(1);
    expect(await countWaitingFor(as(amy))).toBe(1);
    expect(await countWaitingFor(as(ann))).toBe(0);
    expect(await countWaitingFor(as(viewer))).toBe(0);
  });

  it("filters by author, by 'mine' and by text, and pages", async () => {
    const mine = await listPlans(parsePlanFilters({ mine: "1" }), as(amy));
    expect(mine.total).toBe(1);
    const byAnn = await listPlans(parsePlanFilters({ tab: "approved", mine: "1" }), as(ann));
    expect(byAnn.total).toBe(1);
    const text = await listPlans(parsePlanFilters({ q: "no such words" }), as(abe));
    expect(text.total).toBe(0);
    const paged = await listPlans(parsePlanFilters({ page: "2", size: "25" }), as(abe));
    expect(paged.rows).toEqual([]);
    expect(paged.pageCount).toBe(1);
  });

  it("titles a plan written by hand without an instruction by what it does", async () => {
    const someDataset = await temp.db.dataset.findFirstOrThrow();
    const { planId } = await createManualPlan({
      datasetId: someDataset.id,
      actor: { id: ann.id, name: "Ann", role: "author" },
      plan: {
        execution_id: "untitled_by_hand_v1",
        created_at: "2026-11-25T12:00:00Z",
        source_instruction: "",
        operations: [
          {
            operation_id: "op_01",
            filter: { categories: ["yoga"] },
            action: { type: "percent_decrease", value: 5 },
          },
        ],
      },
    });
    const drafts = await listPlans(parsePlanFilters({ tab: "drafts", mine: "1" }), as(ann));
    const row = drafts.rows.find((candidate) => candidate.id === planId);
    expect(row?.instruction).toMatch(/^Lower price by 5% for rows where category is yoga/);
  });
});

import { describe, expect, it } from "vitest";
import { canApprove, FOUR_EYES_REASON } from "./four-eyes";

const approver = { id: "user-a", role: "approver" as const };

describe("canApprove (four-eyes rule)", () => {
  it("lets an approver approve someone else's revision", () => {
    expect(
      canApprove({ actor: approver, revisionAuthors: ["user-b"], allowSelfApproval: false }),
    ).toEqual({ ok: true, selfApproval: false });
  });

  it("refuses anyone who wrote a revision, not only the latest", () => {
    expect(
      canApprove({
        actor: approver,
        revisionAuthors: ["user-b", "user-a"],
        allowSelfApproval: false,
      }),
    ).toEqual({ ok: false, code: "forbidden", reason: FOUR_EYES_REASON });
  });

  it("lets the author approve when self-approval is allowed, and says it was used", () => {
    expect(
      canApprove({
        actor: approver,
        revisionAuthors: ["user-b", "user-a"],
        allowSelfApproval: true,
      }),
    ).toEqual({ ok: true, selfApproval: true });
  });

  it("refuses roles that cannot approve, whatever the setting", () => {
    for (const role of ["viewer", "author"] as const) {
      const decision = canApprove({
        actor: { id: "user-a", role },
        revisionAuthors: ["user-b"],
        allowSelfApproval: true,
      });
      expect(decision.ok).toBe(false);
      if (!decision.ok) expect(decision.reason).toContain("approver account");
    }
  });

  it("holds for admins too", () => {
    expect(
      canApprove({
        actor: { id: "admin", role: "admin" },
        revisionAuthors: ["admin"],
        allowSelfApproval: false,
      }).ok,
    ).toBe(false);
  });
});

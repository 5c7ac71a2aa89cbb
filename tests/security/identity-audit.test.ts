import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actorLabels } from "@/lib/db/users";
import { authRequest, resetAuth, setAuthTestEnv, signedInUser } from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * Finding: anyone could rename themselves through better-auth's /update-user without a trace, and
 * names are not unique, so "Bob" could become "Alice" in the history. A rename is an audit event,
 * and the history names people with their email beside the name.
 */
vi.mock("next/headers", () => import("../support/next-headers"));
setAuthTestEnv();

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
  resetAuth();
});
afterAll(async () => {
  await temp.dispose();
});

describe("a person renaming themselves", () => {
  it("is recorded with the old and the new name", async () => {
    const bob = await signedInUser("approver", "Bob Builder");
    const response = await authRequest(
      "/update-user",
      { name: "Alice Admin" },
      { cookie: bob.cookie },
    );
    expect(response.status).toBe(200);

    const event = await temp.db.auditEvent.findFirstOrThrow({
      where: { type: "user.renamed", subjectId: bob.id },
    });
    expect(event.actor).toBe(bob.id);
    expect(JSON.parse(event.detailJson)).toEqual({ from: "Bob Builder", to: "Alice Admin" });
  });

  it("is told apart from the real Alice by the email the history shows", async () => {
    const alice = await signedInUser("approver", "Alice Admin");
    const impostor = await signedInUser("approver", "Alice Admin");
    const labels = await actorLabels([alice.id, impostor.id]);
    expect(labels.get(alice.id)?.email).toBe(alice.email);
    expect(labels.get(impostor.id)?.email).toBe(impostor.email);
  });

  it("records nothing when the name stays the same", async () => {
    const carol = await signedInUser("viewer", "Carol");
    await authRequest("/update-user", { name: "Carol" }, { cookie: carol.cookie });
    expect(
      await temp.db.auditEvent.count({ where: { type: "user.renamed", subjectId: carol.id } }),
    ).toBe(0);
  });
});

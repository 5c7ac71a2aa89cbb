import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { requireActor } from "@/lib/auth/route";
import { resetAuth, setAuthTestEnv } from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * Finding: every anonymous request to a guarded route wrote its own access.denied row, so anyone
 * could grow the audit table without limit. Anonymous refusals are now tallied: one row per
 * client address per minute, carrying the count.
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

function anonymousRequest(address: string, path: string) {
  return new Request(`http://127.0.0.1:3100${path}`, {
    headers: { "x-forwarded-for": address },
  });
}

describe("anonymous refusals", () => {
  it("are one row per address per minute, with the count", async () => {
    for (let index = 0; index < 40; index++) {
      const check = await requireActor(
        anonymousRequest("198.51.100.1", `/api/executions/e${index}/changes`),
        "history.read",
      );
      expect(check.ok).toBe(false);
    }
    await requireActor(anonymousRequest("198.51.100.2", "/api/history"), "history.read");

    const rows = await temp.db.auditEvent.findMany({
      where: { type: "access.denied", actor: "anonymous" },
      orderBy: { createdAt: "asc" },
    });
    expect(rows).toHaveLength(2);
    expect(JSON.parse(rows[0].detailJson)).toMatchObject({
      reason: "unauthenticated",
      address: "198.51.100.1",
      count: 40,
    });
    expect(JSON.parse(rows[1].detailJson)).toMatchObject({ address: "198.51.100.2", count: 1 });
  });
});

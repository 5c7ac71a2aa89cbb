import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authRequest, resetAuth, setAuthTestEnv } from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * On PostgreSQL several instances share one database, so the sign-in limit must count every
 * instance's attempts: two separate auth instances (as two processes would have) see one count.
 */
vi.mock("next/headers", () => import("../support/next-headers"));
setAuthTestEnv({ SIGNOFF_SIGN_IN_ATTEMPTS: "5" });

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
  process.env.DATABASE_URL = temp.url;
  resetAuth();
});
afterAll(async () => {
  await temp.dispose();
});

describe("the sign-in limit on PostgreSQL", () => {
  it("is counted in the database, across instances", async () => {
    const attempt = () =>
      authRequest(
        "/sign-in/email",
        { email: "nobody@example.com", password: "guess-guess" },
        { ip: "10.20.0.1" },
      );
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) statuses.push((await attempt()).status);
    // A second instance: a new auth object with nothing in its memory.
    resetAuth();
    for (let index = 0; index < 3; index++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await temp.db.rateLimit.count()).toBeGreaterThan(0);
  });
});

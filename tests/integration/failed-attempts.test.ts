import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FailedAttempts } from "@/lib/auth/attempts";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * Failed attempts are counted in the database, so instances sharing it answer a guesser alike;
 * on both databases (this suite also runs on PostgreSQL).
 */
let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

const policy = { free: 3, firstDelayMs: 250, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

describe("failed attempts in the database", () => {
  it("lets the first failures through, then doubles the delay up to its ceiling", async () => {
    const attempts = new FailedAttempts("test-delays", policy);
    const delays: number[] = [];
    for (let index = 0; index < 10; index++) delays.push(await attempts.fail("a@example.com", 0));
    expect(delays).toEqual([0, 0, 0, 250, 500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it("counts failures made at the same moment, as two instances would", async () => {
    const attempts = new FailedAttempts("test-parallel", policy);
    await Promise.all(Array.from({ length: 6 }, () => attempts.fail("b@example.com", 1_000)));
    expect(await attempts.count("b@example.com", 1_000)).toBe(6);
  });

  it("forgets a key on success and after a quiet while, counts keys and scopes apart, and drops stale runs", async () => {
    const attempts = new FailedAttempts("test-forget", policy);
    const other = new FailedAttempts("test-other", policy);
    for (let index = 0; index < 5; index++) await attempts.fail("a", 0);
    expect(await attempts.count("a", 0)).toBe(5);
    expect(await attempts.count("b", 0)).toBe(0);
    expect(await other.count("a", 0)).toBe(0);
    expect(await attempts.count("a", 60_001)).toBe(0);
    // A new failure after the quiet while starts again from one, and removes runs gone stale.
    expect(await attempts.fail("a", 60_001)).toBe(0);
    expect(await attempts.count("a", 60_001)).toBe(1);
    await other.fail("old", 0);
    await attempts.fail("c", 200_000);
    expect(await temp.db.failedAttempt.count({ where: { key: "test-other:old" } })).toBe(0);
    await attempts.succeed("c");
    expect(await attempts.count("c", 200_000)).toBe(0);
  });
});

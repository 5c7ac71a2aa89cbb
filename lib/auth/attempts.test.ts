import { describe, expect, it } from "vitest";
import { FailedAttempts } from "./attempts";

const policy = { free: 3, firstDelayMs: 250, maxDelayMs: 8_000, forgetAfterMs: 60_000, maxKeys: 3 };

describe("FailedAttempts", () => {
  it("lets the first failures through, then doubles the delay up to its ceiling", () => {
    const attempts = new FailedAttempts(policy);
    const delays: number[] = [];
    for (let index = 0; index < 10; index++) {
      delays.push(attempts.delayMs("a@example.com", 0));
      attempts.fail("a@example.com", 0);
    }
    expect(delays).toEqual([0, 0, 0, 250, 500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it("forgets a key on success and after a quiet while, and counts keys apart", () => {
    const attempts = new FailedAttempts(policy);
    for (let index = 0; index < 5; index++) attempts.fail("a", 0);
    expect(attempts.delayMs("b", 0)).toBe(0);
    expect(attempts.delayMs("a", 60_001)).toBe(0);
    attempts.succeed("a");
    expect(attempts.count("a", 0)).toBe(0);
  });

  it("keeps at most maxKeys keys, dropping the oldest", () => {
    const attempts = new FailedAttempts(policy);
    for (const key of ["a", "b", "c", "d"]) attempts.fail(key, 0);
    expect(attempts.count("a", 0)).toBe(0);
    expect(attempts.count("d", 0)).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { releaseWhenIdle, sweepIdleCaches } from "./idle-release";

describe("releaseWhenIdle", () => {
  it("forgets entries unused for 30 s and keeps the ones in use", () => {
    const cache = new Map([
      ["old", 1],
      ["fresh", 2],
    ]);
    const used = releaseWhenIdle("test cache", cache);
    const start = Date.now();
    used("old");
    used("fresh");
    expect(sweepIdleCaches(start + 10_000)).toBe(0);
    expect(cache.size).toBe(2);
    // "fresh" is read again just before the sweep; "old" is not.
    (Date as unknown as { now: () => number }).now = () => start + 29_000;
    used("fresh");
    (Date as unknown as { now: () => number }).now = () =>
      performance.timeOrigin + performance.now();
    expect(sweepIdleCaches(start + 31_000)).toBe(1);
    expect([...cache.keys()]).toEqual(["fresh"]);
  });
});

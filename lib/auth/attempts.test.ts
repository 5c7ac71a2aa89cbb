import { describe, expect, it } from "vitest";
import { delayAfter } from "./attempts";

const policy = { free: 3, firstDelayMs: 250, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

describe("delayAfter", () => {
  it("lets the first failures through, then doubles the delay up to its ceiling", () => {
    const delays = Array.from({ length: 10 }, (_, failures) => delayAfter(failures, policy));
    expect(delays).toEqual([0, 0, 0, 250, 500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { executionIdBase, nextExecutionId, nextFreeExecutionId } from "./execution-id";
import { EXECUTION_ID } from "./schema";

describe("nextExecutionId", () => {
  it("counts the plan's own series up", () => {
    expect(nextExecutionId("price_rise_v1")).toBe("price_rise_v2");
    expect(nextExecutionId("price_rise_v9")).toBe("price_rise_v10");
    expect(nextExecutionId("price_rise")).toBe("price_rise_v2");
  });

  it("always gives a different, valid id", () => {
    fc.assert(
      fc.property(fc.stringMatching(EXECUTION_ID), (id) => {
        const next = nextExecutionId(id);
        expect(next).not.toBe(id);
        expect(next).toMatch(EXECUTION_ID);
      }),
    );
  });

  it("skips ids already taken in the series", () => {
    const taken = new Set(["price_rise_v2", "price_rise_v3"]);
    expect(nextFreeExecutionId("price_rise_v1", taken)).toBe("price_rise_v4");
    expect(executionIdBase("price_rise_v12")).toBe("price_rise");
  });
});

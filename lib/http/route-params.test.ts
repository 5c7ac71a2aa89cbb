import { describe, expect, it } from "vitest";
import { versionNumberParam } from "./route-params";

describe("versionNumberParam", () => {
  it("reads a version number and nothing else", () => {
    expect(versionNumberParam("1")).toBe(1);
    expect(versionNumberParam("0042")).toBe(42);
    expect(versionNumberParam("2147483647")).toBe(2_147_483_647);
    for (const segment of ["0", "2147483648", "9".repeat(400), "1e3", "-1", "1.5", "", " 1"]) {
      expect(versionNumberParam(segment)).toBeNull();
    }
  });
});

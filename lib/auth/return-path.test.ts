import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPath } from "./return-path";

describe("safeReturnPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeReturnPath("/plans/abc?tab=json")).toBe("/plans/abc?tab=json");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "plans",
      "",
    ]) {
      expect(safeReturnPath(value)).toBe("/");
    }
    expect(safeReturnPath(null)).toBe("/");
  });
});

describe("signInPath", () => {
  it("comes back to the page after signing in", () => {
    expect(signInPath("/history?page=2")).toBe("/sign-in?next=%2Fhistory%3Fpage%3D2");
    expect(signInPath("/")).toBe("/sign-in");
  });
});

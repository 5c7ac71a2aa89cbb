import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/auth/return-path";

/**
 * Finding: signed in, /sign-in?next=/%09/evil.example redirected off-site (a browser drops the
 * tab and reads //evil.example), and next=%0a answered 500 (a line break in a Location header).
 * Only paths that stay on this origin are followed; anything else goes home.
 */
const ORIGIN = "https://signoff.example";

/** Where a browser would end up after a redirect to `location` from a page on ORIGIN. */
function landing(location: string): string {
  // Browsers strip tabs and line breaks from URLs before parsing them.
  return new URL(location.replace(/[\t\n\r]/g, ""), `${ORIGIN}/sign-in`).origin;
}

describe("the return path after signing in", () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "\n",
    "/\\evil.example",
    "/\t\\evil.example",
    "//evil.example",
    "///evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/javascript:alert(1)@evil.example",
    "https://evil.example",
    "https:evil.example",
    "@evil.example",
    "/ /evil.example",
    "\u0000/evil.example",
  ])("never leaves the site for %j", (value) => {
    const path = safeReturnPath(value);
    expect(landing(path)).toBe(ORIGIN);
    // And it is a header value a response can carry.
    expect([...path].every((char) => char >= " " && char !== "\u007f")).toBe(true);
  });

  it("goes home for anything that is not a plain path on this site", () => {
    for (const value of ["/\t/evil.example", "\n", "/\\evil.example", "javascript:alert(1)"]) {
      expect(safeReturnPath(value)).toBe("/");
    }
  });

  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeReturnPath("/plans/abc?tab=json#preview")).toBe("/plans/abc?tab=json#preview");
    expect(safeReturnPath("/history?page=2")).toBe("/history?page=2");
    expect(safeReturnPath("/datasets/%2F%2Fevil.example")).toBe("/datasets/%2F%2Fevil.example");
  });
});

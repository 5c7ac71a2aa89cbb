import { describe, expect, it } from "vitest";
import { formatRelative } from "./format";

describe("formatRelative", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    ["2026-11-25T11:59:40Z", "just now"],
    ["2026-11-25T11:55:00Z", "5 minutes ago"],
    ["2026-11-25T10:00:00Z", "2 hours ago"],
    ["2026-11-24T09:00:00Z", "yesterday"],
    ["2026-10-01T12:00:00Z", "last month"],
  ])("%s reads %s", (when, expected) => {
    expect(formatRelative(when, now)).toBe(expected);
  });
});

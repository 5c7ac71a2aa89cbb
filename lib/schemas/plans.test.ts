import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN_FILTERS, parsePlanFilters, plansHref } from "./plans";

describe("the plans view in the URL", () => {
  it("reads a view and writes it back, leaving defaults out", () => {
    const filters = parsePlanFilters({ tab: "drafts", mine: "1", q: "fitness", page: "2" });
    expect(filters).toMatchObject({ tab: "drafts", mine: true, q: "fitness", page: 2 });
    expect(plansHref(filters, { page: 2 })).toBe("/plans?tab=drafts&mine=1&q=fitness&page=2");
    expect(plansHref(DEFAULT_PLAN_FILTERS)).toBe("/plans");
  });

  it("falls back to defaults for values nobody could have meant", () => {
    expect(
      parsePlanFilters({ tab: "<script>", sort: "x", page: "-3", size: "7", waiting: "maybe" }),
    ).toEqual(DEFAULT_PLAN_FILTERS);
  });
});

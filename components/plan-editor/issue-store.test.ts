import { describe, expect, it } from "vitest";
import { planIssue } from "@/lib/plan/issues";
import { IssueStore } from "./issue-store";

const unknown = planIssue("unknown_category", ["operations", 0, "filter", "categories", 0], "no x");
const typed = planIssue("value_type", ["operations", 1, "action", "value"], "not a number");

describe("IssueStore", () => {
  it("keeps the same list for fields whose issues did not change", () => {
    const store = new IssueStore(
      new Map([
        ["a", [unknown]],
        ["b", [typed]],
      ]),
    );
    const before = store.get("a");
    let calls = 0;
    store.subscribe(() => calls++);
    store.update(
      new Map([
        ["a", [{ ...unknown }]],
        ["b", [{ ...typed, message: "other" }]],
      ]),
    );
    expect(store.get("a")).toBe(before);
    expect(store.get("b")[0].message).toBe("other");
    expect(calls).toBe(1);
  });

  it("gives fields without issues one shared empty list", () => {
    const store = new IssueStore(new Map([["a", [unknown]]]));
    store.update(new Map());
    expect(store.get("a")).toEqual([]);
    expect(store.get("a")).toBe(store.get("zzz"));
  });

  it("stops telling a listener once it unsubscribes", () => {
    const store = new IssueStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    unsubscribe();
    store.update(new Map([["a", [unknown]]]));
    expect(calls).toBe(0);
  });
});

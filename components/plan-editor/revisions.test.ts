import { describe, expect, it } from "vitest";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { compareSidesFor, DRAFT_SIDE, type PlanRevisionSummary } from "./revisions";

const plan = {} as ExecutionPlan;
const revision = (id: string, number: number): PlanRevisionSummary => ({
  id,
  number,
  author: "ana@example.com",
  createdAt: "2024-06-01T12:00:00Z",
  plan,
});
const revisions = [revision("r1", 1), revision("r3", 3), revision("r2", 2)];

describe("compareSidesFor", () => {
  it("compares an older revision with the latest", () => {
    expect(compareSidesFor(revisions, "r1", false)).toEqual({ from: "r1", to: "r3" });
  });

  it("compares the latest revision with the one before it", () => {
    expect(compareSidesFor(revisions, "r3", false)).toEqual({ from: "r2", to: "r3" });
  });

  it("compares with the unsaved draft when there is one", () => {
    expect(compareSidesFor(revisions, "r3", true)).toEqual({ from: "r3", to: DRAFT_SIDE });
  });

  it("compares a lone revision with itself", () => {
    expect(compareSidesFor([revision("r1", 1)], "r1", false)).toEqual({ from: "r1", to: "r1" });
  });
});

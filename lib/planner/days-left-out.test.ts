import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { dryRun } from "@/lib/executor";
import { planWithRules } from "./rules/rules-planner";
import { textColumnValues } from "./rules/value-index";

/** Days left out of a change ("except those serviced in 2026"), run on a fleet of vans. */
const fleet = (serviced: string[]) =>
  new TextEncoder().encode(
    [
      "vin,depot,last_service,status",
      ...serviced.map((day, at) => `V00${at + 1},North,${day},active`),
      // Already retired: in the rows changed, but nothing about it changes.
      "V009,North,2024-05-05,retired",
    ].join("\n"),
  );

function changedRows(bytes: Uint8Array, instruction: string) {
  const profile = profileDataset(parseCsv(bytes));
  const knownValues = textColumnValues(parseCsv(bytes), profile);
  const now = new Date("2026-11-26T10:00:00Z");
  const planned = planWithRules({ instruction, profile, knownValues, now });
  if (!planned.ok) throw new Error(`refused: ${planned.reason}`);
  const result = dryRun(planned.plan, parseCsv(bytes), profile);
  if (!result.ok) throw new Error(result.error.message);
  return result.changes.map((change) => change.rowKey);
}

describe("days left out of a change", () => {
  const days = fleet(["2025-11-20", "2026-01-01", "2026-12-31", "2027-01-01", "2025-12-31"]);

  it.each([
    "retire every vehicle except those serviced in 2026",
    "retire vehicles that haven't been serviced in 2026",
    "retire all vehicles not serviced this year",
  ])("leaves out every day of the span, its first and last included: %s", (instruction) => {
    // Two conditions in `none` (on or after the first day, before the day after the last) left
    // out every row: each row is one or the other.
    expect(changedRows(days, instruction)).toEqual(["V001", "V004", "V005"]);
  });

  it("refuses where the column also holds times of day, whose last day it cannot bound", () => {
    const times = fleet(["2025-11-20T08:00", "2026-12-31T17:30", "2027-01-01T09:00"]);
    const profile = profileDataset(parseCsv(times));
    const planned = planWithRules({
      instruction: "retire every vehicle except those serviced in 2026",
      profile,
      now: new Date("2026-11-26T10:00:00Z"),
    });
    expect(planned.ok).toBe(false);
    if (!planned.ok) expect(planned.reason).toMatch(/last_service holds times of day/);
  });
});

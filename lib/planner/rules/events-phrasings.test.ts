import { describe, expect, it } from "vitest";
import { planWithRules } from "./rules-planner";
import { tableProfile } from "./test-support";

/** An events calendar the corpus does not have; today is 2026-11-26. */
const CITIES = ["Oslo", "Lyon", "Porto", "Graz"];
const events = tableProfile([
  "event_id,city,date,ticket_price,status",
  ...Array.from(
    { length: 48 },
    (_, i) =>
      `EV${String(i).padStart(3, "0")},${CITIES[i % 4]},2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")},${[15, 25, 40][i % 3]}.00,${["scheduled", "cancelled", "postponed"][i % 3]}`,
  ),
]);

function filterOf(instruction: string) {
  const result = planWithRules({
    instruction,
    profile: events,
    now: new Date("2026-11-26T10:00:00Z"),
  });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.plan.operations[0].filter;
}

const on = (op: string, value: string) => ({ column: "date", op, value });

describe("dates said relative to today", () => {
  it("reads this year, next month and last month without an 'in'", () => {
    expect(filterOf("reduce prices by 20% for Graz events this year")).toEqual({
      all: [
        { column: "city", op: "eq", value: "Graz" },
        on("gte", "2026-01-01"),
        on("lt", "2027-01-01"),
      ],
    });
    expect(filterOf("raise ticket prices 10% for events next month")).toEqual({
      all: [on("gte", "2026-12-01"), on("lt", "2027-01-01")],
    });
    expect(filterOf("raise prices 5% for events last month")).toEqual({
      all: [on("gte", "2026-10-01"), on("lt", "2026-11-01")],
    });
  });

  it("reads this week and last week as Monday to Sunday", () => {
    // 2026-11-26 is a Thursday.
    expect(filterOf("raise ticket prices 10% for events this week")).toEqual({
      all: [on("gte", "2026-11-23"), on("lt", "2026-11-30")],
    });
    expect(filterOf("set status to cancelled for events last week")).toEqual({
      all: [on("gte", "2026-11-16"), on("lt", "2026-11-23")],
    });
  });

  it("reads today, tomorrow and yesterday as days", () => {
    expect(filterOf("set status to cancelled for events before today")).toEqual({
      all: [on("lt", "2026-11-26")],
    });
    expect(filterOf("raise prices 5% for events after tomorrow")).toEqual({
      all: [on("gte", "2026-11-28")],
    });
  });
});

describe("verbs made of a column's values", () => {
  it("sets the column whose value is the verb's past participle", () => {
    const plan = (instruction: string) => {
      const result = planWithRules({ instruction, profile: events, now: new Date("2026-11-26") });
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
      return result.plan.operations.map(({ filter, action }) => ({ filter, action }));
    };
    expect(plan("cancel all events in Porto")).toEqual([
      {
        filter: { all: [{ column: "city", op: "eq", value: "Porto" }] },
        action: { type: "set_value", column: "status", value: "cancelled" },
      },
    ]);
    // Also where the word was taken for a misspelt value.
    expect(plan("postpone Lyon events")[0].action).toEqual({
      type: "set_value",
      column: "status",
      value: "postponed",
    });
    expect(plan("raise prices 5% and cancel Oslo events")[1].action).toEqual({
      type: "set_value",
      column: "status",
      value: "cancelled",
    });
  });

  it("knows no such verb where no value is its participle", () => {
    const result = planWithRules({
      instruction: "close all events in Porto",
      profile: events,
      now: new Date("2026-11-26"),
    });
    expect(result).toMatchObject({ ok: false, unplaced: ["close"] });
  });
});

import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { planWithRules } from "./rules-planner";
import { rulesOn, tableProfile } from "./test-support";

/** A staff list the corpus does not have, exported with semicolons. */
const DEPARTMENTS = ["Engineering", "Sales", "Support"];
const staff = tableProfile(
  [
    "employee_id;full_name;department;location;salary;remote",
    ...Array.from(
      { length: 45 },
      (_, i) =>
        `E${String(i + 1).padStart(3, "0")};Person ${i};${DEPARTMENTS[i % 3]};${["Lisbon", "London", "Paris"][i % 3]};${30000 + i * 700};${i % 2 === 0 ? "yes" : "no"}`,
    ),
  ],
  ";",
);

function filterOf(instruction: string) {
  const result = planWithRules({ instruction, profile: staff, now: new Date("2026-11-26") });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  expect(result.plan.operations).toHaveLength(1);
  expect(result.plan.operations[0].action).toMatchObject({ column: "salary" });
  return result.plan.operations[0].filter;
}

const notIn = (value: string) => ({ none: [{ column: "department", op: "eq", value }] });

describe("everyone but some", () => {
  it("reads all but / everyone but as an exception, not a list", () => {
    // "but" read as "and" gave Sales alone the raise meant for everyone else.
    expect(filterOf("all but Sales get a 1% raise")).toEqual(notIn("Sales"));
    expect(filterOf("everyone but Sales gets a 1% raise")).toEqual(notIn("Sales"));
  });

  it("plans an exception that comes before the change", () => {
    expect(filterOf("everyone except Engineering gets 2.5% more")).toEqual(notIn("Engineering"));
    expect(filterOf("everyone outside Engineering gets 2.5% more")).toEqual(notIn("Engineering"));
    expect(filterOf("raise salary 2% for people outside London")).toEqual({
      none: [{ column: "location", op: "eq", value: "London" }],
    });
  });

  it("names rows by the people who work there", () => {
    expect(filterOf("increase salary 4% for remote workers")).toEqual({
      all: [{ column: "remote", op: "eq", value: true }],
    });
  });
});

describe("a column of percentages", () => {
  it("is set to a percentage as the number it holds", () => {
    const members = (max: string) =>
      profileDataset(
        parseCsv(
          new TextEncoder().encode(
            `member_id,tier,discount_pct\n${Array.from({ length: 12 }, (_, i) => `M${i},${["gold", "silver"][i % 2]},${i % 2 === 0 ? max : "0"}`).join("\n")}\n`,
          ),
        ),
      );
    const set = (profile: ReturnType<typeof members>) => {
      const result = planWithRules({
        instruction: "set discount_pct to 10% for gold members",
        profile,
        now: new Date("2026-11-26"),
      });
      if (!result.ok) throw new Error(result.reason);
      return result.plan.operations[0].action;
    };
    expect(set(members("15"))).toEqual({ type: "set_value", column: "discount_pct", value: 10 });
    // Fractions (none above 1): 10% is 0.1.
    expect(set(members("0.15"))).toEqual({ type: "set_value", column: "discount_pct", value: 0.1 });
  });
});

describe("ranks by pay", () => {
  it("reads the lowest paid and the best-paid as ranks by the pay column", () => {
    const top = (instruction: string) => {
      const result = planWithRules({ instruction, profile: staff, now: new Date("2026-11-26") });
      if (!result.ok) throw new Error(result.reason);
      return result.plan.operations[0].filter.top;
    };
    expect(top("give the 2 lowest paid people in each department a 5% raise")).toEqual({
      n: 2,
      by: "salary",
      order: "lowest",
      per: "department",
      ties: "all",
    });
    expect(top("raise the salary of the 3 best-paid staff by 1%")).toMatchObject({
      n: 3,
      order: "highest",
    });
  });
});

describe("departments as people write them", () => {
  const hr = tableProfile([
    "employee_id,department,office,salary",
    ...Array.from(
      { length: 24 },
      (_, i) =>
        `E${100 + i},${["R&D", "Finance", "Ops"][i % 3]},${["Lisbon", "Berlin"][i % 2]},${40000 + i * 1000}`,
    ),
  ]);
  const { operations } = rulesOn(hr);
  const rise = (value: number) => ({ type: "percent_increase", column: "salary", value });

  it("reads a value written with & as its tokens, and gets 4% as a rise", () => {
    expect(operations("R&D gets 4%")).toEqual([
      { filter: { all: [{ column: "department", op: "eq", value: "R&D" }] }, action: rise(4) },
    ]);
    expect(operations("Lisbon staff receive 2%")[0].action).toEqual(rise(2));
    expect(operations("reset salary to 40000 for Ops")[0].action).toEqual({
      type: "set_value",
      column: "salary",
      value: 40000,
    });
    // "off" and "more" still say the direction themselves.
    expect(operations("Finance gets 4% off")[0].action).toEqual({
      type: "percent_decrease",
      column: "salary",
      value: 4,
    });
  });
});

describe("part-timers and full-timers", () => {
  it("reads the people a part_time column describes, and their opposite", () => {
    const team = tableProfile([
      "employee_id,full_name,city,salary,part_time",
      "E1,Ann,Boston,52000,yes",
      "E2,Bo,Denver,61000,no",
      "E3,Cy,Boston,48000,no",
    ]);
    const { operation } = rulesOn(team, {
      knownValues: new Map([["city", ["Boston", "Denver"]]]),
    });
    // "-timers" was left over.
    expect(operation("part-timers in Boston get 500 more")).toEqual({
      filter: {
        all: [
          { column: "city", op: "eq", value: "Boston" },
          { column: "part_time", op: "eq", value: true },
        ],
      },
      action: { type: "fixed_increase", column: "salary", value: 500 },
    });
    expect(operation("increase pay for full-time staff by 1.5%").filter).toEqual({
      all: [{ column: "part_time", op: "eq", value: false }],
    });
  });
});

import { describe, expect, it } from "vitest";
import type { DatasetProfile } from "@/lib/dataset/types";
import { planWithRules } from "./rules-planner";
import { rulesOn, tableProfile } from "./test-support";

/**
 * Values a table does not hold yet — a new status, a customer's new name, a date — and steps in
 * percentage points, on two tables the corpus does not have.
 */

const REGIONS = ["DACH", "Iberia", "UK", "Benelux", "Nordics"];
const STATUSES = ["open", "overdue", "paid", "disputed"];
const invoices = tableProfile([
  "Invoice No,Customer,Region,Amount (EUR),Status,Due Date,Paid",
  ...Array.from({ length: 120 }, (_, i) => {
    const status = STATUSES[i % 4];
    const due = `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 27) + 1).padStart(2, "0")}`;
    return `INV-${1001 + i},Customer ${i % 37},${REGIONS[i % 5]},${(100 + i * 7.25).toFixed(2)},${status},${due},${status === "paid" ? "TRUE" : "FALSE"}`;
  }),
]);

const staff = tableProfile([
  "employee_id,full_name,department,salary,bonus_pct,manager",
  "E001,Ana Lima,Engineering,52000,5,Rui Costa",
  "E002,Ben Carter,Sales,48000,10,Sara Hill",
  "E003,Chloe Martin,Engineering,61000,7,Rui Costa",
  "E004,Dev Patel,Support,35000,3,Sara Hill",
  "E005,Eva Novak,Sales,45500,10,Sara Hill",
  "E006,Femi Ade,Support,30000,3,Tom Reed",
]);

const TIERS = ["gold", "silver", "bronze"];
const members = tableProfile([
  "member_id,name,tier,points,discount_pct",
  ...Array.from(
    { length: 30 },
    (_, i) => `M${i + 1},Member ${i + 1},${TIERS[i % 3]},${(i * 137) % 2000},${5 - (i % 3) * 2}`,
  ),
]);

const plan = (instruction: string, profile: DatasetProfile) => rulesOn(profile).plan(instruction);
const operations = (instruction: string, profile: DatasetProfile) =>
  rulesOn(profile).operations(instruction);

describe("values the table does not hold yet", () => {
  it("sets a text column to a new value, with a note that it is new", () => {
    const result = plan("set status to closed where paid is true", invoices);
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: { all: [{ column: "Paid", op: "eq", value: true }] },
        action: { type: "set_value", column: "Status", value: "closed" },
      },
    ]);
    expect(result.notes).toContain("“closed” is a new value: no row has it in Status yet.");
  });

  it("takes several words, as written, up to where the rows are said", () => {
    expect(operations("set status to written off for UK", invoices)).toEqual([
      {
        filter: { all: [{ column: "Region", op: "eq", value: "UK" }] },
        action: { type: "set_value", column: "Status", value: "written off" },
      },
    ]);
    expect(operations("set the customer of INV-1004 to Zeta Trading Ltd", invoices)).toEqual([
      {
        filter: { all: [{ column: "Invoice No", op: "eq", value: "INV-1004" }] },
        action: { type: "set_value", column: "Customer", value: "Zeta Trading Ltd" },
      },
    ]);
  });

  it("refuses unknown words that are not the new value of a named text column", () => {
    // No column named: which column would "closed" go to?
    expect(plan("set closed where paid is true", invoices)).toMatchObject({
      ok: false,
      unplaced: ["closed"],
    });
    // A numeric column takes numbers only.
    expect(plan("set the amount to lots for INV-1004", invoices)).toMatchObject({
      ok: false,
      unplaced: ["lots"],
    });
    // A new value running into a known one ("UK" names rows) is not split in two.
    expect(plan("set the customer of INV-1004 to Acme UK", invoices)).toMatchObject({
      ok: false,
      unplaced: ["Acme"],
    });
  });

  it("writes a value of another column into the text column named", () => {
    expect(operations("set manager to Ana Lima for Support", staff)).toEqual([
      {
        filter: { all: [{ column: "department", op: "eq", value: "Support" }] },
        action: { type: "set_value", column: "manager", value: "Ana Lima" },
      },
    ]);
  });

  it("sets a date column to a day written in ISO or in words", () => {
    const expected = [
      {
        filter: { all: [{ column: "Invoice No", op: "eq", value: "INV-1004" }] },
        action: { type: "set_value", column: "Due Date", value: "2026-12-31" },
      },
    ];
    expect(operations("set the due date of INV-1004 to 2026-12-31", invoices)).toEqual(expected);
    expect(operations("set the due date to 31 December 2026 for INV-1004", invoices)).toEqual(
      expected,
    );
    expect(operations("change the due date of INV-1004 to Dec 31, 2026", invoices)).toEqual(
      expected,
    );
    // A year or a month is not a day to set.
    expect(plan("set the due date of INV-1004 to 2027", invoices).ok).toBe(false);
    expect(plan("set the due date of INV-1004 to March 2027", invoices).ok).toBe(false);
  });

  it("reads a day in words as a condition too, and no day that does not exist", () => {
    expect(operations("mark invoices due before 1 March 2026 as overdue", invoices)).toEqual([
      {
        filter: { all: [{ column: "Due Date", op: "lt", value: "2026-03-01" }] },
        action: { type: "set_value", column: "Status", value: "overdue" },
      },
    ]);
    expect(plan("set the due date of INV-1004 to 2026-02-31", invoices).ok).toBe(false);
    expect(plan("set the due date of INV-1004 to 31 June 2026", invoices).ok).toBe(false);
  });
});

describe("percentage points", () => {
  it("steps a column by points", () => {
    expect(operations("increase the bonus of sales people by 2 points", staff)).toEqual([
      {
        filter: { all: [{ column: "department", op: "eq", value: "Sales" }] },
        action: { type: "fixed_increase", column: "bonus_pct", value: 2 },
      },
    ]);
    expect(
      operations("raise bonus_pct by 1.5 percentage points for Engineering", staff)[0].action,
    ).toEqual({ type: "fixed_increase", column: "bonus_pct", value: 1.5 });
  });

  it("leaves points to a column called points", () => {
    expect(operations("add 100 to points for gold members", members)).toEqual([
      {
        filter: { all: [{ column: "tier", op: "eq", value: "gold" }] },
        action: { type: "fixed_increase", column: "points", value: 100 },
      },
    ]);
    // "2 points" is not a unit here: it names the points column beside discount_pct.
    expect(plan("raise discount_pct by 2 points for silver members", members).ok).toBe(false);
  });
});

describe("a word of a column's values", () => {
  const DISHES = [
    "Margherita Pizza",
    "Caesar Salad",
    "Greek Salad",
    "Onion Soup",
    "Pad Thai",
    "Blood Orange Tart",
  ];
  const menu = tableProfile([
    "item_code,dish,section,price",
    ...Array.from(
      { length: 30 },
      (_, i) =>
        `M${String(i).padStart(3, "0")},${DISHES[i % 6]} ${i < 6 ? "" : i},${["Starters", "Mains"][i % 2]},${(8 + i).toFixed(2)}`,
    ),
  ]);

  it("names the rows whose value has the word", () => {
    const result = planWithRules({
      instruction: "raise all pizza prices by 5%",
      profile: menu,
      knownValues: new Map([["dish", DISHES]]),
      now: new Date("2026-11-26"),
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations[0].filter).toEqual({
      all: [{ column: "dish", op: "contains", value: "Pizza" }],
    });
  });

  it("reads a plural as the word's rows only where nothing before it names the rows", () => {
    const plan = (instruction: string) =>
      planWithRules({
        instruction,
        profile: menu,
        knownValues: new Map([["dish", DISHES]]),
        now: new Date("2026-11-26"),
      });
    const tarts = plan("raise all tarts by 5%");
    if (!tarts.ok) throw new Error(tarts.reason);
    expect(tarts.plan.operations[0].filter).toEqual({
      all: [{ column: "dish", op: "contains", value: "Tart" }],
    });
    // After a value the plural is the rows' own noun ("Lab tests", "Portland shows").
    expect(plan("raise all Starters tarts by 5%")).toMatchObject({
      ok: false,
      unplaced: ["tarts"],
    });
  });
});

describe("nouns of a step", () => {
  it("reads a surcharge as a rise", () => {
    expect(operations("Nordics invoices over 1000 get a 2% surcharge", invoices)).toEqual([
      {
        filter: {
          all: [
            { column: "Region", op: "eq", value: "Nordics" },
            { column: "Amount (EUR)", op: "gt", value: 1000 },
          ],
        },
        action: { type: "percent_increase", column: "Amount (EUR)", value: 2 },
      },
    ]);
  });
});

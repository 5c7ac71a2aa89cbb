import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlannerResult } from "../types";
import { createRulesPlanner, planWithRules } from "./rules-planner";

const FIXTURES = path.resolve(__dirname, "../../../tests/fixtures");
const NOW = new Date("2026-01-01T00:00:00Z");

function profileOf(csv: string): DatasetProfile {
  return profileDataset(parseCsv(new TextEncoder().encode(csv)));
}

const seed = profileDataset(
  parseCsv(new Uint8Array(fs.readFileSync(path.join(FIXTURES, "seed-products.csv")))),
);
const books = profileDataset(
  parseCsv(new Uint8Array(fs.readFileSync(path.resolve(__dirname, "../corpus/books.csv")))),
);

function plan(
  instruction: string,
  profile: DatasetProfile = seed,
  extra: { existing?: string[] } = {},
) {
  return planWithRules({ instruction, profile, now: NOW, existingExecutionIds: extra.existing });
}

function ok(result: PlannerResult) {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result;
}

function refused(result: PlannerResult) {
  if (result.ok) throw new Error(`planned: ${JSON.stringify(result.plan.operations)}`);
  return result;
}

describe("rules planner", () => {
  it("writes the seed's own plan for the seed's own instruction", () => {
    const fixture = JSON.parse(
      fs.readFileSync(path.join(FIXTURES, "seed-plan-fitness-10pct.json"), "utf8"),
    );
    const result = ok(plan(fixture.source_instruction));

    expect(result.plan).toMatchObject({
      format_version: 1,
      execution_id: "plan_fitness_in_stock_price_increase_10pct_v1",
      created_at: "2026-01-01T00:00:00Z",
      source_instruction: fixture.source_instruction,
    });
    expect(result.plan.operations).toHaveLength(1);
    const [operation] = result.plan.operations;
    expect(operation.filter).toEqual(fixture.operations[0].filter);
    expect(operation.action).toEqual(fixture.operations[0].action);
    expect(operation.options).toEqual(fixture.operations[0].options);
    expect(operation.description).toBe(
      "Increase price by 10% for in-stock rows with category fitness.",
    );
  });

  it("uses generic conditions on real column names when the columns are not the seed's", () => {
    const result = ok(
      plan("Mark available fiction as out of stock and raise poetry by 10%", books),
    );
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: {
          all: [
            { column: "genre", op: "eq", value: "fiction" },
            { column: "available", op: "eq", value: true },
          ],
        },
        action: { type: "set_value", column: "available", value: false },
      },
      {
        filter: { all: [{ column: "genre", op: "eq", value: "poetry" }] },
        action: { type: "percent_increase", column: "list_price", value: 10 },
      },
    ]);
  });

  it("rounds integer columns to whole numbers unless told otherwise", () => {
    const result = ok(plan("increase pages by 10% for BK-1001", books));
    expect(result.plan.operations[0].options).toEqual({ round_to: 0 });
  });

  it("applies options to every numeric operation and guards to the plan", () => {
    const result = ok(
      plan(
        "Raise fitness by 10% and yoga by $2; end prices in .99, never below $10, cap at $100, no more than 5 rows",
      ),
    );
    expect(result.plan.guards).toEqual({ max_rows_changed: 5 });
    for (const operation of result.plan.operations) {
      expect(operation.options).toMatchObject({ ending: 0.99, min_value: 10, max_value: 100 });
    }
  });

  it("is deterministic and makes execution ids unique", () => {
    const first = ok(plan("take 20% off yoga"));
    const again = ok(plan("take 20% off yoga"));
    expect(again.plan).toEqual(first.plan);
    expect(first.plan.execution_id).toBe("plan_yoga_price_decrease_20pct_v1");
    const next = ok(
      plan("take 20% off yoga", seed, { existing: ["plan_yoga_price_decrease_20pct_v1"] }),
    );
    expect(next.plan.execution_id).toBe("plan_yoga_price_decrease_20pct_v2");
  });

  it("takes created_at from the clock when the request has no time", async () => {
    const planner = createRulesPlanner({ clock: () => new Date("2025-05-05T05:05:05.123Z") });
    const result = ok(await planner.plan({ instruction: "take 20% off yoga", profile: seed }));
    expect(result.plan.created_at).toBe("2025-05-05T05:05:05Z");
  });

  it("reports the exact words it could not place, as written", () => {
    const result = refused(plan("Increase Fitness by 10% for VIP customers, ASAP"));
    expect(result.code).toBe("unplaced");
    expect(result.unplaced).toEqual(["VIP", "ASAP"]);
    expect(result.reason).toContain("“VIP”");
  });

  it("says what is missing when every word is understood but the plan is incomplete", () => {
    expect(refused(plan("yoga by 10%"))).toMatchObject({
      code: "incomplete",
      unplaced: ["yoga by 10%"],
    });
    expect(refused(plan("increase fitness"))).toMatchObject({ code: "incomplete" });
    expect(refused(plan("change yoga by 10%")).reason).toMatch(/up or down/);
  });

  it("corrects a typo only when one value is that close", () => {
    const corrected = ok(plan("increase acessories by 10%"));
    expect(corrected.notes).toEqual(['read "acessories" as category "accessories"']);
    expect(corrected.plan.operations[0].filter).toEqual({ categories: ["accessories"] });

    const twoClose = profileOf(
      "sku,category,price\nX1,cart,1\nX2,card,2\nX3,cart,3\nX4,card,4\nX5,cart,5\n",
    );
    const result = refused(plan("increase carx by 10%", twoClose));
    expect(result.unplaced).toEqual(["carx"]);
    expect(result.suggestion).toMatch(/did you mean card or cart/);
  });

  it("refuses when the price column is ambiguous and the instruction names none", () => {
    const twoPrices = profileOf(
      "sku,category,list_price,sale_price\nX1,a,1,1\nX2,b,2,2\nX3,a,3,3\nX4,b,4,4\nX5,a,5,5\n",
    );
    const result = refused(plan("raise category a by 10%", twoPrices));
    expect(result.reason).toMatch(/several price columns \(list_price, sale_price\)/);
    expect(
      ok(plan("raise the sale price of category a by 10%", twoPrices)).plan.operations[0].action,
    ).toEqual({
      type: "percent_increase",
      column: "sale_price",
      value: 10,
    });
  });

  it("does not know stock words on a dataset without a stock column", () => {
    const noStock = profileOf("sku,category,price\nX1,a,1\nX2,b,2\nX3,a,3\nX4,b,4\nX5,a,5\n");
    expect(refused(plan("mark category a out of stock", noStock)).unplaced).toEqual([
      "out of stock",
    ]);
  });

  it("streams the plan, then the result", async () => {
    const events = [];
    for await (const event of createRulesPlanner().stream({
      instruction: "take 20% off yoga",
      profile: seed,
    })) {
      events.push(event.type);
    }
    expect(events).toEqual(["partial", "final"]);
  });
});

describe("tables it has never seen", () => {
  const people = [
    "id,name,office,home_city,salary,started,remote",
    "P1,Dana Kim,Boston,Boston,50000,2019-04-01,Y",
    "P2,Luis García,Denver,Boston,60000,2021-09-15,N",
    "P3,Ana Ruiz,Boston,Austin,70000,2024-02-01,N",
  ].join("\n");
  const profile = profileOf(people);
  const table = parseCsv(new TextEncoder().encode(people));
  const knownValues = new Map([
    ["name", table.column(1)],
    ["office", table.column(2)],
    ["home_city", table.column(3)],
  ]);
  const read = (instruction: string) =>
    planWithRules({ instruction, profile, knownValues, now: new Date("2026-06-15T12:00:00Z") });

  it("refuses a value two columns hold, naming both", () => {
    const result = refused(read("raise salaries in Boston by 3%"));
    expect(result.reason).toContain("office and home_city");
  });

  it("reads a person's name, a date and a yes/no column it was never told about", () => {
    expect(ok(read("Dana Kim's salary goes up 6%")).plan.operations[0]).toMatchObject({
      filter: { all: [{ column: "name", op: "eq", value: "Dana Kim" }] },
      action: { type: "percent_increase", column: "salary", value: 6 },
    });
    expect(
      ok(read("give everyone who started before 2022 a 2% raise")).plan.operations[0],
    ).toMatchObject({ filter: { all: [{ column: "started", op: "lt", value: "2022-01-01" }] } });
    expect(ok(read("remote staff get 1,000 more")).plan.operations[0]).toMatchObject({
      filter: { all: [{ column: "remote", op: "eq", value: true }] },
      action: { type: "fixed_increase", value: 1000 },
    });
  });
});

describe("rounding at the column's own precision", () => {
  const readings = profileOf("sensor,ratio,score,count\nS1,0.980268513777,4.5,2\nS2,0.5,3.25,7\n");

  it("rounds a scaled result to the decimals the column is written in", () => {
    const options = (instruction: string) =>
      ok(plan(instruction, readings)).plan.operations[0].options;
    expect(options("raise score by 10%")).toEqual({ round_to: 2 });
    expect(options("raise count by 10%")).toEqual({ round_to: 0 });
    // Finer than a plan can state: the executor's default keeps all twelve places.
    expect(options("raise ratio by 10%")).toBeUndefined();
  });
});

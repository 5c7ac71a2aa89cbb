import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A cookbook's recipes, a table with no price, which the corpus lacks. */

const recipes = rulesOnTable([
  "recipe_id,title,cuisine,prep_minutes,cook_minutes,servings,calories,vegetarian,rating",
  "R01,Pad Thai,Thai,20,15,2,640,no,4.6",
  "R02,Margherita Pizza,Italian,30,12,4,820,yes,4.8",
  "R03,Chana Masala,Indian,15,35,4,410,yes,4.5",
  "R04,Beef Bourguignon,French,40,180,6,710,no,4.9",
]);

describe("a comparison that names no column, in a table with no price", () => {
  it("compares the column the clause changes", () => {
    expect(recipes.operations("cut calories by 10% for everything over 700")).toEqual([
      {
        filter: { all: [{ column: "calories", op: "gt", value: 700 }] },
        action: { type: "percent_decrease", column: "calories", value: 10 },
      },
    ]);
    expect(recipes.operations("cut calories by 10% except for anything under 500")).toEqual([
      {
        filter: { none: [{ column: "calories", op: "lt", value: 500 }] },
        action: { type: "percent_decrease", column: "calories", value: 10 },
      },
    ]);
  });

  it("is still refused when what changes holds no numbers", () => {
    expect(recipes.refusal("set vegetarian to yes for everything over 700")).toContain(
      "does not name a column",
    );
  });
});

describe("a column of durations named by its unit (cook_minutes)", () => {
  const pizza = { all: [{ column: "title", op: "contains", value: "Pizza" }] };

  it("is its 'time': 'halve the cook time of the pizza'", () => {
    expect(recipes.operations("halve the cook time of the pizza")).toEqual([
      { filter: pizza, action: { type: "multiply", column: "cook_minutes", value: 0.5 } },
    ]);
  });

  it("takes amounts and comparisons said in other units of time, in its own", () => {
    expect(recipes.operations("cut the cook time of the pizza by 1 hour")).toEqual([
      { filter: pizza, action: { type: "fixed_decrease", column: "cook_minutes", value: 60 } },
    ]);
    expect(recipes.operations("add 5 minutes to the prep time of every Italian recipe")).toEqual([
      {
        filter: { all: [{ column: "cuisine", op: "eq", value: "Italian" }] },
        action: { type: "fixed_increase", column: "prep_minutes", value: 5 },
      },
    ]);
    expect(recipes.operation("set rating to 4 for recipes with cook time over 2 hours")).toEqual(
      expect.objectContaining({
        filter: { all: [{ column: "cook_minutes", op: "gt", value: 120 }] },
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A cookbook's recipes, a table with no price, which the corpus lacks. */

const recipes = rulesOnTable([
  "recipe_id,title,cuisine,prep_minutes,servings,calories,vegetarian,rating",
  "R01,Pad Thai,Thai,20,2,640,no,4.6",
  "R02,Margherita Pizza,Italian,30,4,820,yes,4.8",
  "R03,Chana Masala,Indian,15,4,410,yes,4.5",
  "R04,Beef Bourguignon,French,40,6,710,no,4.9",
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

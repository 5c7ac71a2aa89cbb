import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A letting agent's units, a table the corpus lacks: changes joined in one sentence. */

const lettings = rulesOnTable([
  "unit_id,building,floor,bedrooms,monthly_rent,deposit,tenant,status,lease_end,pets_allowed",
  "U101,Harbour View,1,2,1650,3300,Amy Reid,let,2027-01-31,no",
  "U102,Harbour View,3,1,1200,2400,,vacant,2026-12-31,yes",
  "U103,Elm Court,2,3,2100,4200,Ben Patel,let,2027-05-31,no",
  "U104,Elm Court,5,2,1750,3500,Cara Novak,notice given,2026-12-15,yes",
  "U105,Riverside,4,1,1150,2300,Dev Kim,let,2027-03-31,no",
  "U106,Riverside,6,3,2300,4600,,vacant,2026-11-30,no",
]);

describe("a change after one that named its rows", () => {
  const u105 = { all: [{ column: "unit_id", op: "eq", value: "U105" }] };
  const harbourView = { all: [{ column: "building", op: "eq", value: "Harbour View" }] };

  it("is about the same rows when it names none ('… and clear the tenant')", () => {
    expect(lettings.operations("mark U105 vacant and clear the tenant")).toEqual([
      { filter: u105, action: { type: "set_value", column: "status", value: "vacant" } },
      { filter: u105, action: { type: "set_value", column: "tenant", value: "" } },
    ]);
    expect(
      lettings.operations(
        "raise rents at Harbour View by 3%, then round rents to the nearest 10",
      )[1],
    ).toEqual({
      filter: harbourView,
      action: {
        type: "set_expression",
        column: "monthly_rent",
        expression: "round(monthly_rent / 10) * 10",
      },
    });
  });

  it("is about every row when it says so ('every', 'all')", () => {
    expect(
      lettings.operations("raise rents at Harbour View by 3% and set every deposit to 2000")[1],
    ).toEqual({ filter: {}, action: { type: "set_value", column: "deposit", value: 2000 } });
    expect(
      lettings.operations(
        "raise rents at Harbour View by 3%, then round all rents to the nearest 10",
      )[1].filter,
    ).toEqual({});
  });
});

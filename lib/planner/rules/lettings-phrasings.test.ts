import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A letting agent's units, a table the corpus lacks. */

const lettings = rulesOnTable([
  "unit_id,building,floor,bedrooms,monthly_rent,deposit,tenant,status,lease_end,pets_allowed,parking",
  "U101,Harbour View,1,2,1650,3300,Amy Reid,let,2027-01-31,no,no",
  "U102,Harbour View,3,1,1200,2400,,vacant,2026-12-31,yes,yes",
  "U103,Elm Court,2,3,2100,4200,Ben Patel,let,2027-05-31,no,no",
  "U104,Elm Court,5,2,1750,3500,Cara Novak,notice given,2026-12-15,yes,yes",
  "U105,Riverside,4,1,1150,2300,Dev Kim,let,2027-03-31,no,no",
  "U106,Riverside,6,3,2300,4600,,vacant,2026-11-30,no,yes",
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

describe("a yes/no column the rows get or are given", () => {
  const threeBedrooms = { all: [{ column: "bedrooms", op: "eq", value: 3 }] };
  const parking = { type: "set_value", column: "parking", value: true };

  it("switches it on for them ('… get parking', 'give parking to …')", () => {
    expect(lettings.operations("all 3 bedroom units get parking")).toEqual([
      { filter: threeBedrooms, action: parking },
    ]);
    expect(lettings.operations("give parking to every 3 bedroom unit")).toEqual([
      { filter: threeBedrooms, action: parking },
    ]);
  });

  it("gives it to the rows a value after 'to' names, not the value to the rows that have it", () => {
    expect(lettings.operations("give parking to Riverside")).toEqual([
      { filter: { all: [{ column: "building", op: "eq", value: "Riverside" }] }, action: parking },
    ]);
  });
});

describe("rooms as lettings write them", () => {
  it("reads 'bed' and 'beds' as bedrooms ('every 2 bed', '3-bed flats')", () => {
    const raise = { type: "percent_increase", column: "monthly_rent", value: 2.5 };
    expect(lettings.operations("put a 2.5% increase on every 2 bed")).toEqual([
      { filter: { all: [{ column: "bedrooms", op: "eq", value: 2 }] }, action: raise },
    ]);
    expect(lettings.operation("3-bed flats in Elm Court go up 50").filter).toEqual({
      all: [
        { column: "building", op: "eq", value: "Elm Court" },
        { column: "bedrooms", op: "eq", value: 3 },
      ],
    });
  });
});

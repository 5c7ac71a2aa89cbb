import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Values that are also words of the grammar: "available" as a status, "premium" as a class. */

describe("a small hotel, whose status says available", () => {
  it("reads available as a status where no yes/no column says stock", () => {
    const rooms = tableProfile([
      "room_no,room_type,floor,nightly_rate,status",
      "101,single,1,89,available",
      "102,double,1,129,occupied",
      "202,suite,2,249,maintenance",
    ]);
    const { operation } = rulesOn(rooms, {
      knownValues: new Map([
        ["room_type", ["single", "double", "suite"]],
        ["status", ["available", "occupied", "maintenance"]],
      ]),
    });
    // "available" was a stock word only, and left over.
    expect(operation("mark room 202 as available again")).toEqual({
      filter: { all: [{ column: "room_no", op: "eq", value: 202 }] },
      action: { type: "set_value", column: "status", value: "available" },
    });
  });
});

describe("a small fleet whose category is premium", () => {
  it("reads a category value that is also a word of the grammar", () => {
    const fleet = tableProfile([
      "plate,make,year,daily_rate,category,branch",
      "AB-123,Toyota,2021,39.00,economy,Airport",
      "CD-456,BMW,2023,119.00,premium,Downtown",
      "GH-012,Tesla,2022,89.00,premium,Airport",
    ]);
    const { operation } = rulesOn(fleet, {
      knownValues: new Map([
        ["make", ["Toyota", "BMW", "Tesla"]],
        ["category", ["economy", "premium"]],
        ["branch", ["Airport", "Downtown"]],
      ]),
    });
    // "premium" (as in "a 5% premium") was left out as a value of a table this small.
    expect(operation("premium cars at the airport go up 8%")).toEqual({
      filter: {
        categories: ["premium"],
        all: [{ column: "branch", op: "eq", value: "Airport" }],
      },
      action: { type: "percent_increase", column: "daily_rate", value: 8 },
    });
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A delivery firm's vans: in service or out of it, with the year each was built. */

const fleet = rulesOnTable([
  "plate,make,model,year,mileage,driver,depot,next_service,in_service,fuel_type",
  "KX21 ABC,Ford,Transit,2021,48200,Amir Shah,Leeds,2026-12-10,true,diesel",
  "LM19 DEF,Vauxhall,Vivaro,2019,91500,Bea Long,York,2026-11-30,true,diesel",
  "PN23 GHI,Renault,Kangoo,2023,12800,,Leeds,2027-02-01,false,electric",
  "RT18 JKL,Ford,Transit,2018,120400,Cal Moss,Hull,2026-12-02,true,diesel",
]);

const outOfService = { type: "set_value", column: "in_service", value: false };

describe("'out of' a yes/no phrase that starts with 'in'", () => {
  it("reads 'out of service' as not in service", () => {
    const rt18 = { all: [{ column: "plate", op: "eq", value: "RT18 JKL" }] };
    for (const instruction of [
      "take RT18 JKL out of service",
      "RT18 JKL goes out of service",
      "RT18 JKL comes out of service",
    ]) {
      expect(fleet.operations(instruction)).toEqual([{ filter: rt18, action: outOfService }]);
    }
    expect(fleet.operations("raise the mileage of vans out of service by 10")).toEqual([
      {
        filter: { all: [{ column: "in_service", op: "eq", value: false }] },
        action: { type: "fixed_increase", column: "mileage", value: 10 },
      },
    ]);
  });
});

describe("when a thing was made, where a column of years says it", () => {
  it("compares the year column, not the one column of dates: 'vans built before 2020'", () => {
    for (const instruction of [
      "vans built before 2020 come out of service",
      "take all vans made before 2020 out of service",
    ]) {
      expect(fleet.operations(instruction)).toEqual([
        { filter: { all: [{ column: "year", op: "lt", value: 2020 }] }, action: outOfService },
      ]);
    }
  });

  it("still compares the one column of dates where there is no column of years", () => {
    const houses = rulesOnTable([
      "house_id,street,built_on,rent",
      "H1,Elm Row,1998-04-01,900",
      "H2,Mill Lane,2012-09-15,1100",
    ]);
    expect(houses.operations("raise the rent of houses built before 2000 by 5%")).toEqual([
      {
        filter: { all: [{ column: "built_on", op: "lt", value: "2000-01-01" }] },
        action: { type: "percent_increase", column: "rent", value: 5 },
      },
    ]);
  });
});

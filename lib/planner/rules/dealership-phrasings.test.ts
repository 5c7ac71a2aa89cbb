import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A used-car dealer's stock, a table the corpus lacks. */

const cars = rulesOnTable([
  "stock_no,make,model,year,mileage,price,status,days_on_lot,certified",
  "C100,Toyota,Corolla,2021,32000,18900,available,12,yes",
  "C101,Honda,Civic,2019,58000,15500,available,45,no",
  "C103,BMW,320i,2018,76000,19900,available,95,no",
  "C105,Honda,CR-V,2020,39000,24900,available,60,no",
]);

describe("a column counting days, compared with its unit said after the number", () => {
  it("takes the unit as the comparison's, not a second column to change", () => {
    // "… more than 60 days" took "days" as days_on_lot and lowered it by 1000.
    expect(
      cars.operations("knock 1000 off anything that's been on the lot more than 60 days"),
    ).toEqual([
      {
        filter: { all: [{ column: "days_on_lot", op: "gt", value: 60 }] },
        action: { type: "fixed_decrease", value: 1000 },
      },
    ]);
  });

  it("takes weeks in days", () => {
    expect(cars.operation("cars on the lot over 2 weeks get 5% off").filter).toEqual({
      all: [{ column: "days_on_lot", op: "gt", value: 14 }],
    });
  });
});

describe("a yes/no column named by a participle in -ied", () => {
  it("is switched by its verb: 'certify' and 'uncertify' for certified", () => {
    expect(cars.operations("certify every Honda under 50000 miles")).toEqual([
      {
        filter: {
          all: [
            { column: "make", op: "eq", value: "Honda" },
            { column: "mileage", op: "lt", value: 50000 },
          ],
        },
        action: { type: "set_value", column: "certified", value: true },
      },
    ]);
    expect(cars.operation("uncertify C100").action).toEqual({
      type: "set_value",
      column: "certified",
      value: false,
    });
  });
});

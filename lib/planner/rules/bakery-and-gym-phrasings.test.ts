import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A bakery's counter: what is on the menu today and how many are left. */
const bakery = rulesOnTable([
  "item,category,price,cost,units_left,gluten_free,vegan,on_menu",
  "Sourdough loaf,bread,6.50,2.10,14,no,yes,yes",
  "Baguette,bread,3.20,0.90,30,no,yes,yes",
  "Croissant,pastry,2.80,0.95,40,no,no,yes",
  "Almond croissant,pastry,3.60,1.30,12,no,no,yes",
  "Brownie,cake,3.00,0.80,20,yes,no,yes",
  "Rye loaf,bread,5.90,1.90,0,no,yes,no",
]);

/** A hotel's rooms. */
const hotel = rulesOnTable([
  "room,floor,type,beds,rate,status,smoking,guest",
  "101,1,single,1,89.00,available,no,",
  "102,1,double,2,119.00,occupied,no,Ana Ruiz",
  "203,2,double,2,129.00,available,yes,",
]);

/** A gym's members, some with a trainer. */
const gym = rulesOnTable([
  "member_id,name,plan,monthly_fee,active,locker,trainer",
  "M001,Sara Holt,basic,29.99,true,false,",
  "M002,Jon Price,premium,59.99,true,true,Lena",
  "M004,Raj Patel,family,89.99,true,true,Marco",
  "M006,Max Duran,student,19.99,true,false,",
]);

const named = (column: string, value: string) => ({ all: [{ column, op: "eq", value }] });
const baguettes = { all: [{ column: "item", op: "contains", value: "Baguette" }] };

describe("a number of things the rows have", () => {
  it("steps the table's one column of counts: 'add 10 baguettes', not 10 on the price", () => {
    for (const instruction of ["add 10 baguettes", "add 10 more baguettes"]) {
      expect(bakery.operations(instruction)).toEqual([
        { filter: baguettes, action: { type: "fixed_increase", column: "units_left", value: 10 } },
      ]);
    }
    expect(bakery.operation("remove 3 baguettes").action).toEqual({
      type: "fixed_decrease",
      column: "units_left",
      value: 3,
    });
  });

  it("is not put on the price by a yes/no column named beside it", () => {
    // "the menu" names on_menu, which cannot be stepped: the 3 had gone on the price.
    expect(bakery.operation("remove 3 brownies from the menu").action).toEqual({
      type: "fixed_decrease",
      column: "units_left",
      value: 3,
    });
  });

  it("is refused where no one column counts them", () => {
    // floor and beds are both whole numbers.
    expect(hotel.refusal("add 2 doubles")).toContain("which column counts them");
  });

  it("leaves amounts with a column, a percentage or 'to' as they were read", () => {
    expect(bakery.operation("add 10% to baguettes").action).toEqual({
      type: "percent_increase",
      value: 10,
    });
    expect(bakery.operation("add 2 to the units left of baguettes").action).toEqual({
      type: "fixed_increase",
      column: "units_left",
      value: 2,
    });
  });
});

describe("a yes/no phrase said with 'the', 'no longer' or 'no-'", () => {
  it("reads 'on the menu', 'off the menu' and 'no longer on the menu'", () => {
    const rye = named("item", "Rye loaf");
    const onMenu = (value: boolean) => ({ type: "set_value", column: "on_menu", value });
    for (const [instruction, value] of [
      ["take the rye loaf off the menu", false],
      ["rye loaf is off the menu", false],
      ["the rye loaf is no longer on the menu", false],
      ["rye loaf is not on the menu", false],
      ["put rye loaf back on the menu", true],
    ] as const) {
      expect(bakery.operations(instruction)).toEqual([{ filter: rye, action: onMenu(value) }]);
    }
    expect(bakery.operation("set units left to 0 for everything not on the menu").filter).toEqual({
      all: [{ column: "on_menu", op: "eq", value: false }],
    });
  });

  it("reads 'no-smoking' as 'non-smoking'", () => {
    for (const instruction of ["make 203 a no-smoking room", "make 203 no-smoking"]) {
      expect(hotel.operations(instruction)).toEqual([
        {
          filter: { all: [{ column: "room", op: "eq", value: 203 }] },
          action: { type: "set_value", column: "smoking", value: false },
        },
      ]);
    }
  });
});

describe("a value given to the one row a name stands for", () => {
  const marcoForSara = {
    filter: named("name", "Sara Holt"),
    action: { type: "set_value", column: "trainer", value: "Marco" },
  };

  it("gives it to that row, whichever comes first", () => {
    for (const instruction of [
      "assign Marco to Sara Holt",
      "assign Sara Holt to Marco",
      "give Marco to Sara Holt",
    ]) {
      expect(gym.operations(instruction)).toEqual([marcoForSara]);
    }
  });

  it("reads 'took over' as 'takes over'", () => {
    expect(gym.operations("Marco took over Sara Holt")).toEqual([marcoForSara]);
  });

  it("refuses to rename rows after another row, unless the column is named", () => {
    expect(gym.refusal("move Lena to Max Duran")).toContain("name of another row");
    expect(gym.operation("set name to Max Duran for Lena's members").action).toEqual({
      type: "set_value",
      column: "name",
      value: "Max Duran",
    });
  });
});

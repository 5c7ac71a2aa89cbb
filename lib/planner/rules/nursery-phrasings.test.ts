import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A plant nursery's stock, a table the corpus lacks. */

const plants = rulesOnTable([
  "plant_id,common_name,pot_size_cm,price_eur,stock_qty,needs_shade,watering,last_repotted,supplier",
  "P-001,Monstera,17,24.90,12,yes,weekly,2026-03-14,GreenLeaf",
  "P-002,Snake plant,12,14.50,30,no,monthly,2025-11-02,GreenLeaf",
  "P-003,Fiddle leaf fig,21,39.00,4,no,weekly,2026-06-20,Botanico",
  "P-005,Pothos,12,9.90,40,yes,weekly,2025-09-30,GreenLeaf",
  "P-006,ZZ plant,17,22.00,0,yes,monthly,2026-02-11,Verde",
  "P-007,Calathea,14,27.50,6,yes,twice weekly,2026-05-05,Verde",
]);

const fleet = rulesOnTable([
  "vin,make,mileage,status,depot,last_service",
  "V001,Ford,120500,active,North,2026-03-01",
  "V002,Toyota,85000,active,South,2026-07-15",
]);

const monstera = { column: "common_name", op: "eq", value: "Monstera" };
const pothos = { column: "common_name", op: "eq", value: "Pothos" };

describe("out of stock, where stock is counted", () => {
  it("is a count of none when said as the new value after 'as' or 'to'", () => {
    const none = { type: "set_value", column: "stock_qty", value: 0 };
    const zz = { all: [{ column: "common_name", op: "eq", value: "ZZ plant" }] };
    for (const instruction of [
      "mark the ZZ plant as out of stock",
      "set the ZZ plant to out of stock",
      "mark the ZZ plant out of stock",
    ]) {
      expect(plants.operations(instruction)).toEqual([{ filter: zz, action: none }]);
    }
  });
});

describe("rows said to be out of stock, where stock is counted", () => {
  it("have a count of none: 'the pothos is out of stock', 'pothos is sold out'", () => {
    for (const instruction of ["the pothos is out of stock", "pothos is sold out"]) {
      expect(plants.operations(instruction)).toEqual([
        { filter: { all: [pothos] }, action: { type: "set_value", column: "stock_qty", value: 0 } },
      ]);
    }
  });

  it("are still which rows before a change: 'plants that are out of stock are 20% off'", () => {
    expect(plants.operation("plants that are out of stock are 20% off").filter).toEqual({
      all: [{ column: "stock_qty", op: "lte", value: 0 }],
    });
  });
});

describe("more of the rows 'in stock', where stock is counted", () => {
  it("raises the count, not the price: 'we need 20 more calatheas in stock'", () => {
    expect(plants.operations("we need 20 more calatheas in stock")).toEqual([
      {
        filter: { all: [{ column: "common_name", op: "eq", value: "Calathea" }] },
        action: { type: "fixed_increase", column: "stock_qty", value: 20 },
      },
    ]);
  });

  it("leaves 'in stock' the rows when a price is what changes", () => {
    expect(plants.operations("give 2 more euros off plants in stock")).toEqual([
      {
        filter: { all: [{ column: "stock_qty", op: "gt", value: 0 }] },
        action: { type: "fixed_decrease", column: "price_eur", value: 2 },
      },
    ]);
  });
});

describe("'remove'", () => {
  it("lowers a value by an amount: 'remove 5 from the stock of the pothos'", () => {
    expect(plants.operations("remove 5 from the stock of the pothos")).toEqual([
      {
        filter: { all: [pothos] },
        action: { type: "fixed_decrease", column: "stock_qty", value: 5 },
      },
    ]);
  });

  it("says that rows are never removed when it has no amount", () => {
    expect(plants.refusal("remove all Verde plants")).toContain("never removes rows");
  });
});

describe("a yes/no column named by what the rows need", () => {
  const cut = { type: "percent_decrease", column: "price_eur", value: 10 };

  it("reads 'need shade' and 'needing shade' for needs_shade", () => {
    const shade = { all: [{ column: "needs_shade", op: "eq", value: true }] };
    for (const instruction of [
      "plants that need shade get 10% off",
      "plants needing shade get 10% off",
      "give a 10% discount to plants which need shade",
    ]) {
      expect(plants.operations(instruction)).toEqual([{ filter: shade, action: cut }]);
    }
  });

  it("reads 'don't need shade' and 'does not need shade' as its opposite", () => {
    const noShade = { all: [{ column: "needs_shade", op: "eq", value: false }] };
    for (const instruction of [
      "plants that don't need shade get 10% off",
      "any plant that does not need shade gets 10% off",
    ]) {
      expect(plants.operations(instruction)).toEqual([{ filter: noShade, action: cut }]);
    }
  });
});

describe("a day said as what happened to the rows", () => {
  const repotted = (day: string) => ({ type: "set_value", column: "last_repotted", value: day });

  it("sets the column whose name gives the verb: 'repot the monstera today'", () => {
    expect(plants.operations("repot the monstera today")).toEqual([
      { filter: { all: [monstera] }, action: repotted("2026-11-26") },
    ]);
    expect(plants.operations("repot the monstera and the pothos on 2026-11-20")).toEqual([
      {
        filter: { all: [{ column: "common_name", op: "in", value: ["Monstera", "Pothos"] }] },
        action: repotted("2026-11-20"),
      },
    ]);
    expect(fleet.operations("service V002 today")).toEqual([
      {
        filter: { all: [{ column: "vin", op: "eq", value: "V002" }] },
        action: { type: "set_value", column: "last_service", value: "2026-11-26" },
      },
    ]);
  });

  it("sets it from a sentence that states it: 'the pothos got repotted yesterday'", () => {
    expect(plants.operations("the pothos got repotted yesterday")).toEqual([
      { filter: { all: [pothos] }, action: repotted("2026-11-25") },
    ]);
    expect(plants.operations("the monstera was repotted today")).toEqual([
      { filter: { all: [monstera] }, action: repotted("2026-11-26") },
    ]);
  });

  it("keeps the verb's clause apart from another change", () => {
    expect(plants.operations("repot the monstera today and raise its price by 5%")).toEqual([
      { filter: { all: [monstera] }, action: repotted("2026-11-26") },
      {
        filter: { all: [monstera] },
        action: { type: "percent_increase", column: "price_eur", value: 5 },
      },
    ]);
  });

  it("leaves a day beside a change as the rows it names", () => {
    const today = [
      { column: "last_repotted", op: "gte", value: "2026-11-26" },
      { column: "last_repotted", op: "lt", value: "2026-11-27" },
    ];
    expect(plants.operation("plants repotted today get 5% off").filter).toEqual({ all: today });
    expect(plants.operation("the monstera was repotted today, raise its price by 5%")).toEqual(
      expect.objectContaining({
        filter: { all: [monstera, ...today] },
        action: { type: "percent_increase", column: "price_eur", value: 5 },
      }),
    );
  });
});

describe("a value said with the verb its text column's name makes", () => {
  const calathea = { all: [{ column: "common_name", op: "eq", value: "Calathea" }] };
  const weekly = { type: "set_value", column: "watering", value: "weekly" };

  it("sets watering: 'water the calathea weekly instead', 'the calathea is watered weekly'", () => {
    for (const instruction of [
      "water the calathea weekly instead",
      "water the calathea weekly",
      "the calathea is watered weekly",
    ]) {
      expect(plants.operations(instruction)).toEqual([{ filter: calathea, action: weekly }]);
    }
    expect(plants.operations("everything from Verde gets watered monthly from now on")).toEqual([
      {
        filter: { all: [{ column: "supplier", op: "eq", value: "Verde" }] },
        action: { type: "set_value", column: "watering", value: "monthly" },
      },
    ]);
  });

  it("reads the participle beside a change as the rows: 'plants watered weekly get 5% off'", () => {
    expect(plants.operations("plants watered twice weekly get 5% off")).toEqual([
      {
        filter: { all: [{ column: "watering", op: "eq", value: "twice weekly" }] },
        action: { type: "percent_decrease", column: "price_eur", value: 5 },
      },
    ]);
  });
});

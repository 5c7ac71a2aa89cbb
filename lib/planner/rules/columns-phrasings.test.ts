import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * A shop's stock with a reorder level, a retail price and a list price, and a table of listings
 * with a days-on-market count and a garage flag: comparisons of two columns of the same row,
 * counts in days, and yes/no columns named by what rows have.
 */
const stock = tableProfile([
  "sku,name,brand,category,cost,retail_price,msrp,qty_on_hand,reorder_level,discontinued",
  "SKU-001,Trail Runner,Stride,shoes,38.00,89.99,99.99,120,30,false",
  "SKU-002,City Walker,Stride,shoes,25.00,59.99,64.99,8,20,false",
  "SKU-003,Rain Shell,Nimbus,jackets,45.00,159.00,149.00,0,10,false",
  "SKU-004,Fleece Zip,Nimbus,jackets,22.00,69.00,79.00,55,15,true",
  "SKU-005,Wool Socks,Knit Co,accessories,3.50,14.99,16.99,400,100,false",
]);
const belowReorder = {
  all: [{ column: "qty_on_hand", op: "lt", value: { column: "reorder_level" } }],
};
const discontinue = { type: "set_value", column: "discontinued", value: true };

describe("two columns of the same row", () => {
  const { operation } = rulesOn(stock, {
    knownValues: new Map([["category", ["shoes", "jackets", "accessories"]]]),
  });

  it("compares a count with its reorder level, however it is said", () => {
    for (const instruction of [
      "set discontinued to true where qty on hand is below reorder level",
      "anything below its reorder level gets flagged as discontinued",
      "flag items below their reorder level as discontinued",
      "mark products whose stock falls below the reorder level as discontinued",
    ]) {
      expect(operation(instruction), instruction).toEqual({
        filter: belowReorder,
        action: discontinue,
      });
    }
  });

  it("compares prices with prices, and sets one to the other", () => {
    expect(operation("items priced above their msrp get 5% off")).toEqual({
      filter: { all: [{ column: "retail_price", op: "gt", value: { column: "msrp" } }] },
      action: { type: "percent_decrease", column: "retail_price", value: 5 },
    });
    expect(operation("raise retail price by 2% where msrp exceeds retail price").filter).toEqual({
      all: [{ column: "msrp", op: "gt", value: { column: "retail_price" } }],
    });
    expect(operation("lower retail price to msrp where retail price is above msrp")).toEqual({
      filter: { all: [{ column: "retail_price", op: "gt", value: { column: "msrp" } }] },
      action: { type: "set_expression", column: "retail_price", expression: "msrp" },
    });
    // A number after "to" is still the step's target.
    expect(operation("lower the retail price to 50 for jackets").action).toEqual({
      type: "set_value",
      column: "retail_price",
      value: 50,
    });
  });
});

describe("counts in days and flags named by what rows have", () => {
  const listings = tableProfile([
    "listing_id,city,bedrooms,list_price,status,days_on_market,has_garage",
    "L-201,Austin,3,425000,active,12,yes",
    "L-202,Dallas,2,289000,active,45,no",
    "L-203,Austin,4,615000,pending,3,yes",
    "L-204,Houston,3,310000,active,90,no",
    "L-206,Austin,1,199000,active,130,no",
  ]);
  const { operation } = rulesOn(listings);

  it("reads a number of days as the column that counts days", () => {
    // "days" was left over: it names no date, and the count of days was not read as its column.
    expect(operation("cut prices by 5% for listings over 60 days")).toEqual({
      filter: { all: [{ column: "days_on_market", op: "gt", value: 60 }] },
      action: { type: "percent_decrease", column: "list_price", value: 5 },
    });
    expect(operation("price reductions of 2% for everything over 120 days")).toEqual({
      filter: { all: [{ column: "days_on_market", op: "gt", value: 120 }] },
      action: { type: "percent_decrease", column: "list_price", value: 2 },
    });
  });

  it("reads with and without a garage as the yes/no column", () => {
    // "without a garage" asked for an empty has_garage, which no row has.
    expect(operation("drop prices 3% on listings without a garage").filter).toEqual({
      all: [{ column: "has_garage", op: "eq", value: false }],
    });
    expect(operation("lower prices 2% on listings with a garage").filter).toEqual({
      all: [{ column: "has_garage", op: "eq", value: true }],
    });
  });
});

describe("a marketing team's campaigns", () => {
  const campaigns = tableProfile([
    "campaign_id,name,channel,budget,spend,clicks,status,owner",
    "C-01,Spring Sale,search,5000,4200,8400,active,Lena",
    "C-02,Brand Video,video,12000,12500,3100,active,Marco",
    "C-03,Retargeting,display,3000,900,4500,paused,Lena",
    "C-05,Newsletter,email,500,480,2400,active,Marco",
  ]);
  const { operation } = rulesOn(campaigns, {
    knownValues: new Map([
      ["status", ["active", "paused"]],
      ["owner", ["Lena", "Marco"]],
      ["channel", ["search", "video", "display", "email"]],
    ]),
  });
  const setStatus = (value: string) => ({ type: "set_value", column: "status", value });

  it("reads what was spent against the budget of the same row", () => {
    expect(operation("pause every campaign that has spent more than its budget")).toEqual({
      filter: { all: [{ column: "spend", op: "gt", value: { column: "budget" } }] },
      action: setStatus("paused"),
    });
  });

  it("reads reactivate and resume as the state they lead to", () => {
    expect(operation("reactivate paused campaigns")).toEqual({
      filter: { all: [{ column: "status", op: "eq", value: "paused" }] },
      action: setStatus("active"),
    });
    expect(operation("resume all of Marco's campaigns").action).toEqual(setStatus("active"));
  });

  it("reads an extra amount of a column as a rise of it", () => {
    expect(operation("give Lena's campaigns an extra 1000 budget")).toEqual({
      filter: { all: [{ column: "owner", op: "eq", value: "Lena" }] },
      action: { type: "fixed_increase", column: "budget", value: 1000 },
    });
  });
});

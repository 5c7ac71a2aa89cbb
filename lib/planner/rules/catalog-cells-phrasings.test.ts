import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A shoe and clothing catalog with a product_name column and an optional sale price. */
const catalog = tableProfile([
  "product_id,product_name,brand,price,sale_price,stock,on_sale",
  "1001,Trail Runner,Nimbus,120.00,,34,false",
  "1002,City Sneaker,Nimbus,95.00,85.00,12,true",
  "1003,Rain Jacket,Northpeak,180.00,,5,false",
  "1004,Wool Socks,Basecamp,18.00,,120,false",
]);

describe("a catalog's names and empty cells", () => {
  const { operations } = rulesOn(catalog, {
    knownValues: new Map([["brand", ["Nimbus", "Nimbus", "Northpeak", "Basecamp"]]]),
  });

  it("reads the rows' name starting with or containing a word", () => {
    expect(operations("set stock to 0 for products starting with 'Wool'")).toEqual([
      {
        filter: { all: [{ column: "product_name", op: "starts_with", value: "Wool" }] },
        action: { type: "set_value", column: "stock", value: 0 },
      },
    ]);
    expect(operations("raise prices of products whose name contains Runner by 5%")).toEqual([
      {
        filter: { all: [{ column: "product_name", op: "contains", value: "Runner" }] },
        action: { type: "percent_increase", column: "price", value: 5 },
      },
    ]);
  });

  it("reads an empty cell of a column of numbers", () => {
    expect(operations("items with an empty sale price: set on sale to false")).toEqual([
      {
        filter: { all: [{ column: "sale_price", op: "is_empty" }] },
        action: { type: "set_value", column: "on_sale", value: false },
      },
    ]);
  });
});

describe("renaming a value", () => {
  const { operations } = rulesOn(catalog, {
    knownValues: new Map([["brand", ["Nimbus", "Nimbus", "Northpeak", "Basecamp"]]]),
  });
  const rename = {
    filter: { all: [{ column: "brand", op: "eq", value: "Nimbus" }] },
    action: { type: "set_value", column: "brand", value: "Nimbus Co" },
  };

  it("changes a value of the column named beside it, or after 'the … from'", () => {
    expect(operations("change brand Nimbus to Nimbus Co")).toEqual([rename]);
    expect(operations("change the brand from Nimbus to Nimbus Co")).toEqual([rename]);
  });
});

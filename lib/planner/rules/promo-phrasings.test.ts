import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A pricing analyst's sheet: list price, cost, MSRP, and a promotion with its own price. */
const sheet = rulesOnTable([
  "sku,product,brand,category,list_price,cost,msrp,promo_price,on_promo",
  "P-101,Road Racer,Stride,shoes,149.99,61.00,159.99,129.99,true",
  "P-102,Rain Shell,Northpeak,jackets,189.00,80.00,199.00,,false",
  "P-103,Fleece Mid,Northpeak,jackets,79.00,30.00,89.00,69.00,true",
]);

/** A shop whose sale has no price of its own. */
const shop = rulesOnTable(["sku,name,price,on_sale", "A1,Mat,20.00,false", "A2,Block,8.00,true"]);

const shell = { all: [{ column: "product", op: "eq", value: "Rain Shell" }] };

describe("promotions, as pricing analysts write them", () => {
  it("reads 'put … on promo at 159' as switching it on, at the promo's own price", () => {
    // It had chosen the rows already on promo (none) and set their list price.
    expect(sheet.operations("put Rain Shell on promo at 159")).toEqual([
      { filter: shell, action: { type: "set_value", column: "on_promo", value: true } },
      { filter: shell, action: { type: "set_value", column: "promo_price", value: 159 } },
    ]);
  });

  it("puts the amount on the price where the sale has no price of its own", () => {
    const mat = { all: [{ column: "name", op: "eq", value: "Mat" }] };
    expect(shop.operations("put the Mat on sale at 15")).toEqual([
      { filter: mat, action: { type: "set_value", column: "on_sale", value: true } },
      { filter: mat, action: { type: "set_price", value: 15 } },
    ]);
  });

  it("reads 'match … to' as setting one column to another", () => {
    expect(sheet.operations("match list price to MSRP for jackets")).toEqual([
      {
        filter: { categories: ["jackets"] },
        action: { type: "set_expression", column: "list_price", expression: "msrp" },
      },
    ]);
  });

  it("rounds to an ending said without 'the nearest'", () => {
    for (const instruction of ["round all list prices to .99", "round list prices to end in .99"]) {
      expect(sheet.operation(instruction).action).toEqual({
        type: "set_expression",
        column: "list_price",
        expression: "round(list_price - 0.99) + 0.99",
      });
    }
  });
});

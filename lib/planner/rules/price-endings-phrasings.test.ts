import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A shop's price list, rounded as pricing analysts round it. */

const shop = rulesOnTable([
  "sku,name,category,price,in_stock,on_sale",
  "A1,Mat,yoga,20.00,true,false",
  "A2,Block,yoga,8.00,true,true",
  "B1,Bottle,fitness,12.40,false,false",
]);

const expression = (instruction: string) => shop.operation(instruction).action;

describe("rounding to an ending", () => {
  it("reads 'the nearest .99' as prices ending in .99, not multiples of 0.99", () => {
    expect(expression("round every price to the nearest 0.99")).toEqual({
      type: "set_expression",
      column: "price",
      expression: "round(price - 0.99) + 0.99",
    });
    expect(expression("round prices up to the nearest .99")).toEqual({
      type: "set_expression",
      column: "price",
      expression: "ceil(price - 0.99) + 0.99",
    });
  });

  it("keeps a step that goes into one as multiples ('the nearest 0.05', '50 cents')", () => {
    expect(expression("round every price to the nearest 0.05")).toEqual({
      type: "set_expression",
      column: "price",
      expression: "round(price / 0.05) * 0.05",
    });
    expect(expression("round prices to the nearest 50 cents")).toEqual({
      type: "set_expression",
      column: "price",
      expression: "round(price / 0.5) * 0.5",
    });
  });
});

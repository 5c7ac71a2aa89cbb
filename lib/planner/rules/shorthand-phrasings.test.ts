import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Instructions typed in a hurry, as in a spreadsheet formula or SQL, on a shoe catalog. */
const catalogLines = [
  "product_id,product_name,brand,category,color,size,price,sale_price,stock,rating,on_sale",
  "1001,Trail Runner,Nimbus,shoes,black,9,120.00,,34,4.6,false",
  "1002,City Sneaker,Nimbus,shoes,white,10,95.00,85.00,12,4.1,true",
  "1003,Wool Beanie,Arctic,hats,black,M,25.00,,0,3.8,false",
  "1004,Sun Cap,Arctic,hats,red,L,18.00,15.00,7,3.2,true",
  "1005,Rain Jacket,Nimbus,coats,blue,M,140.00,,3,4.4,false",
];
const catalog = tableProfile(catalogLines);
const column = (at: number) => catalogLines.slice(1).map((line) => line.split(",")[at]);

describe("shorthand on a catalog", () => {
  const { operations } = rulesOn(catalog, {
    knownKeys: new Set(column(0)),
    knownValues: new Map([
      ["product_name", column(1)],
      ["brand", column(2)],
      ["category", column(3)],
      ["color", column(4)],
      ["size", column(5)],
    ]),
  });
  const black = { all: [{ column: "color", op: "eq", value: "black" }] };
  const product1001 = { all: [{ column: "product_id", op: "eq", value: 1001 }] };

  it("reads '=' after a set verb, or before the rows, as 'to'", () => {
    // "set stock=0 if color is black" set every out-of-stock product's color to black.
    const noStock = { type: "set_value", column: "stock", value: 0 };
    expect(operations("set stock=0 if color is black")).toEqual([
      { filter: black, action: noStock },
    ]);
    expect(operations("stock = 0 where color is black")).toEqual([
      { filter: black, action: noStock },
    ]);
    expect(operations("on_sale = true where color is black")).toEqual([
      { filter: black, action: { type: "set_value", column: "on_sale", value: true } },
    ]);
    // After the rows, "=" still says which rows.
    expect(operations("set price to 50 where stock = 0")).toEqual([
      {
        filter: { all: [{ column: "stock", op: "eq", value: 0 }] },
        action: { type: "set_value", column: "price", value: 50 },
      },
    ]);
  });

  it("names a row by its key even where another column has codes of that shape", () => {
    // "for 1001" was read as a size of 1001 (sizes are codes like "9" and "10").
    expect(operations("set price to 99 for 1001")).toEqual([
      { filter: product1001, action: { type: "set_value", column: "price", value: 99 } },
    ]);
    expect(operations("price -> 99 for 1001")).toEqual([
      { filter: product1001, action: { type: "set_value", column: "price", value: 99 } },
    ]);
  });

  it("multiplies a column by a factor written with x, * or times", () => {
    const shoes = { categories: ["shoes"] };
    const times = (value: number) => ({ type: "multiply", column: "price", value });
    expect(operations("price x1.1 for shoes")).toEqual([{ filter: shoes, action: times(1.1) }]);
    expect(operations("price * 1.1 for shoes")).toEqual([{ filter: shoes, action: times(1.1) }]);
    expect(operations("price times 1.1 for shoes")).toEqual([
      { filter: shoes, action: times(1.1) },
    ]);
  });

  it("reads 'w/' and 'w/o' as with and without", () => {
    expect(operations("set sale price to 50 for shoes w/o a sale price")).toEqual([
      {
        filter: {
          categories: ["shoes"],
          all: [{ column: "sale_price", op: "is_empty" }],
        },
        action: { type: "set_value", column: "sale_price", value: 50 },
      },
    ]);
    expect(operations("mark shoes w/ a rating under 4.5 as on sale")).toEqual([
      {
        filter: { categories: ["shoes"], all: [{ column: "rating", op: "lt", value: 4.5 }] },
        action: { type: "set_value", column: "on_sale", value: true },
      },
    ]);
  });
});

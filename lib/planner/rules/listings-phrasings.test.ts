import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Homes for sale, which the corpus does not have. */
const listings = tableProfile([
  "listing_id,address,city,bedrooms,sqft,list_price,status,agent,listed_on",
  "H-01,12 Oak St,Springfield,3,1600,325000,active,Maria Lopez,2026-09-01",
  "H-02,4 Elm Ave,Shelbyville,2,950,189000,pending,Tom Reed,2026-10-12",
  "H-03,88 Pine Rd,Springfield,4,2400,379000,active,Maria Lopez,2026-08-20",
  "H-04,7 Birch Ln,Capital City,5,3600,899000,sold,Ann Cho,2026-06-05",
  "H-05,19 Cedar Ct,Shelbyville,3,1400,259000,active,Tom Reed,2026-11-02",
]);

describe("homes for sale", () => {
  const { operations } = rulesOn(listings, {
    knownValues: new Map([
      ["city", ["Springfield", "Shelbyville", "Springfield", "Capital City", "Shelbyville"]],
    ]),
  });
  const rounded = (expression: string) => [
    { filter: {}, action: { type: "set_expression", column: "list_price", expression } },
  ];

  it("rounds to a step written with a thousands comma, a k, or in words", () => {
    const toThousand = rounded("round(list_price / 1000) * 1000");
    expect(operations("round all list prices to the nearest thousand")).toEqual(toThousand);
    expect(operations("round list prices to the nearest 1,000")).toEqual(toThousand);
    expect(operations("round list prices to the nearest $1,000")).toEqual(toThousand);
    expect(operations("round list prices down to the nearest 5k")).toEqual(
      rounded("floor(list_price / 5000) * 5000"),
    );
    expect(operations("round list prices to the nearest hundred dollars")).toEqual(
      rounded("round(list_price / 100) * 100"),
    );
  });

  it("reads 'asking price' as the price where no column is called so", () => {
    expect(operations("reduce the asking price of H-05 by 10k")).toEqual([
      {
        filter: { all: [{ column: "listing_id", op: "eq", value: "H-05" }] },
        action: { type: "fixed_decrease", column: "list_price", value: 10000 },
      },
    ]);
  });

  it("reads what a value 'should be at least' or 'at most' as a floor or a cap", () => {
    const big = { column: "sqft", op: "gt", value: 2000 };
    const floor = {
      filter: { all: [big, { column: "list_price", op: "lt", value: 400000 }] },
      action: { type: "set_value", column: "list_price", value: 400000 },
    };
    expect(operations("list price should be at least 400000 for homes over 2000 sqft")).toEqual([
      floor,
    ]);
    expect(operations("homes over 2000 sqft should be priced at least 400000")).toEqual([floor]);
    expect(operations("the list price must be no more than 500k for Springfield homes")).toEqual([
      {
        filter: {
          all: [
            { column: "city", op: "eq", value: "Springfield" },
            { column: "list_price", op: "gt", value: 500000 },
          ],
        },
        action: { type: "set_value", column: "list_price", value: 500000 },
      },
    ]);
  });
});

const parts = tableProfile([
  "part_no,description,supplier,unit_cost",
  "P-1001,Hex bolt M6,Fastenal,0.12",
  "P-1002,Washer 6mm,Fastenal,0.03",
  "P-1003,Hinge 3in,Grainger,2.40",
  "P-1004,Caster wheel,Grainger,7.85",
]);

describe("parts named by words of their descriptions", () => {
  const { operations } = rulesOn(parts, {
    knownValues: new Map([
      ["description", ["Hex bolt M6", "Washer 6mm", "Hinge 3in", "Caster wheel"]],
    ]),
  });

  it("reads words of one column joined by 'and' as either, not both", () => {
    // Both words were required of one description: no row matched.
    expect(operations("raise unit cost of hinge and caster by 5%")).toEqual([
      {
        filter: {
          any: [
            { column: "description", op: "contains", value: "Hinge" },
            { column: "description", op: "contains", value: "Caster" },
          ],
        },
        action: { type: "percent_increase", column: "unit_cost", value: 5 },
      },
    ]);
  });

  it("reads a short word starting the words of a value ('hex bolt')", () => {
    expect(operations("Increase the unit cost of the hex bolt and the washer by 1 cent")).toEqual([
      {
        filter: {
          any: [
            { column: "description", op: "contains", value: "Hex bolt" },
            { column: "description", op: "contains", value: "Washer" },
          ],
        },
        action: { type: "fixed_increase", column: "unit_cost", value: 0.01 },
      },
    ]);
  });
});

describe("numbers in words and misspelt columns", () => {
  const { operations, plan } = rulesOn(listings);
  const h03 = { all: [{ column: "listing_id", op: "eq", value: "H-03" }] };

  it("reads numbers said in words: 'twenty thousand', 'a thousand', '1.5 million'", () => {
    const cut = { type: "fixed_decrease", column: "list_price", value: 20000 };
    expect(operations("cut the list price of H-03 by twenty thousand")).toEqual([
      { filter: h03, action: cut },
    ]);
    expect(operations("cut the list price of H-03 by 20 thousand")).toEqual([
      { filter: h03, action: cut },
    ]);
    expect(operations("raise H-03 by a thousand dollars")).toEqual([
      { filter: h03, action: { type: "fixed_increase", column: "list_price", value: 1000 } },
    ]);
    expect(operations("set the list price of H-03 to 1.5 million")).toEqual([
      { filter: h03, action: { type: "set_value", column: "list_price", value: 1500000 } },
    ]);
    expect(operations("raise H-03 by twenty five percent")).toEqual([
      { filter: h03, action: { type: "percent_increase", column: "list_price", value: 25 } },
    ]);
  });

  it("reads a word one edit from one column's name as that column, and says so", () => {
    const result = plan("set bedroms to 4 for H-03");
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations[0].action).toEqual({
      type: "set_value",
      column: "bedrooms",
      value: 4,
    });
    expect(result.notes).toContain('read "bedroms" as the column bedrooms');
  });
});

describe("things counted", () => {
  const stock = tableProfile([
    "part_no,description,qty_on_hand,reorder_point,unit_cost",
    "P-1001,Hex bolt M6,450,200,0.12",
    "P-1002,Washer 6mm,80,150,0.03",
    "P-1003,Hinge 3in,25,40,2.40",
  ]);

  it("adds an amount of units to the stock count, not the unit cost", () => {
    // The unit cost went up by 100.
    expect(rulesOn(stock).operations("add 100 units to parts below their reorder point")).toEqual([
      {
        filter: {
          all: [{ column: "qty_on_hand", op: "lt", value: { column: "reorder_point" } }],
        },
        action: { type: "fixed_increase", column: "qty_on_hand", value: 100 },
      },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A warehouse's stock: what is on hand, and the point at which to reorder. */
const stock = rulesOnTable([
  "sku,description,bin,on_hand,reorder_point,unit_cost,supplier,discontinued",
  "W-1001,Hex bolt M8,A-01,1200,500,0.12,FastenCo,false",
  "W-1002,Washer M8,A-02,300,400,0.03,FastenCo,false",
  "W-1003,Cable tie 200mm,B-11,80,100,0.05,TieWorks,false",
  "W-1004,Drill bit 6mm,C-04,45,20,2.40,ToolPro,false",
]);

const described = (value: string) => ({
  all: [{ column: "description", op: "contains", value }],
});
const onHand = (type: string, value: number) => ({ type, column: "on_hand", value });

describe("goods coming in and going out", () => {
  it("steps what is on hand, not the reorder point or the cost", () => {
    expect(stock.operations("we received 500 washers")).toEqual([
      { filter: described("Washer"), action: onHand("fixed_increase", 500) },
    ]);
    expect(stock.operations("we shipped 200 hex bolts")).toEqual([
      { filter: described("Hex bolt"), action: onHand("fixed_decrease", 200) },
    ]);
    expect(stock.operations("we found 10 more drill bits")).toEqual([
      { filter: described("Drill bit"), action: onHand("fixed_increase", 10) },
    ]);
  });

  it("tops up the rows chosen for having too few: '… gets 100 more'", () => {
    expect(stock.operations("anything under its reorder point gets 100 more")).toEqual([
      {
        filter: {
          all: [{ column: "on_hand", op: "lt", value: { column: "reorder_point" } }],
        },
        action: onHand("fixed_increase", 100),
      },
    ]);
    expect(stock.operation("items with less than 100 on hand get 50 more").action).toEqual(
      onHand("fixed_increase", 50),
    );
  });

  it("keeps 'more' after a price condition on the price", () => {
    expect(stock.operation("items costing under 1 get 5 more").action).toEqual({
      type: "fixed_increase",
      column: "unit_cost",
      value: 5,
    });
  });
});

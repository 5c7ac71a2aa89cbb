import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A warehouse that counts its stock (qty_on_hand) against a reorder level, with no stock flag. */
const parts = tableProfile([
  "sku,name,warehouse,qty_on_hand,reorder_level,unit_cost,supplier,discontinued",
  "W-001,Steel Bolt M8,Berlin,1200,500,0.12,Boltco,false",
  "W-002,Hex Nut M8,Berlin,300,500,0.05,Boltco,false",
  "W-003,Washer 8mm,Madrid,0,200,0.02,Fixit,false",
  "W-004,Anchor Plug,Madrid,75,100,0.30,Fixit,true",
  "W-005,Wood Screw 4x40,Berlin,2500,1000,0.04,Screwz,false",
  "W-006,Cable Tie 200mm,Oslo,40,150,0.08,Tieup,false",
]);

describe("a warehouse counting its stock", () => {
  const { operation } = rulesOn(parts, {
    knownValues: new Map([
      ["warehouse", ["Berlin", "Madrid", "Oslo"]],
      ["supplier", ["Boltco", "Fixit", "Screwz", "Tieup"]],
      [
        "name",
        [
          "Steel Bolt M8",
          "Hex Nut M8",
          "Washer 8mm",
          "Anchor Plug",
          "Wood Screw 4x40",
          "Cable Tie 200mm",
        ],
      ],
    ]),
  });

  it("reads 'stock' as the one count of stock", () => {
    const zero = { type: "set_value", column: "qty_on_hand", value: 0 };
    const discontinued = { all: [{ column: "discontinued", op: "eq", value: true }] };
    expect(operation("zero the stock of discontinued items")).toEqual({
      filter: discontinued,
      action: zero,
    });
    expect(operation("increase stock by 100 for Berlin items").action).toEqual({
      type: "fixed_increase",
      column: "qty_on_hand",
      value: 100,
    });
  });

  it("reads restocking a count as setting it or adding to it, never lowering it", () => {
    const below = { column: "qty_on_hand", op: "lt", value: { column: "reorder_level" } };
    expect(operation("restock items below their reorder level to 1000")).toEqual({
      filter: { all: [below, { column: "qty_on_hand", op: "lt", value: 1000 }] },
      action: { type: "set_value", column: "qty_on_hand", value: 1000 },
    });
    expect(operation("restock Oslo items by 500").action).toEqual({
      type: "fixed_increase",
      column: "qty_on_hand",
      value: 500,
    });
    // "their" may go unsaid.
    expect(operation("flag items below reorder level as discontinued").filter).toEqual({
      all: [below],
    });
  });

  it("reads a plural of a value's word as that word, not a misspelt value", () => {
    // "screws" was read as the supplier Screwz, one letter away.
    expect(operation("bump costs 3 cents for screws").filter).toEqual({
      all: [{ column: "name", op: "contains", value: "Screw" }],
    });
  });
});

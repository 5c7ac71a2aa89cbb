import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/**
 * Units and days as people write them: units against the number ("250kg", "2p"), in pence, into
 * columns that count cents, and days by a month's name ("Nov 15th"); on a freight forwarder's
 * shipments, a shop's goods and an energy supplier's meters, tables the corpus lacks.
 */

const shipments = rulesOnTable([
  "shipment_id,carrier,origin,destination,weight_kg,cost,status,ship_date,insured",
  "S-5001,DHL,Rotterdam,Berlin,120.5,340.00,delivered,2026-11-02,yes",
  "S-5002,UPS,Hamburg,Paris,80.0,210.50,in transit,2026-11-10,no",
  "S-5003,FedEx,Rotterdam,Madrid,300.0,780.00,pending,2026-11-18,yes",
  "S-5004,DHL,Antwerp,Milan,45.2,150.75,delivered,2026-10-28,no",
  "S-5005,DB Schenker,Hamburg,Warsaw,900.0,1450.00,in transit,2026-11-12,yes",
  "S-5006,UPS,Rotterdam,Berlin,60.0,180.00,pending,2026-11-20,no",
]);

const goods = rulesOnTable([
  "sku,product,price,weight_kg",
  "C1,Decaf Beans 500g,9.50,0.5",
  "C2,Decaf Beans 1kg,17.00,1",
  "C3,Espresso Beans 500g,10.00,0.5",
  "C4,Hex Bolt 10mm,0.20,0.01",
  "C5,Sack 25kg,30,25",
]);

describe("a unit written against its number", () => {
  it("reads '250kg' as 250 kg, and a plural unit as its singular", () => {
    const heavy = { all: [{ column: "weight_kg", op: "gt", value: 250 }] };
    expect(shipments.operations("any shipment over 250kg costs 5% more")).toEqual([
      { filter: heavy, action: { type: "percent_increase", column: "cost", value: 5 } },
    ]);
    expect(shipments.operations("raise cost by 10 for shipments under 100kgs")).toEqual([
      {
        filter: { all: [{ column: "weight_kg", op: "lt", value: 100 }] },
        action: { type: "fixed_increase", column: "cost", value: 10 },
      },
    ]);
  });

  it("still finds values written with one ('Hex Bolt 10mm', 'Sack 25kg')", () => {
    const named = (value: string) => ({ all: [{ column: "product", op: "eq", value }] });
    expect(goods.operation("raise the price of Hex Bolt 10mm by 10%").filter).toEqual(
      named("Hex Bolt 10mm"),
    );
    expect(goods.operation("discount Decaf Beans 500g by 5%").filter).toEqual(
      named("Decaf Beans 500g"),
    );
    expect(goods.operation("set Sack 25kg price to 28").filter).toEqual(named("Sack 25kg"));
    expect(goods.operation("raise prices of everything over 1kg by 2%").filter).toEqual({
      all: [{ column: "weight_kg", op: "gt", value: 1 }],
    });
  });
});

const meters = rulesOnTable([
  "meter_id,customer,tariff,region,rate_per_kwh,standing_charge,smart_meter,price_cents",
  "MTR-001,Alice Brown,Standard,North,0.28,0.45,true,150",
  "MTR-002,Bob Green,Economy 7,South,0.22,0.50,false,120",
  "MTR-003,Carla White,Green Fix,North,0.31,0.40,true,99",
]);

describe("pence and cents", () => {
  it("reads pence as hundredths of the unit ('by 2p', '5 pence')", () => {
    expect(meters.operations("raise the unit rate on Standard by 2p")).toEqual([
      {
        filter: { all: [{ column: "tariff", op: "eq", value: "Standard" }] },
        action: { type: "fixed_increase", column: "rate_per_kwh", value: 0.02 },
      },
    ]);
    expect(meters.operation("lower the standing charge in the North by 5 pence").action).toEqual({
      type: "fixed_decrease",
      column: "standing_charge",
      value: 0.05,
    });
  });

  it("adds cents said as cents to a column that counts cents", () => {
    expect(meters.operation("raise price_cents by 5 cents").action).toEqual({
      type: "fixed_increase",
      column: "price_cents",
      value: 5,
    });
  });
});

describe("days said with a month's name", () => {
  const cut = { type: "percent_decrease", column: "cost", value: 5 };
  const from5To15 = {
    all: [
      { column: "ship_date", op: "gte", value: "2026-11-05" },
      { column: "ship_date", op: "lt", value: "2026-11-16" },
    ],
  };

  it("reads a span between two of them, either way round", () => {
    for (const span of [
      "between Nov 5 and Nov 15",
      "between 5 Nov and 15 Nov",
      "from November 5 to November 15",
    ]) {
      expect(shipments.operations(`cut cost by 5% for shipments shipped ${span}`)).toEqual([
        { filter: from5To15, action: cut },
      ]);
    }
  });

  it("reads ordinal days ('Nov 15th', 'after the 10th of November')", () => {
    expect(
      shipments.operation("cut cost by 5% for shipments shipped before Nov 15th").filter,
    ).toEqual({
      all: [{ column: "ship_date", op: "lt", value: "2026-11-15" }],
    });
    expect(
      shipments.operation("cut cost by 5% for shipments shipped after the 10th of November").filter,
    ).toEqual({ all: [{ column: "ship_date", op: "gte", value: "2026-11-11" }] });
  });
});

const shoes = rulesOnTable([
  "sku,model,size,price",
  "S1,Runner,10M,80",
  "S2,Runner,9W,80",
  "S3,Trail,11M,95",
]);

describe("millions", () => {
  it("reads '2M' and '$1.5m' as millions", () => {
    expect(shipments.operation("raise cost by 1% where cost is under 2M").filter).toEqual({
      all: [{ column: "cost", op: "lt", value: 2_000_000 }],
    });
    expect(shipments.operation("raise cost by 1% for shipments over $1.5m").filter).toEqual({
      all: [{ column: "cost", op: "gt", value: 1_500_000 }],
    });
  });

  it("leaves a value written so as the value ('size 10M')", () => {
    expect(shoes.operation("set price to 70 for size 10M").filter).toEqual({
      all: [{ column: "size", op: "eq", value: "10M" }],
    });
  });
});

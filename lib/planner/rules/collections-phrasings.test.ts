import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A museum's collection, a farm's animals and a marina's berths: tables the corpus lacks. */

const artworks = rulesOnTable([
  "accession_no,title,artist,year,medium,gallery,valuation_usd,on_display,insured,last_conserved",
  "A-001,Harbour at Dusk,M. Okafor,1921,oil,North,120000,true,true,2019-04-02",
  "A-002,Study of Hands,L. Brandt,1898,charcoal,East,45000,false,true,2015-09-18",
  "A-003,Blue Interior,M. Okafor,1934,oil,North,310000,true,true,2021-01-11",
  "A-004,Untitled No. 7,R. Salas,1967,acrylic,West,28000,true,false,2010-06-30",
  "A-005,The Orchard,H. Lind,1905,watercolour,East,16500,false,false,2008-03-14",
  "A-006,Night Ferry,R. Salas,1971,acrylic,West,52000,true,true,2018-11-05",
]);

const livestock = rulesOnTable([
  "tag,species,breed,weight_kg,pen,vaccinated,for_sale,price",
  "T100,sheep,Texel,72,P1,yes,no,0",
  "T101,sheep,Suffolk,95,P1,yes,yes,240",
  "T102,goat,Boer,58,P2,no,no,0",
  "T103,cow,Angus,540,P3,yes,yes,1450",
  "T105,goat,Nubian,66,P2,no,yes,180",
]);

const marina = rulesOnTable([
  "berth,boat_name,owner,length_m,monthly_fee,paid_up,dock,electric_hookup",
  "B01,Sea Breeze,J. Moreno,9.5,310,true,A,true",
  "B02,Kestrel,P. Walsh,12.0,420,false,A,true",
  "B03,Little Wren,A. Chen,6.8,220,true,B,false",
]);

const okafor = { column: "artist", op: "contains", value: "Okafor" };
const offDisplay = { type: "set_value", column: "on_display", value: false };

describe("what the rows are called, where no column names them", () => {
  it("reads 'works' and 'paintings' as the rows: 'take the Okafor works off display'", () => {
    for (const instruction of [
      "take the Okafor works off display",
      "take Okafor's paintings off display",
    ]) {
      expect(artworks.operations(instruction)).toEqual([
        { filter: { all: [okafor] }, action: offDisplay },
      ]);
    }
  });
});

describe("'by' a maker", () => {
  it("names the rows whose artist is, or has the word: 'everything by Okafor'", () => {
    expect(artworks.operations("take everything by Okafor off display")).toEqual([
      { filter: { all: [okafor] }, action: offDisplay },
    ]);
    expect(artworks.operations("insure all paintings by L. Brandt")).toEqual([
      {
        filter: { all: [{ column: "artist", op: "eq", value: "L. Brandt" }] },
        action: { type: "set_value", column: "insured", value: true },
      },
    ]);
  });

  it("still reads 'by' before a number as the amount", () => {
    expect(artworks.operations("raise valuations of works by Salas by 15%")).toEqual([
      {
        filter: { all: [{ column: "artist", op: "contains", value: "Salas" }] },
        action: { type: "percent_increase", column: "valuation_usd", value: 15 },
      },
    ]);
  });
});

describe("what a thing is worth", () => {
  it("compares a valuation said as 'valued' or 'worth'", () => {
    const insured = { type: "set_value", column: "insured", value: true };
    const over = { all: [{ column: "valuation_usd", op: "gt", value: 50000 }] };
    for (const instruction of [
      "insure works valued above 50000",
      "insure everything worth over 50000",
    ]) {
      expect(artworks.operations(instruction)).toEqual([{ filter: over, action: insured }]);
    }
  });
});

describe("rows that come off or go back on a yes/no phrase", () => {
  it("sets the phrase's value: 'comes off display', 'goes back on display'", () => {
    expect(artworks.operations("anything last conserved before 2012 comes off display")).toEqual([
      {
        filter: { all: [{ column: "last_conserved", op: "lt", value: "2012-01-01" }] },
        action: offDisplay,
      },
    ]);
    expect(artworks.operations("Night Ferry goes back on display")).toEqual([
      {
        filter: { all: [{ column: "title", op: "eq", value: "Night Ferry" }] },
        action: { type: "set_value", column: "on_display", value: true },
      },
    ]);
  });
});

describe("news of a yes/no column", () => {
  it("records it: 'T102 has been vaccinated', 'got vaccinated', 'the goats were vaccinated'", () => {
    const vaccinated = { type: "set_value", column: "vaccinated", value: true };
    const t102 = { all: [{ column: "tag", op: "eq", value: "T102" }] };
    expect(livestock.operations("T102 has been vaccinated")).toEqual([
      { filter: t102, action: vaccinated },
    ]);
    expect(livestock.operations("T102 got vaccinated")).toEqual([
      { filter: t102, action: vaccinated },
    ]);
    expect(livestock.operations("the goats were vaccinated")).toEqual([
      { filter: { all: [{ column: "species", op: "eq", value: "goat" }] }, action: vaccinated },
    ]);
    expect(marina.operations("Kestrel has paid up")).toEqual([
      {
        filter: { all: [{ column: "boat_name", op: "eq", value: "Kestrel" }] },
        action: { type: "set_value", column: "paid_up", value: true },
      },
    ]);
  });

  it("does not read 'was' before a state as news: 'T101 was for sale' may say it no longer is", () => {
    expect(livestock.refusal("T101 was for sale")).toContain("was");
  });
});

describe("keys written with dots: domain names and email addresses", () => {
  const domains = rulesOnTable([
    "domain,registrar,expires_on,auto_renew,status",
    "acme.com,Namecheap,2027-02-14,true,active",
    "acme.io,GoDaddy,2026-12-05,false,active",
    "acme-shop.com,Namecheap,2027-06-30,true,active",
    "oldbrand.net,GoDaddy,2026-11-30,false,parked",
  ]);
  const people = rulesOnTable([
    "email,team,active",
    "ana@acme.com,Web,true",
    "bo@acme.com,Ops,true",
  ]);

  it("names the row: 'park acme.io', 'for acme-shop.com', 'move ana@acme.com to Ops'", () => {
    expect(domains.operations("park acme.io")).toEqual([
      {
        filter: { all: [{ column: "domain", op: "eq", value: "acme.io" }] },
        action: { type: "set_value", column: "status", value: "parked" },
      },
    ]);
    expect(domains.operations("turn off auto renew for acme-shop.com")).toEqual([
      {
        filter: { all: [{ column: "domain", op: "eq", value: "acme-shop.com" }] },
        action: { type: "set_value", column: "auto_renew", value: false },
      },
    ]);
    expect(people.operations("move ana@acme.com to Ops")).toEqual([
      {
        filter: { all: [{ column: "email", op: "eq", value: "ana@acme.com" }] },
        action: { type: "set_value", column: "team", value: "Ops" },
      },
    ]);
  });
});

describe("a bakery's orders: how many, not the price", () => {
  const bakery = rulesOnTable([
    "order_no,customer,item,qty,unit_price,pickup_date,paid,status",
    "B-101,Hill Cafe,sourdough loaf,20,4.50,2026-11-29,true,confirmed",
    "B-103,Hill Cafe,croissant,60,1.20,2026-11-29,true,confirmed",
    "B-104,Green Deli,rye loaf,12,4.20,2026-12-01,false,pending",
    "B-106,Green Deli,croissant,40,1.20,2026-12-01,false,confirmed",
  ]);

  it("reads an amount said of one order as its quantity: 'bump … croissant order to 80'", () => {
    expect(bakery.operation("bump Hill Cafe's croissant order to 80").action).toEqual({
      type: "set_value",
      column: "qty",
      value: 80,
    });
    expect(bakery.operation("increase the B-104 order by 4").action).toEqual({
      type: "fixed_increase",
      column: "qty",
      value: 4,
    });
  });

  it("reads an amount of a thing the table names as a count: 'add 10 sourdough loaves to B-101'", () => {
    expect(bakery.operations("add 10 sourdough loaves to B-101")).toEqual([
      {
        filter: {
          all: [
            { column: "item", op: "eq", value: "sourdough loaf" },
            { column: "order_no", op: "eq", value: "B-101" },
          ],
        },
        action: { type: "fixed_increase", column: "qty", value: 10 },
      },
    ]);
  });

  it("still changes the price of the things named, and of orders by a percentage", () => {
    expect(bakery.operation("raise croissants by 10%").action).toMatchObject({
      column: "unit_price",
    });
    expect(bakery.operation("discount Hill Cafe orders by 10%").action).toMatchObject({
      column: "unit_price",
    });
  });
});

describe("a yes/no column named by a thing and what was done to it", () => {
  const trips = rulesOnTable([
    "trip_id,destination,seats_booked,price_per_person,deposit_paid,status",
    "TR-01,Edinburgh,41,189,true,open",
    "TR-03,Bath,12,149,false,open",
    "TR-04,Lake District,8,329,false,open",
  ]);
  const paid = { type: "set_value", column: "deposit_paid", value: true };
  const tr03 = { all: [{ column: "trip_id", op: "eq", value: "TR-03" }] };

  it("is said by the participle alone: 'mark TR-03 as paid', 'TR-03 has paid'", () => {
    for (const instruction of [
      "mark TR-03 as paid",
      "mark the deposit as paid for TR-03",
      "TR-03 has paid",
    ]) {
      expect(trips.operations(instruction)).toEqual([{ filter: tr03, action: paid }]);
    }
    expect(trips.operation("trips that are not paid go up 5%").filter).toEqual({
      none: [{ column: "deposit_paid", op: "eq", value: true }],
    });
  });

  it("leaves 'paid' before a comparison the pay it was: 'everyone paid under 50000'", () => {
    const staff = rulesOnTable([
      "emp_id,name,salary,bonus_paid",
      "E1,Ann,52000,true",
      "E2,Bo,48000,false",
    ]);
    expect(staff.operation("give everyone paid under 50000 a 5% raise").filter).toEqual({
      all: [{ column: "salary", op: "lt", value: 50000 }],
    });
  });
});

describe("a number the rows are said to be or have, as a statement", () => {
  const trips = rulesOnTable([
    "trip_id,destination,seats_booked,price_per_person",
    "TR-01,Edinburgh,41,189",
    "TR-03,Bath,12,149",
    "TR-04,York,8,99",
  ]);
  const bath = { all: [{ column: "destination", op: "eq", value: "Bath" }] };

  it("is the new value: 'Bath's price is 150', 'the Bath trip now has 20 seats booked'", () => {
    expect(trips.operations("Bath's price is 150")).toEqual([
      { filter: bath, action: { type: "set_value", column: "price_per_person", value: 150 } },
    ]);
    expect(trips.operations("the Bath trip now has 20 seats booked")).toEqual([
      { filter: bath, action: { type: "set_value", column: "seats_booked", value: 20 } },
    ]);
  });

  it("stays a condition before a change: 'if Bath's price is 150, raise it by 5%'", () => {
    expect(trips.operations("if Bath's price is 150, raise it by 5%")).toEqual([
      {
        filter: {
          all: [
            { column: "destination", op: "eq", value: "Bath" },
            { column: "price_per_person", op: "eq", value: 150 },
          ],
        },
        action: { type: "percent_increase", column: "price_per_person", value: 5 },
      },
    ]);
    expect(trips.refusal("Bath has 20 seats booked, so cut its price by 10")).toContain("has");
  });
});

describe("a count compared with another column, in a table with no price", () => {
  const bins = rulesOnTable([
    "bin,sku,description,on_hand,reorder_level,damaged",
    "A1-01,WID-100,steel widget,140,50,0",
    "A1-02,WID-200,brass widget,35,40,2",
    "B2-08,GAS-020,silicone gasket,260,300,0",
  ]);

  it("is what the amount changes: 'anything below its reorder level gets 100 more'", () => {
    const below = { all: [{ column: "on_hand", op: "lt", value: { column: "reorder_level" } }] };
    const more = { type: "fixed_increase", column: "on_hand", value: 100 };
    for (const instruction of [
      "anything below its reorder level gets 100 more",
      "add 100 to anything below its reorder level",
    ]) {
      expect(bins.operations(instruction)).toEqual([{ filter: below, action: more }]);
    }
  });
});

describe("two changes, the second by a yes/no column's own verb", () => {
  it("keeps the rows of each: 'raise every valuation by 5% and insure anything over 100000'", () => {
    expect(
      artworks.operations("raise every valuation by 5% and insure anything over 100000"),
    ).toEqual([
      { filter: {}, action: { type: "percent_increase", column: "valuation_usd", value: 5 } },
      {
        filter: { all: [{ column: "valuation_usd", op: "gt", value: 100000 }] },
        action: { type: "set_value", column: "insured", value: true },
      },
    ]);
  });
});

describe("a column of years that starts before 1900", () => {
  it("is what a bare year compares: 'insure works from before 1900'", () => {
    expect(artworks.operation("insure works from before 1900").filter).toEqual({
      all: [{ column: "year", op: "lt", value: 1900 }],
    });
  });
});

describe("units said in full", () => {
  it("name the column in that unit: 'over 600 kilos', 'over 10 metres'", () => {
    expect(livestock.operation("anything over 600 kilos is no longer for sale").filter).toEqual({
      all: [{ column: "weight_kg", op: "gt", value: 600 }],
    });
    expect(marina.operation("boats over 10 metres pay 5% more").filter).toEqual({
      all: [{ column: "length_m", op: "gt", value: 10 }],
    });
  });
});

describe("the day a yes/no phrase came about", () => {
  const shelter = rulesOnTable([
    "animal_id,name,species,intake_date,adopted",
    "S-01,Biscuit,dog,2026-08-14,false",
    "S-02,Mittens,cat,2026-10-02,false",
  ]);
  const tickets = rulesOnTable([
    "ticket_id,subject,closed,archived,closed_on",
    "T1,Login,true,false,2026-11-26",
    "T2,Billing,false,false,",
  ]);

  it("is not which rows: 'Biscuit was adopted today', 'mark Biscuit as adopted today'", () => {
    for (const instruction of ["Biscuit was adopted today", "mark Biscuit as adopted today"]) {
      expect(shelter.operations(instruction)).toEqual([
        {
          filter: { all: [{ column: "name", op: "eq", value: "Biscuit" }] },
          action: { type: "set_value", column: "adopted", value: true },
        },
      ]);
    }
  });

  it("still says which rows after a verb: 'archive tickets closed today'", () => {
    expect(tickets.operation("archive tickets closed today").filter).toMatchObject({
      all: expect.arrayContaining([{ column: "closed_on", op: "gte", value: "2026-11-26" }]),
    });
  });
});

describe("a kind of animal and a plain number", () => {
  const shelter = rulesOnTable([
    "animal_id,name,species,age_years,fee",
    "S-01,Biscuit,dog,3,150",
    "S-02,Mittens,cat,1,90",
    "S-05,Luna,cat,6,90",
  ]);

  it("compares the age: 'cats over 5 are 50 off'", () => {
    expect(shelter.operations("cats over 5 are 50 off")).toEqual([
      {
        filter: {
          all: [
            { column: "species", op: "eq", value: "cat" },
            { column: "age_years", op: "gt", value: 5 },
          ],
        },
        action: { type: "fixed_decrease", column: "fee", value: 50 },
      },
    ]);
  });

  it("compares the price when the number is money, or the table keeps no age", () => {
    expect(shelter.operation("cats over 50 dollars get 10% off").filter).toEqual({
      all: [
        { column: "species", op: "eq", value: "cat" },
        { column: "fee", op: "gt", value: 50 },
      ],
    });
    expect(livestock.operation("goats over 100 go up 5%").filter).toEqual({
      all: [
        { column: "species", op: "eq", value: "goat" },
        { column: "price", op: "gt", value: 100 },
      ],
    });
  });
});

describe("terse notes: the rows, then what they are or become", () => {
  const title = (value: string) => ({ all: [{ column: "title", op: "eq", value }] });

  it("sets it after a colon or an arrow: 'Night Ferry: off display', '-> East gallery'", () => {
    expect(artworks.operations("Night Ferry: off display")).toEqual([
      { filter: title("Night Ferry"), action: offDisplay },
    ]);
    expect(artworks.operations("Night Ferry -> East gallery")).toEqual([
      {
        filter: title("Night Ferry"),
        action: { type: "set_value", column: "gallery", value: "East" },
      },
    ]);
  });

  it("sets a number said of a column named before the rows: 'valuation of … = 130000'", () => {
    for (const instruction of [
      "valuation of Harbour at Dusk = 130000",
      "the valuation of Harbour at Dusk is 130000",
    ]) {
      expect(artworks.operations(instruction)).toEqual([
        {
          filter: title("Harbour at Dusk"),
          action: { type: "set_value", column: "valuation_usd", value: 130000 },
        },
      ]);
    }
    expect(artworks.refusal("if the valuation of Harbour at Dusk is 130000, insure it")).toContain(
      "no action",
    );
  });
});

describe("what the rows pay", () => {
  it("is the money column, said 'pays' as 'pay': 'Kestrel pays 5% more'", () => {
    expect(marina.operations("Kestrel pays 5% more")).toEqual([
      {
        filter: { all: [{ column: "boat_name", op: "eq", value: "Kestrel" }] },
        action: { type: "percent_increase", column: "monthly_fee", value: 5 },
      },
    ]);
  });
});

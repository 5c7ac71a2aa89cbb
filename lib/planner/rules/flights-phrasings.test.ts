import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** Flights, whose origin and destination columns hold the same airports. */
const flights = tableProfile([
  "flight,airline,origin,destination,seats_left,fare,status",
  "FL100,SkyJet,JFK,LAX,12,329.00,scheduled",
  "FL101,SkyJet,LAX,SFO,0,129.00,scheduled",
  "FL102,AirNova,JFK,MIA,40,199.00,delayed",
  "FL103,AirNova,ORD,JFK,3,259.00,cancelled",
]);

describe("flights", () => {
  const { operations, refusal } = rulesOn(flights, {
    knownValues: new Map([
      ["origin", ["JFK", "LAX", "JFK", "ORD"]],
      ["destination", ["LAX", "SFO", "MIA", "JFK"]],
      ["status", ["scheduled", "scheduled", "delayed", "cancelled"]],
    ]),
  });
  const fareUp = { type: "percent_increase", column: "fare", value: 8 };
  const from = (value: string) => ({ all: [{ column: "origin", op: "eq", value }] });
  const to = (value: string) => ({ all: [{ column: "destination", op: "eq", value }] });

  it("reads where flights go from the words before the airport", () => {
    // "to LAX" was read as the origin: the first column holding the value.
    expect(operations("raise fares of flights to LAX by 8%")).toEqual([
      { filter: to("LAX"), action: fareUp },
    ]);
    expect(operations("raise fares for flights arriving at JFK by 8%")).toEqual([
      { filter: to("JFK"), action: fareUp },
    ]);
    expect(operations("set status to delayed for flights to LAX")).toEqual([
      { filter: to("LAX"), action: { type: "set_value", column: "status", value: "delayed" } },
    ]);
  });

  it("reads where flights leave from the words before the airport", () => {
    expect(operations("raise fares out of JFK by 8%")).toEqual([
      { filter: from("JFK"), action: fareUp },
    ]);
    expect(operations("raise fares for flights departing JFK by 8%")).toEqual([
      { filter: from("JFK"), action: fareUp },
    ]);
  });

  it("still asks which column an airport said alone is", () => {
    expect(refusal("raise JFK fares by 8%")).toContain("origin and destination");
  });

  it("still sets where a flight goes", () => {
    expect(operations("set destination to LAX for FL102")).toEqual([
      {
        filter: { all: [{ column: "flight", op: "eq", value: "FL102" }] },
        action: { type: "set_value", column: "destination", value: "LAX" },
      },
    ]);
  });
});

const orders = tableProfile([
  "order_id,customer,country,total,shipping,status,express",
  "O-1001,Acme,US,250.00,12.50,pending,no",
  "O-1002,Bolt,DE,80.00,6.00,shipped,yes",
  "O-1003,Cora,FR,1200.00,0.00,pending,no",
  "O-1004,Dune,US,45.00,8.00,cancelled,no",
]);

describe("orders with country codes", () => {
  const { operations } = rulesOn(orders, {
    knownValues: new Map([
      ["customer", ["Acme", "Bolt", "Cora", "Dune"]],
      ["country", ["US", "DE", "FR", "US"]],
    ]),
  });
  const germany = { all: [{ column: "country", op: "eq", value: "DE" }] };

  it("reads a country's name or adjective as its code", () => {
    expect(operations("mark all orders from Germany as express")).toEqual([
      { filter: germany, action: { type: "set_value", column: "express", value: true } },
    ]);
    expect(operations("raise shipping on German orders by 2")).toEqual([
      { filter: germany, action: { type: "fixed_increase", column: "shipping", value: 2 } },
    ]);
  });

  it("reads '<column> cost' as the column where 'cost' alone names another", () => {
    // "names shipping and total": "cost" was the price role's word.
    expect(operations("add 5 to the shipping cost of express orders")).toEqual([
      {
        filter: { all: [{ column: "express", op: "eq", value: true }] },
        action: { type: "fixed_increase", column: "shipping", value: 5 },
      },
    ]);
  });
});

const clinic = tableProfile([
  "appointment_id,patient,doctor,department,duration_min,status,copay,insurance",
  "AP-01,John Doe,Dr. Smith,Cardiology,30,scheduled,25.00,Aetna",
  "AP-02,Mary Major,Dr. Patel,Dermatology,15,scheduled,40.00,Cigna",
  "AP-03,Sam Lee,Dr. Smith,Cardiology,45,cancelled,25.00,",
  "AP-04,Rita Ora,Dr. Gomez,Pediatrics,30,completed,10.00,Aetna",
]);

describe("a clinic's appointments", () => {
  const { operations } = rulesOn(clinic, {
    knownValues: new Map([
      ["patient", ["John Doe", "Mary Major", "Sam Lee", "Rita Ora"]],
      ["department", ["Cardiology", "Dermatology", "Cardiology", "Pediatrics"]],
      ["insurance", ["Aetna", "Cigna", "", "Aetna"]],
    ]),
  });
  const cardiology = { all: [{ column: "department", op: "eq", value: "Cardiology" }] };

  it("reads extend and shorten as steps, and minutes as a _min column", () => {
    expect(operations("extend cardiology appointments by 15 minutes")).toEqual([
      { filter: cardiology, action: { type: "fixed_increase", column: "duration_min", value: 15 } },
    ]);
    expect(operations("shorten cardiology appointments by 5 minutes")).toEqual([
      { filter: cardiology, action: { type: "fixed_decrease", column: "duration_min", value: 5 } },
    ]);
  });

  it("reads a text column named in the plural as the people the rows are about", () => {
    // "names copay and patient; change one column per action".
    expect(operations("waive the copay for patients without insurance")).toEqual([
      {
        filter: { all: [{ column: "insurance", op: "is_empty" }] },
        action: { type: "set_value", column: "copay", value: 0 },
      },
    ]);
  });
});

const events = tableProfile([
  "event_id,title,date,capacity,tickets_sold,status,sold_out",
  "EV1,Jazz Night,2026-12-05,200,180,on sale,no",
  "EV2,Indie Fest,2026-12-12,1000,1000,on sale,yes",
  "EV3,Comedy Hour,2026-11-30,150,40,on sale,no",
]);

describe("events with a sold_out column", () => {
  const { operations } = rulesOn(events, {
    knownValues: new Map([["title", ["Jazz Night", "Indie Fest", "Comedy Hour"]]]),
  });

  it("moves a row to a day in the table's one column of dates", () => {
    expect(operations("move Jazz Night to 2026-12-06")).toEqual([
      {
        filter: { all: [{ column: "title", op: "eq", value: "Jazz Night" }] },
        action: { type: "set_value", column: "date", value: "2026-12-06" },
      },
    ]);
  });

  it("sets a text column to words another column is named by", () => {
    // "names status and sold_out".
    expect(operations("set status to sold out where tickets sold equals capacity")).toEqual([
      {
        filter: { all: [{ column: "tickets_sold", op: "eq", value: { column: "capacity" } }] },
        action: { type: "set_value", column: "status", value: "sold out" },
      },
    ]);
    expect(operations("mark EV3 as sold out")).toEqual([
      {
        filter: { all: [{ column: "event_id", op: "eq", value: "EV3" }] },
        action: { type: "set_value", column: "sold_out", value: true },
      },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A library's books and a tool shed's rentals: things lent out that come back. */

const library = rulesOnTable([
  "barcode,title,author,genre,copies,on_loan,due_date,late_fee,branch",
  "B1001,The Quiet Shore,Ana Ribeiro,fiction,3,true,2026-11-20,0.00,Central",
  "B1002,Rivers of Salt,Tomas Weller,history,2,false,,0.00,North",
  "B1003,Small Engines,Priya Nair,technology,5,true,2026-12-02,0.00,Central",
  "B1004,Night Garden,Ana Ribeiro,fiction,1,true,2026-11-15,1.50,East",
  "B1005,Counting Stars,Lee Chen,science,4,false,,0.00,North",
  "B1006,Old Roads,Tomas Weller,history,2,true,2026-11-18,0.75,East",
]);

const tools = rulesOnTable([
  "tool_id,tool,member,rented,deposit",
  "T1,hedge trimmer,R. Osei,true,40",
  "T2,pressure washer,,false,60",
  "T3,tile cutter,K. Lund,true,35",
]);

const b1004 = { all: [{ column: "barcode", op: "eq", value: "B1004" }] };
const back = { type: "set_value", column: "on_loan", value: false };

describe("lending: out and back again", () => {
  it("reads 'returned' and 'check in' as no longer on loan", () => {
    for (const instruction of [
      "mark B1004 as returned",
      "B1004 was returned",
      "B1004 has been returned",
      "return B1004",
      "check in B1004",
    ]) {
      expect(library.operations(instruction)).toEqual([{ filter: b1004, action: back }]);
    }
  });

  it("reads 'check out' and 'lend' as on loan", () => {
    for (const instruction of ["check out B1004", "lend B1004"]) {
      expect(library.operations(instruction)).toEqual([
        { filter: b1004, action: { type: "set_value", column: "on_loan", value: true } },
      ]);
    }
  });

  it("names the rows by it too: 'returned books'", () => {
    expect(library.operations("set the late fee of returned books to 0")).toEqual([
      {
        filter: { all: [{ column: "on_loan", op: "eq", value: false }] },
        action: { type: "set_value", column: "late_fee", value: 0 },
      },
    ]);
  });

  it("reads a rented tool's return the same way", () => {
    expect(tools.operations("the hedge trimmer was returned")).toEqual([
      {
        filter: { all: [{ column: "tool", op: "eq", value: "hedge trimmer" }] },
        action: { type: "set_value", column: "rented", value: false },
      },
    ]);
  });
});

describe("what the rows get, with 'a'", () => {
  it("sets a number said as 'a 0.25 late fee' after 'get' or 'charge'", () => {
    expect(library.operations("books on loan get a 0.25 late fee")).toEqual([
      {
        filter: { all: [{ column: "on_loan", op: "eq", value: true }] },
        action: { type: "set_value", column: "late_fee", value: 0.25 },
      },
    ]);
    expect(library.operations("charge a 1.00 late fee on returned books")).toEqual([
      {
        filter: { all: [{ column: "on_loan", op: "eq", value: false }] },
        action: { type: "set_value", column: "late_fee", value: 1 },
      },
    ]);
  });

  it("does not read 'gets 2 copies' without 'a' as setting the count", () => {
    expect(library.refusal("Small Engines gets 2 copies")).toBeDefined();
  });
});

describe("receiving more", () => {
  it("adds what was received or got: 'we received 2 more copies of Small Engines'", () => {
    const smallEngines = { all: [{ column: "title", op: "eq", value: "Small Engines" }] };
    for (const instruction of [
      "we received 2 more copies of Small Engines",
      "we got 2 more copies of Small Engines",
      "Small Engines got 2 more copies",
    ]) {
      expect(library.operations(instruction)).toEqual([
        { filter: smallEngines, action: { type: "fixed_increase", column: "copies", value: 2 } },
      ]);
    }
  });

  it("still reads 'got' before a day as when a thing was done", () => {
    const plants = rulesOnTable([
      "plant,last_repotted,location",
      "pothos,2026-01-10,hall",
      "monstera,2025-11-02,office",
    ]);
    expect(plants.operations("the pothos got repotted yesterday")).toEqual([
      {
        filter: { all: [{ column: "plant", op: "eq", value: "pothos" }] },
        action: { type: "set_value", column: "last_repotted", value: "2026-11-25" },
      },
    ]);
  });
});

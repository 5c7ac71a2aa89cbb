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

/** A school's classes: how many seats, how many enrolled. */
const classes = rulesOnTable([
  "course,title,teacher,capacity,enrolled,credits",
  "C-101,Intro to Biology,Dr. Adams,30,28,4",
  "C-103,Algebra II,Mr. Chen,25,19,4",
  "C-105,Chemistry,Dr. Adams,24,24,4",
]);

describe("people joining or leaving the rows", () => {
  const titled = (value: string) => ({ all: [{ column: "title", op: "eq", value }] });

  it("steps the count of who has joined, not the capacity or the credits", () => {
    expect(classes.operations("three more students joined Algebra II")).toEqual([
      {
        filter: titled("Algebra II"),
        action: { type: "fixed_increase", column: "enrolled", value: 3 },
      },
    ]);
    expect(classes.operations("two students dropped Intro to Biology")).toEqual([
      {
        filter: titled("Intro to Biology"),
        action: { type: "fixed_decrease", column: "enrolled", value: 2 },
      },
    ]);
  });
});

/** A restaurant's bookings. */
const bookings = rulesOnTable([
  "booking,guest,party_size,date,table_no,status,deposit_paid",
  "R-501,Lopez,4,2026-12-05,12,confirmed,true",
  "R-503,Okafor,6,2026-12-06,15,confirmed,true",
  "R-505,Park,8,2026-12-07,20,pending,false",
]);

describe("people added to a booking, and what its guest did", () => {
  const booking = (key: string) => ({ all: [{ column: "booking", op: "eq", value: key }] });

  it("adds guests to the party's size, though guest is also a column", () => {
    expect(bookings.operations("add two guests to R-503")).toEqual([
      {
        filter: booking("R-503"),
        action: { type: "fixed_increase", column: "party_size", value: 2 },
      },
    ]);
    expect(bookings.operation("remove one guest from R-505").action).toEqual({
      type: "fixed_decrease",
      column: "party_size",
      value: 1,
    });
    expect(classes.operation("add 2 students to Chemistry").action).toEqual({
      type: "fixed_increase",
      column: "enrolled",
      value: 2,
    });
  });

  it("reads 'paid the deposit' for deposit_paid, as what the rows did", () => {
    expect(bookings.operations("Park paid the deposit")).toEqual([
      {
        filter: { all: [{ column: "guest", op: "eq", value: "Park" }] },
        action: { type: "set_value", column: "deposit_paid", value: true },
      },
    ]);
    expect(bookings.operation("confirm bookings that paid the deposit").filter).toEqual({
      all: [{ column: "deposit_paid", op: "eq", value: true }],
    });
  });

  it("does not read what the rows did after 'that' as the change", () => {
    // A guard: read as a statement, "paid the deposit" set deposit_paid on the confirmed
    // bookings. ("get confirmed" is no change the reading can make of it either.)
    expect(bookings.refusal("bookings that paid the deposit get confirmed")).toMatch(/\S/);
  });
});

/** A venue's events, counting the tickets sold. */
const events = rulesOnTable([
  "event_id,name,venue,capacity,tickets_sold,price",
  "EV-1,Jazz Night,Blue Room,200,180,35.00",
  "EV-3,Poetry Slam,Blue Room,120,40,15.00",
]);

describe("sales counted for what was sold", () => {
  it("adds to a count named for the sales, where selling stock takes from it", () => {
    for (const instruction of [
      "we sold 20 more tickets for Jazz Night",
      "Jazz Night sold 20 tickets",
    ]) {
      expect(events.operations(instruction)).toEqual([
        {
          filter: { all: [{ column: "name", op: "eq", value: "Jazz Night" }] },
          action: { type: "fixed_increase", column: "tickets_sold", value: 20 },
        },
      ]);
    }
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A charity's donors, a table the corpus lacks. */

const donors = rulesOnTable([
  "donor_id,name,city,total_given,last_gift_date,gift_count,tier,newsletter",
  "D100,Amelia Hart,Leeds,1250.00,2026-10-02,14,Gold,yes",
  "D101,Ben Okoro,York,80.00,2025-03-15,2,Bronze,no",
  "D102,Chloe Martin,Leeds,430.00,2026-06-30,6,Silver,yes",
  "D103,Dev Patel,Hull,5200.00,2026-11-01,31,Platinum,yes",
  "D105,Farid Khan,Leeds,990.00,2026-09-12,11,Silver,yes",
]);

const gold = { type: "set_value", column: "tier", value: "Gold" };

describe("what the rows did, said with the verb of a measure's name", () => {
  const gaveOver = { all: [{ column: "total_given", op: "gt", value: 1000 }] };

  it("reads 'gave', 'have given' and 'donated' as total_given", () => {
    for (const instruction of [
      "donors who gave over 1000 get Gold",
      "donors who have given over 1000 get Gold",
      "donors who donated more than 1000 get Gold",
    ]) {
      expect(donors.operations(instruction)).toEqual([{ filter: gaveOver, action: gold }]);
    }
  });

  it("reads 'have spent' as 'spent'", () => {
    const customers = rulesOnTable([
      "customer_id,name,total_spent,order_count,segment",
      "C1,Ann,1200.50,14,regular",
      "C2,Bob,80.00,2,new",
    ]);
    expect(customers.operation("customers who have spent over 1000 get segment regular")).toEqual(
      expect.objectContaining({
        filter: { all: [{ column: "total_spent", op: "gt", value: 1000 }] },
      }),
    );
  });
});

describe("what a count column counts", () => {
  it("names it, though another column's name has the word ('10 or more gifts')", () => {
    expect(donors.operations("donors with 10 or more gifts get Gold")).toEqual([
      { filter: { all: [{ column: "gift_count", op: "gte", value: 10 }] }, action: gold },
    ]);
  });
});

describe("rows that 'become' a value", () => {
  it("are set to it", () => {
    expect(donors.operations("anyone in York becomes Gold")).toEqual([
      { filter: { all: [{ column: "city", op: "eq", value: "York" }] }, action: gold },
    ]);
    expect(donors.operations("donors with 10 or more gifts become Gold")).toEqual([
      { filter: { all: [{ column: "gift_count", op: "gte", value: 10 }] }, action: gold },
    ]);
  });
});

describe("a yes/no column the rows join and leave like a list", () => {
  const york = { all: [{ column: "city", op: "eq", value: "York" }] };
  const ben = { all: [{ column: "name", op: "eq", value: "Ben Okoro" }] };
  const newsletter = (value: boolean) => ({ type: "set_value", column: "newsletter", value });

  it("is switched off by unsubscribing, removing, opting out and taking off", () => {
    expect(donors.operations("unsubscribe everyone in York from the newsletter")).toEqual([
      { filter: york, action: newsletter(false) },
    ]);
    for (const instruction of [
      "remove Ben from the newsletter",
      "opt Ben out of the newsletter",
      "take Ben off the newsletter",
    ]) {
      expect(donors.operations(instruction)).toEqual([{ filter: ben, action: newsletter(false) }]);
    }
  });

  it("is switched on by subscribing, signing up, adding and opting in", () => {
    for (const instruction of [
      "subscribe Ben to the newsletter",
      "sign Ben up for the newsletter",
      "add Ben to the newsletter",
      "opt Ben in to the newsletter",
    ]) {
      expect(donors.operations(instruction)).toEqual([{ filter: ben, action: newsletter(true) }]);
    }
  });

  it("keeps 'add' an amount's verb when the rows get a number", () => {
    expect(donors.operations("add 2 to the gift count of everyone in York")).toEqual([
      { filter: york, action: { type: "fixed_increase", column: "gift_count", value: 2 } },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * Tables the corpus does not have: a team's pay (a rating, a bonus in percent), a bookshop with
 * a rating column, and shipments and orders with dates, as people write about them: "a raise of
 * 1500", "rated below 3", "no bonus", "shipped in October".
 */
const staff = tableProfile([
  "employee_id,full_name,department,job_title,salary,hire_date,remote,performance_rating,bonus_pct",
  "E001,Ana Lima,Engineering,Senior Engineer,98000,2019-03-15,yes,4.5,8",
  "E002,Ben Ford,Sales,Account Executive,62000,2021-07-01,no,3.2,5",
  "E003,Cara Diaz,Engineering,Engineer,76000,2022-01-10,yes,3.9,5",
  "E004,Dev Patel,Marketing,Marketing Manager,81000,2018-11-20,no,4.8,10",
  "E005,Eve Chen,Sales,Sales Manager,88000,2017-05-05,yes,2.9,7",
  "E006,Finn Roe,Support,Support Agent,45000,2023-02-14,no,3.5,3",
]);
const staffValues = new Map([
  ["department", ["Engineering", "Sales", "Marketing", "Support"]],
  [
    "job_title",
    [
      "Senior Engineer",
      "Account Executive",
      "Engineer",
      "Marketing Manager",
      "Sales Manager",
      "Support Agent",
    ],
  ],
]);
const sales = { all: [{ column: "department", op: "eq", value: "Sales" }] };
const ratedBelow3 = { all: [{ column: "performance_rating", op: "lt", value: 3 }] };
const noBonus = { type: "set_value", column: "bonus_pct", value: 0 };

describe("a team's pay", () => {
  const { operation } = rulesOn(staff, { knownValues: staffValues });

  it("reads the noun before its amount: a raise of 1500, an increase of 4%", () => {
    // "a raise of 1500" was refused: the amount came after its noun.
    expect(operation("Give the support agents a raise of 1500")).toEqual({
      filter: { all: [{ column: "job_title", op: "eq", value: "Support Agent" }] },
      action: { type: "fixed_increase", column: "salary", value: 1500 },
    });
    expect(operation("give engineering an increase of 4%").action).toEqual({
      type: "percent_increase",
      column: "salary",
      value: 4,
    });
    expect(operation("apply a discount of 10% to the marketing salaries").action).toEqual({
      type: "percent_decrease",
      column: "salary",
      value: 10,
    });
  });

  it("reads rated as the rating column", () => {
    expect(operation("anyone rated below 3 gets no bonus")).toEqual({
      filter: ratedBelow3,
      action: noBonus,
    });
  });

  it("reads no bonus as a bonus of 0, and never as a floor", () => {
    // "no bonus … under 3" was read as "no bonus may be under 3": every bonus below 3 set to 3.
    expect(operation("no bonus for people rated under 3")).toEqual({
      filter: ratedBelow3,
      action: noBonus,
    });
    expect(operation("no bonus for sales")).toEqual({ filter: sales, action: noBonus });
    expect(operation("zero out the bonus for sales")).toEqual({ filter: sales, action: noBonus });
    expect(operation("give sales no bonus")).toEqual({ filter: sales, action: noBonus });
    // The floor it was mistaken for still reads as one.
    expect(operation("no salary should be under 50000")).toEqual({
      filter: { all: [{ column: "salary", op: "lt", value: 50000 }] },
      action: { type: "set_value", column: "salary", value: 50000 },
    });
  });

  it("reads a value given to a column as setting it", () => {
    expect(operation("give sales a bonus of 6")).toEqual({
      filter: sales,
      action: { type: "set_value", column: "bonus_pct", value: 6 },
    });
    expect(operation("give engineering a 10% bonus").action).toEqual({
      type: "set_value",
      column: "bonus_pct",
      value: 10,
    });
    // A raise is still a step of the salary.
    expect(operation("give sales a 5% raise").action).toEqual({
      type: "percent_increase",
      column: "salary",
      value: 5,
    });
  });

  it("says values, not prices, when the direction is missing", () => {
    const { refusal } = rulesOn(staff, { knownValues: staffValues });
    expect(refusal("give sales 500")).toContain("whether the values go up or down");
  });
});

describe("a rating column named rating", () => {
  it("reads rated as it", () => {
    const books = tableProfile([
      "isbn,title,genre,price,stock,rating,on_sale",
      "9780001,The Long Road,fiction,14.99,12,4.2,false",
      "9780002,Data at Scale,technology,49.00,3,4.7,false",
      "9780003,Cooking Simply,cookbook,24.50,0,3.9,true",
      "9780004,Night Garden,fiction,9.99,40,3.1,false",
    ]);
    const { operation } = rulesOn(books);
    expect(operation("books rated under 3 go 20% off")).toEqual({
      filter: { all: [{ column: "rating", op: "lt", value: 3 }] },
      action: { type: "percent_decrease", value: 20 },
    });
  });
});

describe("a month written without its year", () => {
  const shipments = tableProfile([
    "shipment_no,customer,carrier,shipping_cost,status,ship_date",
    "S-1001,Acme Ltd,DHL,45.00,delivered,2026-10-02",
    "S-1002,Bolt Inc,UPS,18.50,in transit,2026-11-20",
    "S-1003,Acme Ltd,DHL,80.00,pending,2026-11-24",
    "S-1004,Crane Co,FedEx,30.00,delayed,2026-11-10",
    "S-1005,Bolt Inc,UPS,9.90,delivered,2026-09-15",
  ]);
  const { operation, refusal } = rulesOn(shipments, {
    knownValues: new Map([["status", ["delivered", "in transit", "pending", "delayed"]]]),
  });
  const delivered = { type: "set_value", column: "status", value: "delivered" };

  it("takes the one year in which the table's dates have that month", () => {
    expect(operation("mark shipments from October as delivered")).toEqual({
      filter: {
        all: [
          { column: "ship_date", op: "gte", value: "2026-10-01" },
          { column: "ship_date", op: "lt", value: "2026-11-01" },
        ],
      },
      action: delivered,
    });
    // "shipped" names ship_date, with the consonant doubled as written.
    expect(operation("mark everything shipped in September as delivered").filter).toEqual({
      all: [
        { column: "ship_date", op: "gte", value: "2026-09-01" },
        { column: "ship_date", op: "lt", value: "2026-10-01" },
      ],
    });
    expect(operation("add 5 to the shipping cost of shipments since November 20").filter).toEqual({
      all: [{ column: "ship_date", op: "gte", value: "2026-11-20" }],
    });
    expect(operation("mark shipments sent before 1 November as delivered").filter).toEqual({
      all: [{ column: "ship_date", op: "lt", value: "2026-11-01" }],
    });
  });

  it("asks for the year when the dates have the month in several", () => {
    const orders = tableProfile([
      "order_id,customer,order_date,total,status",
      "O1,Ann,2025-10-03,120.00,open",
      "O2,Bob,2025-11-12,80.50,open",
      "O3,Cy,2026-10-20,45.00,open",
      "O4,Di,2026-02-01,300.00,closed",
    ]);
    const orderRules = rulesOn(orders);
    const result = orderRules.plan("close all orders from October");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unplaced).toEqual(["October"]);
    expect(result.suggestion).toContain("October 2026 or October 2025");
    // With its year it is read.
    expect(orderRules.operation("close all orders from October 2025").filter).toEqual({
      all: [
        { column: "order_date", op: "gte", value: "2025-10-01" },
        { column: "order_date", op: "lt", value: "2025-11-01" },
      ],
    });
  });

  it("does not read may, the verb, as May", () => {
    expect(refusal("prices may go up by 5%")).toContain("may");
  });
});

import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * A small hotel's rooms (a column named floor, room types one of which is "double", a capacity
 * named "sleeps") and a class's letter grades: tables the corpus does not have, in the words
 * people use for them.
 */
const rooms = tableProfile([
  "room,type,beds,sleeps,rate,status,floor",
  "101,single,1,1,89.00,available,1",
  "102,double,2,2,119.00,occupied,1",
  "103,double,2,2,119.00,maintenance,1",
  "201,suite,3,4,249.00,available,2",
  "202,suite,3,4,249.00,occupied,2",
  "203,single,1,1,95.00,available,2",
  "301,double,2,3,139.00,maintenance,3",
  "302,suite,4,6,329.00,available,3",
]);
const roomValues = new Map([
  ["type", ["single", "double", "suite"]],
  ["status", ["available", "occupied", "maintenance"]],
]);

describe("a hotel's rooms", () => {
  const { operation } = rulesOn(rooms, { knownValues: roomValues });
  const setStatus = (value: string) => ({ type: "set_value", column: "status", value });

  it("reads a column and its number after on, in or for as the rows, not 'floor' as a limit", () => {
    const floor3 = { all: [{ column: "floor", op: "eq", value: 3 }] };
    expect(operation("set status to maintenance for rooms on floor 3")).toEqual({
      filter: floor3,
      action: setStatus("maintenance"),
    });
    expect(operation("raise rates by 10 on floor 2").filter).toEqual({
      all: [{ column: "floor", op: "eq", value: 2 }],
    });
    // A number with "and above" after it is still a comparison.
    expect(operation("raise rates on floors 2 and above by 5%").filter).toEqual({
      all: [{ column: "floor", op: "gte", value: 2 }],
    });
  });

  it("reads a value ending the clause as the new one after make, mark or go to", () => {
    const room202 = { all: [{ column: "room", op: "eq", value: 202 }] };
    expect(operation("make room 202 available")).toEqual({
      filter: room202,
      action: setStatus("available"),
    });
    expect(operation("mark room 101 occupied").action).toEqual(setStatus("occupied"));
    // The rows may be named by a value of the same column.
    expect(operation("make available rooms occupied")).toEqual({
      filter: { all: [{ column: "status", op: "eq", value: "available" }] },
      action: setStatus("occupied"),
    });
    expect(operation("rooms on the 3rd floor go to maintenance")).toEqual({
      filter: { all: [{ column: "floor", op: "eq", value: 3 }] },
      action: setStatus("maintenance"),
    });
  });

  it("reads 'double' as a room type where the table has double rooms, and as a verb alone", () => {
    const doubles = { all: [{ column: "type", op: "eq", value: "double" }] };
    const tenPercent = { type: "percent_increase", column: "rate", value: 10 };
    expect(operation("raise the rate of double rooms by 10%")).toEqual({
      filter: doubles,
      action: tenPercent,
    });
    expect(operation("double rooms go up by 10%")).toEqual({ filter: doubles, action: tenPercent });
    expect(operation("double the rate of suites")).toEqual({
      filter: { all: [{ column: "type", op: "eq", value: "suite" }] },
      action: { type: "multiply", column: "rate", value: 2 },
    });
  });

  it("reads a capacity by its verb", () => {
    expect(operation("suites sleeping 4 go up by 20")).toEqual({
      filter: {
        all: [
          { column: "type", op: "eq", value: "suite" },
          { column: "sleeps", op: "eq", value: 4 },
        ],
      },
      action: { type: "fixed_increase", column: "rate", value: 20 },
    });
  });
});

const grades = tableProfile([
  "student_id,name,midterm,final,homework,grade",
  "S01,Ana,72,58,80,C",
  "S02,Ben,88,91,95,A",
  "S03,Chloe,55,61,70,D",
  "S04,Dev,64,59,66,B",
  "S05,Eli,93,97,99,A",
]);
const gradeValues = new Map([
  ["name", ["Ana", "Ben", "Chloe", "Dev", "Eli"]],
  ["grade", ["C", "A", "D", "B", "A"]],
]);

describe("a class's letter grades", () => {
  const { operation } = rulesOn(grades, { knownValues: gradeValues });
  const setGrade = (value: string) => ({ type: "set_value", column: "grade", value });

  it("reads what a student scored on a test, and the grade they get", () => {
    expect(operation("students who scored 58 on the final get a C")).toEqual({
      filter: { all: [{ column: "final", op: "eq", value: 58 }] },
      action: setGrade("C"),
    });
    expect(operation("students who got less than 60 on the final get a D")).toEqual({
      filter: { all: [{ column: "final", op: "lt", value: 60 }] },
      action: setGrade("D"),
    });
  });

  it("reads the grade given, with the rows before or after it", () => {
    expect(operation("give a B to students who scored over 85 on the midterm")).toEqual({
      filter: { all: [{ column: "midterm", op: "gt", value: 85 }] },
      action: setGrade("B"),
    });
    expect(operation("give Ana a B")).toEqual({
      filter: { all: [{ column: "name", op: "eq", value: "Ana" }] },
      action: setGrade("B"),
    });
  });
});

const campaigns = tableProfile([
  "campaign_id,channel,budget,spend,clicks,status",
  "C1,search,5000,5400,1200,active",
  "C2,social,3000,2100,800,active",
  "C3,email,1000,1300,400,paused",
  "C4,search,8000,7600,2500,active",
  "C5,display,2000,2600,300,active",
]);
const listings = tableProfile([
  "listing_id,city,price,bedrooms,days_on_market,status",
  "L1,Austin,450000,3,75,active",
  "L2,Denver,380000,2,30,active",
  "L3,Austin,520000,4,90,pending",
  "L4,Boise,310000,3,12,active",
]);

describe("times and the days a listing has been on the market", () => {
  const { operation, refusal } = rulesOn(campaigns, {
    knownValues: new Map([["channel", ["search", "social", "email", "display"]]]),
  });
  const search = { all: [{ column: "channel", op: "eq", value: "search" }] };

  it("reads a number of times up as a multiplication, written 1.5x, 2 x or 2 times", () => {
    const times = (value: number) => ({ type: "multiply", column: "budget", value });
    expect(operation("raise budgets by 1.5x for search campaigns")).toEqual({
      filter: search,
      action: times(1.5),
    });
    expect(operation("increase search budgets 2x")).toEqual({ filter: search, action: times(2) });
    expect(operation("search budgets go up 2 times")).toEqual({ filter: search, action: times(2) });
    // Times down is not a multiplication anyone can be sure of.
    expect(refusal("cut search budgets by 2x")).toMatch(/“x”/);
  });

  it("reads 'on the market for more than 60 days' as one condition on the days column", () => {
    const { operation: onListings } = rulesOn(listings);
    expect(onListings("cut prices by 5% for listings on the market for more than 60 days")).toEqual(
      {
        filter: { all: [{ column: "days_on_market", op: "gt", value: 60 }] },
        action: { type: "percent_decrease", value: 5 },
      },
    );
  });
});

const staff = tableProfile([
  "emp_id,first_name,last_name,department,title,salary,hire_date,location,remote,manager",
  "E001,Ana,Lima,Engineering,Senior Engineer,98000,2019-03-01,Lisbon,true,Rui Costa",
  "E002,Ben,Okafor,Sales,Account Executive,62000,2021-07-15,London,false,Sara Kim",
  "E003,Chloe,Martin,Engineering,Engineer,78000,2022-01-10,Lisbon,true,Rui Costa",
  "E004,Dev,Patel,Marketing,Marketing Manager,71000,2018-11-05,London,false,Sara Kim",
  "E005,Eli,Brown,Sales,Sales Manager,85000,2017-05-20,New York,false,Sara Kim",
  "E006,Fay,Chen,Support,Support Agent,41000,2023-02-01,Lisbon,true,Tom Reed",
]);
const staffValues = new Map([
  [
    "title",
    [
      "Senior Engineer",
      "Account Executive",
      "Engineer",
      "Marketing Manager",
      "Sales Manager",
      "Support Agent",
    ],
  ],
  ["manager", ["Rui Costa", "Sara Kim", "Tom Reed"]],
  ["department", ["Engineering", "Sales", "Marketing", "Support"]],
]);

describe("a team's managers", () => {
  const { operation } = rulesOn(staff, { knownValues: staffValues });

  it("reads whom people report to as the manager column's value", () => {
    expect(operation("people reporting to Sara Kim get a 4% raise")).toEqual({
      filter: { all: [{ column: "manager", op: "eq", value: "Sara Kim" }] },
      action: { type: "percent_increase", column: "salary", value: 4 },
    });
  });

  it("reads a raise by its payroll name, and a step to a number said after the rows", () => {
    const twoPercent = { type: "percent_increase", column: "salary", value: 2 };
    expect(operation("give everyone a 2% cost of living adjustment")).toEqual({
      filter: {},
      action: twoPercent,
    });
    // "up to 50000" after "go" is where the salaries go, not a limit on the rows.
    expect(operation("salaries below 50000 go up to 50000")).toEqual({
      filter: { all: [{ column: "salary", op: "lt", value: 50000 }] },
      action: { type: "set_value", column: "salary", value: 50000 },
    });
  });

  it("reads 'managers' as the people whose title says so, not as every row", () => {
    // The manager column was dropped as a column the raise had no use for, and everyone got it.
    const managers = { all: [{ column: "title", op: "contains", value: "Manager" }] };
    expect(operation("increase the salary of all managers by 6%").filter).toEqual(managers);
    expect(operation("give managers a 3% raise").filter).toEqual(managers);
  });
});

const bakery = tableProfile(
  [
    "item;category;price;stock;allergens;active",
    "Croissant;pastry;1,80;40;gluten, dairy;yes",
    "Baguette;bread;1,20;60;gluten;yes",
    "Sourdough Loaf;bread;4,50;15;gluten;yes",
    "Cheesecake Slice;cake;3,90;12;dairy, egg;yes",
    "Brownie;cake;2,50;0;egg, nuts;no",
    "Almond Croissant;pastry;2,40;25;gluten, dairy, nuts;yes",
  ],
  ";",
);
const bakeryValues = new Map([
  ["category", ["pastry", "bread", "cake"]],
  ["allergens", ["gluten, dairy", "gluten", "dairy, egg", "egg, nuts", "gluten, dairy, nuts"]],
]);

describe("a bakery whose keys are the items' names", () => {
  const { operation } = rulesOn(bakery, {
    knownValues: bakeryValues,
    knownKeys: new Set([
      "Croissant",
      "Baguette",
      "Sourdough Loaf",
      "Cheesecake Slice",
      "Brownie",
      "Almond Croissant",
    ]),
  });

  it("reads a word for rows as one, not as a key it does not know", () => {
    // "products" has the shape of "Baguette" (eight letters) and was refused as an unknown item.
    expect(operation("raise prices of all products by 2%")).toEqual({
      filter: {},
      action: { type: "percent_increase", value: 2 },
    });
  });

  it("reads the plural of a key's word as the rows whose key has it", () => {
    expect(operation("put croissants up by 15%").filter).toEqual({
      all: [{ column: "item", op: "contains", value: "Croissant" }],
    });
  });

  it("reads what items contain", () => {
    expect(operation("lower prices of items containing dairy by 0,20")).toEqual({
      filter: { all: [{ column: "allergens", op: "contains", value: "dairy" }] },
      action: { type: "fixed_decrease", value: 0.2 },
    });
  });
});

const orders = tableProfile([
  "order_id,customer,status,total,shipping,country,order_date,priority",
  "1001,Acme Corp,pending,250.00,15.00,US,2026-10-02,normal",
  "1002,Globex,shipped,1200.50,0.00,DE,2026-10-05,high",
  "1003,Initech,pending,75.25,9.99,US,2026-10-11,normal",
  "1004,Umbrella,cancelled,430.00,20.00,FR,2026-10-15,low",
  "1005,Acme Corp,delivered,99.00,5.00,US,2026-10-20,normal",
  "1006,Hooli,pending,640.00,0.00,UK,2026-11-01,high",
]);
const orderValues = new Map([
  ["customer", ["Acme Corp", "Globex", "Initech", "Umbrella", "Hooli"]],
  ["status", ["pending", "shipped", "cancelled", "delivered"]],
  ["priority", ["normal", "high", "low"]],
]);

describe("a shop's orders", () => {
  const { operation } = rulesOn(orders, { knownValues: orderValues });
  const freeShipping = { type: "set_value", column: "shipping", value: 0 };

  it("reads an order's total as what 'orders over 500' compares", () => {
    expect(operation("set priority to high for orders over 1000").filter).toEqual({
      all: [{ column: "total", op: "gt", value: 1000 }],
    });
  });

  it("reads waived and free shipping as none", () => {
    expect(operation("waive shipping for orders over 500")).toEqual({
      filter: { all: [{ column: "total", op: "gt", value: 500 }] },
      action: freeShipping,
    });
    expect(operation("free shipping on orders above 200").action).toEqual(freeShipping);
    // "to Acme Corp" says who gets it, not a second new value.
    expect(operation("give free shipping to Acme Corp")).toEqual({
      filter: { all: [{ column: "customer", op: "eq", value: "Acme Corp" }] },
      action: freeShipping,
    });
  });

  it("reads what the rows should be, after them", () => {
    expect(
      operation("orders placed before November that are still pending should be cancelled"),
    ).toEqual({
      filter: {
        all: [
          { column: "status", op: "eq", value: "pending" },
          { column: "order_date", op: "lt", value: "2026-11-01" },
        ],
      },
      action: { type: "set_value", column: "status", value: "cancelled" },
    });
  });
});

const tickets = tableProfile([
  "ticket_id,subject,customer,status,priority,assignee,opened,sla_hours",
  "T-101,Login fails,Acme,open,high,amy,2026-11-01,24",
  "T-102,Invoice wrong,Globex,open,low,,2026-11-03,72",
  "T-103,App crash,Acme,in progress,urgent,raj,2026-11-10,8",
  "T-104,Password reset,Initech,closed,low,li,2026-10-20,72",
  "T-105,Slow dashboard,Hooli,open,medium,,2026-11-15,48",
]);

describe("a help desk's tickets", () => {
  const { operation } = rulesOn(tickets, {
    knownValues: new Map([
      ["assignee", ["amy", "raj", "li"]],
      ["priority", ["high", "low", "urgent", "medium"]],
      ["customer", ["Acme", "Globex", "Initech", "Hooli"]],
    ]),
  });

  it("reads a two-letter name of a column of few values", () => {
    expect(operation("assign all unassigned tickets to li")).toEqual({
      filter: { all: [{ column: "assignee", op: "is_empty" }] },
      action: { type: "set_value", column: "assignee", value: "li" },
    });
  });

  it("reads escalating to a priority as setting it", () => {
    expect(operation("escalate low priority tickets opened before November to medium")).toEqual({
      filter: {
        all: [
          { column: "priority", op: "eq", value: "low" },
          { column: "opened", op: "lt", value: "2026-11-01" },
        ],
      },
      action: { type: "set_value", column: "priority", value: "medium" },
    });
  });
});

const subscriptions = tableProfile([
  "customer_id,name,plan,monthly_fee,seats,status,renewal_date,auto_renew,region",
  "C-01,Northwind,basic,29,5,active,2027-01-10,true,EMEA",
  "C-02,Contoso,pro,99,25,active,2026-12-01,false,NA",
  "C-03,Fabrikam,enterprise,499,200,paused,2027-03-15,true,APAC",
  "C-04,Tailspin,pro,99,30,active,2026-12-20,true,NA",
  "C-05,Litware,basic,29,3,cancelled,2026-11-30,false,EMEA",
]);

describe("subscriptions renewing soon", () => {
  const fee = (expression: string) => ({
    type: "set_expression",
    column: "monthly_fee",
    expression,
  });
  const { operation } = rulesOn(subscriptions, {
    knownValues: new Map([
      ["status", ["active", "paused", "cancelled"]],
      ["region", ["EMEA", "NA", "APAC"]],
      ["plan", ["basic", "pro", "enterprise"]],
    ]),
  });

  it("reads the next days from today, both ends included, and a flag switched on after it", () => {
    // Today is 2026-11-26 in these tests: the 30 days run to 2026-12-26.
    expect(operation("customers renewing in the next 30 days get auto renew switched on")).toEqual({
      filter: {
        all: [
          { column: "renewal_date", op: "gte", value: "2026-11-26" },
          { column: "renewal_date", op: "lt", value: "2026-12-27" },
        ],
      },
      action: { type: "set_value", column: "auto_renew", value: true },
    });
    expect(operation("turn auto renew off for EMEA").action).toEqual({
      type: "set_value",
      column: "auto_renew",
      value: false,
    });
  });

  it("reads rounding a column by itself as a formula of it", () => {
    expect(operation("round fees to the nearest 10").action).toEqual(
      fee("round(monthly_fee / 10) * 10"),
    );
    expect(operation("round all fees up to whole dollars").action).toEqual(
      fee("ceil(monthly_fee)"),
    );
    expect(operation("round the monthly fee to 1 decimal").action).toEqual(
      fee("round(monthly_fee, 1)"),
    );
    expect(operation("round fees for pro plans down to the nearest 5")).toEqual({
      filter: { all: [{ column: "plan", op: "eq", value: "pro" }] },
      action: fee("floor(monthly_fee / 5) * 5"),
    });
    // Cents are hundredths: the nearest 50 cents is the nearest 0.5, the nearest cent 2 places.
    expect(operation("round fees to the nearest 50 cents").action).toEqual(
      fee("round(monthly_fee / 0.5) * 0.5"),
    );
    expect(operation("round fees up to the nearest 5 cents").action).toEqual(
      fee("ceil(monthly_fee / 0.05) * 0.05"),
    );
    expect(operation("round all fees to the nearest cent").action).toEqual(
      fee("round(monthly_fee, 2)"),
    );
  });

  it("rounds to a step written '.50', and up to 'the next' one", () => {
    expect(operation("round all fees up to the nearest .50").action).toEqual(
      fee("ceil(monthly_fee / 0.5) * 0.5"),
    );
    // "The next dollar" is the one above, unless said otherwise.
    expect(operation("round fees to the next dollar").action).toEqual(fee("ceil(monthly_fee)"));
    expect(operation("round fees down to the next dollar").action).toEqual(
      fee("floor(monthly_fee)"),
    );
    expect(operation("round fees up to the next 50 cents").action).toEqual(
      fee("ceil(monthly_fee / 0.5) * 0.5"),
    );
  });

  it("reads 'have been' as a filler", () => {
    expect(operation("cancel customers that have been paused")).toEqual({
      filter: { all: [{ column: "status", op: "eq", value: "paused" }] },
      action: { type: "set_value", column: "status", value: "cancelled" },
    });
  });
});

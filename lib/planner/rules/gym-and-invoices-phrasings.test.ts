import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/**
 * Tables the corpus does not have: a gym's members, with a count of visits whose name carries
 * its period ("visits_this_month") beside a date column (and a shop's count of sales the same
 * way), and a firm's invoices, whose statuses include "void" and "sent".
 */
const members = tableProfile([
  "member_id,name,plan,monthly_fee,active,joined,visits_this_month,city",
  "G100,Ana Lopez,basic,29.99,true,2024-02-11,12,Madrid",
  "G101,Ben Cho,premium,59.99,true,2023-06-30,3,Seoul",
  "G102,Chris Day,basic,29.99,false,2022-01-15,0,Leeds",
  "G103,Dana Fox,family,89.00,true,2025-08-01,20,Leeds",
  "G104,Eli Park,premium,59.99,true,2021-11-11,1,Madrid",
  "G105,Fay Wu,student,19.99,true,2026-09-09,8,Seoul",
]);

// The values the app reads from a small table's text columns (too few rows for a profile's list).
const memberValues = new Map([
  ["plan", ["basic", "premium", "family", "student"]],
  ["city", ["Madrid", "Seoul", "Leeds"]],
]);

describe("a gym's members", () => {
  const { operation } = rulesOn(members, { knownValues: memberValues });
  const visits = (op: string, value: number) => ({
    all: [{ column: "visits_this_month", op, value }],
  });

  it("reads a count by its verb, with its times", () => {
    expect(operation("cut fees by 10% for members who visited more than 15 times")).toEqual({
      filter: visits("gt", 15),
      action: { type: "percent_decrease", column: "monthly_fee", value: 10 },
    });
    expect(operation("upgrade members who visited 20 times to premium").filter).toEqual(
      visits("eq", 20),
    );
    expect(operation("deactivate members who never visited")).toEqual({
      filter: visits("eq", 0),
      action: { type: "set_value", column: "active", value: false },
    });
  });

  it("reads the period a count's name carries as the count's, not the rows' dates", () => {
    // "this month" read as joined in November added a date condition no one asked for.
    expect(operation("deactivate members who visited 0 times this month").filter).toEqual(
      visits("eq", 0),
    );
    expect(
      operation("cut fees by 10% for members who visited more than 15 times this month").filter,
    ).toEqual(visits("gt", 15));
    const shop = tableProfile([
      "sku,name,price,sales_this_month,listed_on",
      "P1,Lamp,20.00,3,2025-01-02",
      "P2,Desk,120.00,12,2024-06-10",
      "P3,Chair,45.00,0,2026-11-03",
    ]);
    expect(
      rulesOn(shop).operation("discount products that sold fewer than 5 this month by 10%").filter,
    ).toEqual({ all: [{ column: "sales_this_month", op: "lt", value: 5 }] });
    // Where no column's name carries it, "this month" still names the rows' dates.
    expect(operation("give members who joined this month a 5 dollar discount").filter).toEqual({
      all: [
        { column: "joined", op: "gte", value: "2026-11-01" },
        { column: "joined", op: "lt", value: "2026-12-01" },
      ],
    });
  });
});

describe("a firm's invoices", () => {
  const invoices = tableProfile([
    "invoice_no,client,amount,currency,status,issued,due",
    "INV-001,Acme Ltd,1200.00,EUR,paid,2026-09-01,2026-10-01",
    "INV-002,Bolt GmbH,850.50,EUR,sent,2026-10-05,2026-11-04",
    "INV-003,Acme Ltd,300.00,EUR,draft,2026-11-20,2026-12-20",
    "INV-004,Cora SA,4300.00,USD,sent,2026-10-15,2026-11-14",
    "INV-005,Dune BV,99.99,EUR,void,2026-08-01,2026-08-31",
  ]);
  const values = new Map([
    ["status", ["paid", "sent", "draft", "void"]],
    ["client", ["Acme Ltd", "Bolt GmbH", "Cora SA", "Dune BV"]],
  ]);
  const { operation, refusal } = rulesOn(invoices, { knownValues: values });
  const status = (value: string) => ({ type: "set_value", column: "status", value });

  it("reads a value that is its own imperative, opening the sentence, as the new value", () => {
    expect(operation("void all draft invoices for Acme Ltd")).toEqual({
      filter: {
        all: [
          { column: "status", op: "eq", value: "draft" },
          { column: "client", op: "eq", value: "Acme Ltd" },
        ],
      },
      action: status("void"),
    });
    expect(operation("void INV-005").action).toEqual(status("void"));
    // Without rows named besides, "void invoices" is only the void ones: nothing to do.
    expect(refusal("void invoices")).toMatch(/not what to do/);
  });

  it("reads an irregular past participle among the values as its verb's outcome", () => {
    expect(operation("send all drafts")).toEqual({
      filter: { all: [{ column: "status", op: "eq", value: "draft" }] },
      action: status("sent"),
    });
  });
});

import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** An IT team's laptops, a table the corpus lacks. */

const assets = rulesOnTable([
  "asset_tag,model,owner,department,purchased,warranty_until,status,cost,os",
  "IT-001,ThinkPad X1,Grace Hall,Finance,2023-02-10,2026-02-10,in use,1450.00,Windows",
  "IT-002,MacBook Air,Ivan Petrov,Design,2024-06-01,2027-06-01,in use,1199.00,macOS",
  "IT-003,ThinkPad T14,Nora Blake,Finance,2022-09-15,2025-09-15,repair,1100.00,Windows",
  "IT-004,Dell XPS 13,Ravi Shah,Engineering,2025-01-20,2028-01-20,in use,1350.00,Linux",
  "IT-005,MacBook Pro,Ivan Petrov,Design,2021-11-30,2024-11-30,retired,2399.00,macOS",
]);

const gadgets = rulesOnTable([
  "sku,name,category,price",
  "L1,Air 13,Laptops,999",
  "P1,Pixel,Phones,699",
]);

describe("laptops, devices and computers", () => {
  const retire = { type: "set_value", column: "status", value: "retired" };
  const before2023 = { all: [{ column: "purchased", op: "lt", value: "2023-01-01" }] };

  it("are words for the rows, and 'bought' is when they were purchased", () => {
    expect(assets.operations("laptops bought before 2023 are retired")).toEqual([
      { filter: before2023, action: retire },
    ]);
    expect(assets.operations("all Finance laptops move to Linux")).toEqual([
      {
        filter: { all: [{ column: "department", op: "eq", value: "Finance" }] },
        action: { type: "set_value", column: "os", value: "Linux" },
      },
    ]);
  });

  it("stay a value where the table has one ('raise laptops by 5%' beside a Laptops category)", () => {
    expect(gadgets.operation("raise laptops by 5%").filter).toEqual({ categories: ["Laptops"] });
  });
});

describe("an end date passed", () => {
  const expired = { all: [{ column: "warranty_until", op: "lt", value: "2026-11-26" }] };
  const retire = { type: "set_value", column: "status", value: "retired" };

  it("reads 'has expired', 'ended' and 'an expired warranty' as before today", () => {
    for (const instruction of [
      "retire every laptop whose warranty has expired",
      "retire every laptop whose warranty ended",
      "retire laptops with an expired warranty",
    ]) {
      expect(assets.operations(instruction)).toEqual([{ filter: expired, action: retire }]);
    }
  });

  it("leaves 'expired' to a value the table holds", () => {
    const members = rulesOnTable([
      "id,member,plan,end_date,status",
      "M1,Al,gold,2026-01-01,active",
      "M2,Bo,silver,2025-05-01,expired",
    ]);
    expect(members.operation("set expired members to active").filter).toEqual({
      all: [{ column: "status", op: "eq", value: "expired" }],
    });
  });
});

import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { orderRows, rowCells } from "./table-query";

const table = parseCsv(
  new TextEncoder().encode(
    'sku,name,price\nA3,Yoga mat,19.99\nA1,"Kettlebell, 8kg",5\nA2,Mat cleaner,\nA4,Band,100\n',
  ),
);
const types = ["text", "text", "number"] as const;
const keys = (rows: Int32Array) => rowCells(table, rows).map((cells) => cells[0]);

describe("orderRows", () => {
  it("keeps file order without a query", () => {
    expect(keys(orderRows(table, types, {}))).toEqual(["A3", "A1", "A2", "A4"]);
  });

  it("sorts numbers numerically, empty cells last in both directions", () => {
    const asc = orderRows(table, types, { sort: { column: 2, direction: "asc" } });
    expect(keys(asc)).toEqual(["A1", "A3", "A4", "A2"]);
    const desc = orderRows(table, types, { sort: { column: 2, direction: "desc" } });
    expect(keys(desc)).toEqual(["A4", "A3", "A1", "A2"]);
  });

  it("sorts text by code point", () => {
    const rows = orderRows(table, types, { sort: { column: 0, direction: "desc" } });
    expect(keys(rows)).toEqual(["A4", "A3", "A2", "A1"]);
  });

  it("filters case-insensitively in any column or in one", () => {
    expect(keys(orderRows(table, types, { filter: { text: "MAT" } }))).toEqual(["A3", "A2"]);
    expect(keys(orderRows(table, types, { filter: { text: "a1", column: 1 } }))).toEqual([]);
    expect(keys(orderRows(table, types, { filter: { text: "a1", column: 0 } }))).toEqual(["A1"]);
  });

  it("filters then sorts", () => {
    const rows = orderRows(table, types, {
      filter: { text: "mat" },
      sort: { column: 0, direction: "asc" },
    });
    expect(keys(rows)).toEqual(["A2", "A3"]);
  });

  it("returns quoted cells unquoted", () => {
    expect(rowCells(table, [1])[0][1]).toBe("Kettlebell, 8kg");
  });
});

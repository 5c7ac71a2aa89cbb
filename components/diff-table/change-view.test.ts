import { describe, expect, it } from "vitest";
import { type ChangeRecord, encodeChanges, rowKeyOf } from "@/lib/diff/change-columns";
import { ChangeIndex, filterChanges, groupRows, netCellChanges, sortChanges } from "./change-view";

function change(
  operationId: string,
  rowKey: string,
  column: string,
  before: string,
  after: string,
): ChangeRecord {
  return { operationId, rowKey, column, before, after };
}

const records = [
  change("op_01", "SKU-10", "price", "29.99", "32.99"),
  change("op_01", "SKU-9", "price", "10.00", "9.50"),
  change("op_02", "SKU-10", "category", "Yoga", "Fitness"),
  change("op_02", "SKU-100", "price", "0", "1.5"),
  change("op_01", "sku-2", "price", "n/a", "4.00"),
  change("op_03", "SKU-10", "price", "32.99", "30.00"),
];
const index = new ChangeIndex(encodeChanges(records));
const all = filterChanges(index, {});

function keys(indices: Uint32Array): string[] {
  return [...indices].map((at) => rowKeyOf(index.changes, at));
}

describe("filterChanges", () => {
  it("returns every index without a filter", () => {
    expect([...all]).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("filters by operation, column and text together", () => {
    expect([...filterChanges(index, { operation: "op_01" })]).toEqual([0, 1, 4]);
    expect([...filterChanges(index, { column: "category" })]).toEqual([2]);
    expect([...filterChanges(index, { operation: "op_01", column: "price" })]).toEqual([0, 1, 4]);
    expect([...filterChanges(index, { operation: "op_09" })]).toEqual([]);
  });

  it("matches text case-insensitively in row key, before and after", () => {
    expect([...filterChanges(index, { text: "sku-1" })]).toEqual([0, 2, 3, 5]);
    expect([...filterChanges(index, { text: "FITNESS" })]).toEqual([2]);
    expect([...filterChanges(index, { text: "n/a" })]).toEqual([4]);
    expect([...filterChanges(index, { text: "  " })]).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...filterChanges(index, { text: "9.5", operation: "op_02" })]).toEqual([]);
  });

  it("matches numbers as the table shows them, where the file writes them with a comma", () => {
    const styles = { price: { decimalComma: true as const } };
    const shown = new ChangeIndex({ ...encodeChanges(records), styles });
    expect([...filterChanges(shown, { text: "9,50" })]).toEqual([1]);
    expect([...filterChanges(shown, { text: "9.50" })]).toEqual([]);
    // Text columns are searched as they are.
    expect([...filterChanges(shown, { text: "yoga" })]).toEqual([2]);
  });
});

describe("sortChanges", () => {
  it("sorts row keys in natural order, case-insensitively", () => {
    const sorted = sortChanges(index, all, { id: "rowKey", desc: false });
    expect(keys(sorted)).toEqual(["sku-2", "SKU-9", "SKU-10", "SKU-10", "SKU-10", "SKU-100"]);
    // ties keep change-set order in both directions
    expect([...sorted].slice(1, 5)).toEqual([1, 0, 2, 5]);
    expect([...sortChanges(index, all, { id: "rowKey", desc: true })]).toEqual([3, 0, 2, 5, 1, 4]);
  });

  it("sorts by operation in plan order and by column name", () => {
    expect([...sortChanges(index, all, { id: "operation", desc: true })]).toEqual([
      5, 2, 3, 0, 1, 4,
    ]);
    expect([...sortChanges(index, all, { id: "column", desc: false })]).toEqual([2, 0, 1, 3, 4, 5]);
  });

  it("sorts values numerically before text", () => {
    expect([...sortChanges(index, all, { id: "before", desc: false })]).toEqual([3, 1, 0, 5, 4, 2]);
  });

  it("puts changes without a numeric delta last in both directions", () => {
    expect([...sortChanges(index, all, { id: "change", desc: false })]).toEqual([5, 1, 3, 0, 2, 4]);
    expect([...sortChanges(index, all, { id: "change", desc: true })]).toEqual([0, 3, 1, 5, 2, 4]);
    expect([...sortChanges(index, all, { id: "percent", desc: true })]).toEqual([0, 1, 5, 2, 3, 4]);
  });

  it("sorts a filtered view and leaves it alone without a sort", () => {
    const filtered = filterChanges(index, { operation: "op_01" });
    expect([...sortChanges(index, filtered, { id: "after", desc: false })]).toEqual([4, 1, 0]);
    expect(sortChanges(index, filtered, undefined)).toBe(filtered);
  });
});

describe("full rows", () => {
  it("lists each row once, where its first change appears in the view", () => {
    const sorted = sortChanges(index, all, { id: "change", desc: true });
    const rows = groupRows(index, sorted).map((row) => index.changes.rowKeys[row]);
    expect(rows).toEqual(["SKU-10", "SKU-100", "SKU-9", "sku-2"]);
  });

  it("nets several operations on one cell to the first before and the last after", () => {
    const row = index.changes.rowKeys.indexOf("SKU-10");
    const cells = netCellChanges(index, row);
    expect(cells.get("price")).toEqual({
      before: "29.99",
      after: "30.00",
      operations: ["op_01", "op_03"],
    });
    expect(cells.get("category")).toEqual({
      before: "Yoga",
      after: "Fitness",
      operations: ["op_02"],
    });
  });
});

describe("ChangeIndex.prepareNumbers", () => {
  it("works out the numbers in slices, giving what numbers() gives at once", () => {
    const sliced = new ChangeIndex(encodeChanges(records));
    expect(sliced.prepareNumbers(4)).toBe(false);
    expect(sliced.prepareNumbers(4)).toBe(true);
    const whole = new ChangeIndex(encodeChanges(records)).numbers();
    expect(sliced.numbers()).toEqual(whole);
    expect([...whole.delta.slice(0, 2)]).toEqual([3, -0.5]);
  });

  it("lets numbers() finish a preparation that was started", () => {
    const started = new ChangeIndex(encodeChanges(records));
    started.prepareNumbers(1);
    expect(Number.isNaN(started.numbers().delta[4])).toBe(true); // "n/a" → "4.00" is not numeric
    expect(started.numbers().delta[3]).toBe(1.5);
  });
});

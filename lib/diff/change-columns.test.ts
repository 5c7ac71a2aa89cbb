import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assertChangeColumns,
  type ChangeRecord,
  changeAt,
  changeCount,
  decodeChanges,
  encodeChanges,
  pickChangedRows,
  rowLookup,
} from "./change-columns";

const changes: ChangeRecord[] = [
  { operationId: "op_02", rowKey: "SKU-2", column: "price", before: "10.00", after: "11.00" },
  { operationId: "op_01", rowKey: "SKU-1", column: "price", before: "5.00", after: "5.50" },
  { operationId: "op_02", rowKey: "SKU-1", column: "stock", before: "yes", after: "no" },
];

describe("encodeChanges", () => {
  it("stores each name once and refers to it by index", () => {
    const encoded = encodeChanges(changes);
    expect(encoded.operationIds).toEqual(["op_02", "op_01"]);
    expect(encoded.columns).toEqual(["price", "stock"]);
    expect(encoded.rowKeys).toEqual(["SKU-2", "SKU-1"]);
    expect(encoded.row).toEqual([0, 1, 1]);
    expect(encoded.op).toEqual([0, 1, 0]);
    expect(encoded.column).toEqual([0, 0, 1]);
    expect(encoded.before).toEqual(["10.00", "5.00", "yes"]);
    expect(changeCount(encoded)).toBe(3);
    expect(changeAt(encoded, 2)).toEqual(changes[2]);
  });

  it("follows a known operation and column order and drops names no change uses", () => {
    const encoded = encodeChanges(changes, {
      operationIds: ["op_01", "op_02", "op_03"],
      columns: ["sku", "name", "stock", "price"],
    });
    expect(encoded.operationIds).toEqual(["op_01", "op_02"]);
    expect(encoded.columns).toEqual(["stock", "price"]);
    expect([...decodeChanges(encoded)]).toEqual(changes);
  });

  it("round-trips any change list, including through JSON", () => {
    const record = fc.record({
      operationId: fc.constantFrom("a", "b", "c"),
      rowKey: fc.string({ maxLength: 6 }),
      column: fc.constantFrom("price", "stock", "name"),
      before: fc.string({ maxLength: 8 }),
      after: fc.string({ maxLength: 8 }),
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), (list) => {
        const encoded = JSON.parse(JSON.stringify(encodeChanges(list, { columns: ["name"] })));
        assertChangeColumns(encoded);
        expect([...decodeChanges(encoded)]).toEqual(list);
      }),
    );
  });
});

describe("assertChangeColumns", () => {
  it("rejects arrays of different lengths and dangling indices", () => {
    const encoded = encodeChanges(changes);
    expect(() => assertChangeColumns({ ...encoded, after: ["x"] })).toThrow(/after has 1/);
    expect(() => assertChangeColumns({ ...encoded, op: [0, 5, 0] })).toThrow(/op\[1\] = 5/);
  });
});

describe("pickChangedRows", () => {
  it("keeps only the rows a change touches, row-major, and looks them up by key", () => {
    const header = ["sku", "price", "stock"];
    const rows = [
      ["SKU-1", "5.00", "yes"],
      ["SKU-3", "7.00", "yes"],
      ["SKU-2", "10.00", "no"],
    ];
    const picked = pickChangedRows(header, "sku", rows, encodeChanges(changes));
    expect(picked.rowKeys).toEqual(["SKU-1", "SKU-2"]);
    expect(picked.cells).toEqual(["SKU-1", "5.00", "yes", "SKU-2", "10.00", "no"]);
    const lookup = rowLookup(picked);
    expect(lookup("SKU-2")).toEqual(["SKU-2", "10.00", "no"]);
    expect(lookup("SKU-3")).toBeUndefined();
  });

  it("refuses a key column that is not in the header", () => {
    expect(() => pickChangedRows(["a"], "sku", [], encodeChanges([]))).toThrow(/sku/);
  });
});

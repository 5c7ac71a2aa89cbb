import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ColumnOverlay } from "./column-overlay";

describe("ColumnOverlay", () => {
  it("answers undefined where nothing was written, and the last value written elsewhere", () => {
    const overlay = new ColumnOverlay(5);
    expect(overlay.set(3, "a")).toBe(false);
    expect(overlay.set(0, "b")).toBe(false);
    expect(overlay.set(3, "c")).toBe(true);
    expect([0, 1, 2, 3, 4].map((row) => overlay.get(row))).toEqual([
      "b",
      undefined,
      undefined,
      "c",
      undefined,
    ]);
    expect(overlay.size).toBe(2);
    expect([...overlay.rows()]).toEqual([0, 3]);
  });

  it("keeps what was written when it makes room for more", () => {
    const overlay = new ColumnOverlay(10);
    overlay.set(4, "a");
    overlay.reserve(3);
    overlay.set(2, "b");
    overlay.reserve(1);
    overlay.set(4, "c");
    for (const row of [7, 8, 9]) overlay.set(row, `r${row}`);
    expect(overlay.size).toBe(5);
    expect([...overlay.rows()].map((row) => overlay.get(row))).toEqual([
      "b",
      "c",
      "r7",
      "r8",
      "r9",
    ]);
  });

  it("keeps an empty string as a value, not as a cell left alone", () => {
    const overlay = new ColumnOverlay(2);
    overlay.set(1, "");
    expect(overlay.get(1)).toBe("");
    expect([...overlay.rows()]).toEqual([1]);
  });

  it("refuses a row outside the column, and has nothing past its last row", () => {
    const overlay = new ColumnOverlay(2);
    expect(() => overlay.set(2, "x")).toThrow(RangeError);
    expect(() => overlay.set(-1, "x")).toThrow(RangeError);
    expect(() => overlay.set(0.5, "x")).toThrow(RangeError);
    expect(overlay.get(2)).toBeUndefined();
    expect(overlay.size).toBe(0);
  });

  it("reads as the sparse array it replaces", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(49), fc.string({ maxLength: 3 })), { maxLength: 80 }),
        (writes) => {
          const overlay = new ColumnOverlay(50);
          const array: Array<string | undefined> = new Array(50);
          for (const [row, value] of writes) {
            expect(overlay.set(row, value)).toBe(array[row] !== undefined);
            array[row] = value;
          }
          for (let row = 0; row < 50; row++) expect(overlay.get(row)).toBe(array[row]);
          const rows = array.flatMap((value, row) => (value === undefined ? [] : [row]));
          expect([...overlay.rows()]).toEqual(rows);
          expect([...ColumnOverlay.of(array).rows()]).toEqual(rows);
        },
      ),
    );
  });
});

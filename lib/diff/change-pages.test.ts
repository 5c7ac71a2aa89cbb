import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChangeRecord, encodeChanges } from "./change-columns";
import { appendChangePage, changePage, pageRequest } from "./change-pages";

const change = fc.record({
  operationId: fc.constantFrom("op_01", "op_02", "op_03"),
  rowKey: fc.constantFrom("A", "B", "C", "D", "E", "F", "G"),
  column: fc.constantFrom("price", "stock", "name"),
  before: fc.string({ maxLength: 4 }),
  after: fc.string({ maxLength: 4 }),
}) satisfies fc.Arbitrary<ChangeRecord>;

describe("change pages", () => {
  it("give back the whole change set when appended in order, whatever the page size", () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        (list, size) => {
          const whole = encodeChanges(list, { columns: ["name", "price", "stock"] });
          let received = null;
          let from = 0;
          do {
            const page = JSON.parse(JSON.stringify(changePage(whole, from, size)));
            expect(page.total).toBe(list.length);
            received = appendChangePage(received, page);
            from += size;
          } while (from < list.length);
          expect(received).toEqual(whole);
        },
      ),
    );
  });

  it("refuse a page that does not continue what was received", () => {
    const whole = encodeChanges([
      { operationId: "op", rowKey: "A", column: "c", before: "1", after: "2" },
      { operationId: "op", rowKey: "B", column: "c", before: "3", after: "4" },
    ]);
    const first = appendChangePage(null, changePage(whole, 0, 1));
    expect(() => appendChangePage(first, changePage(whole, 0, 1))).toThrow(
      /expected changes from 1/,
    );
    const bad = { ...changePage(whole, 1, 1), row: [5] };
    expect(() => appendChangePage(first, bad)).toThrow(/row\[1\] = 5 is out of range/);
  });

  it("read from and limit from the query, clamped", () => {
    expect(pageRequest(new URLSearchParams("from=500&limit=1000"))).toEqual({
      from: 500,
      limit: 1000,
    });
    expect(pageRequest(new URLSearchParams("from=-3&limit=999999999"))).toEqual({
      from: 0,
      limit: 100_000,
    });
    expect(pageRequest(new URLSearchParams("from=x"))).toEqual({ from: 0, limit: 100_000 });
  });
});

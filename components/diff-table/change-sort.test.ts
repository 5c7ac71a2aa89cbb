import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applySortOrder, naturalRanks, numberRanks, sortOrder, stringRanks } from "./change-sort";

/** The reference: a comparator sort, ties by index, missing (NaN) last in both directions. */
function referenceSort(
  indices: number[],
  compare: (a: number, b: number) => number,
  isMissing: (at: number) => boolean,
  desc: boolean,
): number[] {
  return [...indices].sort((a, b) => {
    if (isMissing(a) !== isMissing(b)) return isMissing(a) ? 1 : -1;
    const order = isMissing(a) ? 0 : compare(a, b) * (desc ? -1 : 1);
    return order !== 0 ? order : a - b;
  });
}

function subsetOf(length: number) {
  return fc.uniqueArray(fc.nat({ max: Math.max(length - 1, 0) }), { maxLength: length });
}

describe("numberRanks + applySortOrder", () => {
  it("orders any subset like a stable comparator sort, NaN last both ways", () => {
    const values = fc.array(fc.oneof(fc.constant(Number.NaN), fc.integer({ min: -5, max: 5 })), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(values, fc.boolean(), (list, desc) => {
        const array = Float64Array.from(list);
        const order = sortOrder(numberRanks(array));
        const subset = [...Array(list.length).keys()].filter((at) => at % 3 !== 1);
        const sorted = [...applySortOrder(order, Uint32Array.from(subset), desc)];
        const expected = referenceSort(
          subset,
          (a, b) => array[a] - array[b],
          (at) => Number.isNaN(array[at]),
          desc,
        );
        expect(sorted).toEqual(expected);
      }),
    );
  });

  it("treats -0 and 0 as equal", () => {
    const { rank } = numberRanks(Float64Array.from([0, -0, 1]));
    expect(rank[0]).toBe(rank[1]);
  });
});

describe("stringRanks", () => {
  it("ranks in code-unit order with equal strings sharing a rank", () => {
    expect([...stringRanks(["b", "a", "B", "b"]).rank]).toEqual([2, 1, 0, 2]);
  });
});

describe("naturalRanks", () => {
  it("puts numbers first, numerically, then text by prefix and trailing number", () => {
    const values = ["SKU-10", "sku-9", "-2.5", "10", "Mat", "SKU-", "SKU-010", "apple", ""];
    const order = sortOrder(naturalRanks(values)).order;
    expect([...order].map((at) => values[at])).toEqual([
      "",
      "-2.5",
      "10",
      "apple",
      "Mat",
      "SKU-",
      "sku-9",
      "SKU-10",
      "SKU-010",
    ]);
    const { rank } = naturalRanks(values);
    expect(rank[0]).toBe(rank[6]); // SKU-10 and SKU-010 compare equal
  });

  it("agrees with sorting subsets in either direction", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a1", "a2", "a10", "b", "B", "3", "-1", "x"), { minLength: 1 }),
        fc.boolean(),
        (values, desc) =>
          fc.assert(
            fc.property(subsetOf(values.length), (subset) => {
              const filtered = subset.filter((at) => at < values.length);
              const ranks = naturalRanks(values);
              const sorted = [
                ...applySortOrder(sortOrder(ranks), Uint32Array.from(filtered), desc),
              ];
              const expected = referenceSort(
                filtered,
                (a, b) => ranks.rank[a] - ranks.rank[b],
                () => false,
                desc,
              );
              expect(sorted).toEqual(expected);
            }),
            { numRuns: 5 },
          ),
      ),
      { numRuns: 40 },
    );
  });
});

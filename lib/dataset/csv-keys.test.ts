import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { equalHashPairs } from "./csv-keys";

/** Every pair (earlier, later) with equal hashes, the slow way. */
function pairsByHand(hashes: Int32Array): string[] {
  const pairs: string[] = [];
  for (let later = 0; later < hashes.length; later++) {
    for (let earlier = 0; earlier < later; earlier++) {
      if (hashes[earlier] === hashes[later]) pairs.push(`${earlier}-${later}`);
    }
  }
  return pairs.sort();
}

function listed(pairs: Int32Array | null): string[] | null {
  if (pairs === null) return null;
  const out: string[] = [];
  for (let at = 0; at < pairs.length; at += 2) out.push(`${pairs[at]}-${pairs[at + 1]}`);
  return out.sort();
}

describe("equalHashPairs", () => {
  it("lists every pair of rows with equal hashes, whatever their buckets", () => {
    // Few distinct hashes spread over the top bits, so that buckets hold several equal ones.
    const hash = fc.integer({ min: 0, max: 40 }).map((h) => Math.imul(h, 0x9e3779b1));
    fc.assert(
      fc.property(fc.array(hash, { maxLength: 120 }), (values) => {
        const hashes = Int32Array.from(values);
        expect(listed(equalHashPairs(hashes, 100_000))).toEqual(pairsByHand(hashes));
      }),
    );
  });

  it("finds the few equal hashes among many rows", () => {
    const hashes = Int32Array.from({ length: 200_000 }, (_, i) => Math.imul(i + 1, 0x9e3779b1));
    hashes[150_000] = hashes[7];
    hashes[199_999] = hashes[7];
    expect(listed(equalHashPairs(hashes, 100))).toEqual(
      ["7-150000", "7-199999", "150000-199999"].sort(),
    );
  });

  it("gives up past the limit: a file of repeated keys is compared key by key instead", () => {
    const hashes = new Int32Array(1_000).fill(12345);
    expect(equalHashPairs(hashes, 50)).toBeNull();
  });
});

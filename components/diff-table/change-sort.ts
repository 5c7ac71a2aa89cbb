/**
 * Sorting without comparators. For each sortable field the change set gets, once, a dense rank per
 * change and the permutation of all changes in ascending rank order (ties in change-set order).
 * Ranks come from native typed-array sorts of the distinct values; the permutation from a counting
 * sort. Ordering any filtered view by that field is then a single O(n) pass over the permutation,
 * in either direction, so toggling a sort or editing a filter on 300,000 changes stays cheap.
 */

export interface SortOrder {
  /** Dense rank per change; equal values share a rank. */
  rank: Uint32Array;
  /** All change indices in ascending rank order, ties in change-set order. */
  order: Uint32Array;
  /** The rank given to changes without a value (sorted last both ways), or -1 when none. */
  missing: number;
}

export interface Ranks {
  rank: Uint32Array;
  /** Number of distinct ranks (the largest rank + 1). */
  count: number;
  missing: number;
}

/** Ranks of numbers in ascending order; NaN is "missing" and ranks after every number. */
export function numberRanks(values: Float64Array): Ranks {
  const present = new Float64Array(values.length);
  let presentCount = 0;
  for (const value of values) if (!Number.isNaN(value)) present[presentCount++] = value;
  present.subarray(0, presentCount).sort();
  let distinct = 0;
  for (let at = 0; at < presentCount; at++) {
    if (at === 0 || present[at] !== present[distinct - 1]) present[distinct++] = present[at];
  }
  const rank = new Uint32Array(values.length);
  let hasMissing = false;
  for (let at = 0; at < values.length; at++) {
    const value = values[at];
    if (Number.isNaN(value)) {
      rank[at] = distinct;
      hasMissing = true;
    } else {
      rank[at] = lowerBound(present, distinct, value);
    }
  }
  return { rank, count: distinct + 1, missing: hasMissing ? distinct : -1 };
}

/** Ranks of strings in UTF-16 code-unit order (the order of `<`). */
export function stringRanks(values: readonly string[]): Ranks {
  const distinct = [...new Set(values)].sort();
  const positions = new Map<string, number>();
  distinct.forEach((value, position) => {
    positions.set(value, position);
  });
  const rank = new Uint32Array(values.length);
  for (let at = 0; at < values.length; at++) rank[at] = positions.get(values[at])!;
  return { rank, count: distinct.length, missing: -1 };
}

const PLAIN_NUMBER = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * Natural order, case-insensitive: plain numbers first, numerically; then text by its prefix and
 * trailing number, so "SKU-9" sorts before "SKU-10" and "sku-2" sits with "SKU-…". Text without a
 * trailing number sorts before the same prefix with one.
 */
export function naturalRanks(values: readonly string[]): Ranks {
  const prefixes = new Array<string>(values.length);
  const numbers = new Float64Array(values.length);
  for (let at = 0; at < values.length; at++) {
    const value = values[at];
    if (PLAIN_NUMBER.test(value)) {
      prefixes[at] = "";
      numbers[at] = Number(value);
      continue;
    }
    let digits = value.length;
    while (digits > 0 && isDigit(value.charCodeAt(digits - 1))) digits--;
    prefixes[at] = value.slice(0, digits).toLowerCase();
    numbers[at] = digits < value.length ? Number(value.slice(digits)) : Number.NaN;
  }
  const prefix = stringRanks(prefixes);
  const number = numberRanks(numbers);
  // NaN (no trailing number) ranks last in `number`; move it first within its prefix.
  const numberRank = number.rank.map((rank) => (rank === number.missing ? 0 : rank + 1));
  // Radix sort: by number, then stably by prefix; then number the distinct pairs.
  const byNumber = sortOrder({ rank: numberRank, count: number.count + 1, missing: -1 }).order;
  const order = stableByRank(byNumber, prefix.rank, prefix.count);
  const rank = new Uint32Array(values.length);
  let current = -1;
  for (let position = 0; position < order.length; position++) {
    const at = order[position];
    const previous = position > 0 ? order[position - 1] : -1;
    if (
      previous < 0 ||
      prefix.rank[at] !== prefix.rank[previous] ||
      numberRank[at] !== numberRank[previous]
    ) {
      current++;
    }
    rank[at] = current;
  }
  return { rank, count: current + 1, missing: -1 };
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Ranks that are already small integers (e.g. an index into a list of names). */
export function mappedRanks(refs: readonly number[], rankOfRef: Uint32Array): Ranks {
  const rank = new Uint32Array(refs.length);
  for (let at = 0; at < refs.length; at++) rank[at] = rankOfRef[refs[at]];
  return { rank, count: rankOfRef.length, missing: -1 };
}

/** The ascending permutation of ranks: a stable counting sort. */
export function sortOrder(ranks: Ranks): SortOrder {
  const identity = new Uint32Array(ranks.rank.length);
  for (let at = 0; at < identity.length; at++) identity[at] = at;
  return {
    rank: ranks.rank,
    order: stableByRank(identity, ranks.rank, ranks.count),
    missing: ranks.missing,
  };
}

/** `items` (change indices) stably reordered by `rank[item]`, ranks in [0, count). */
function stableByRank(items: Uint32Array, rank: Uint32Array, count: number): Uint32Array {
  const starts = new Uint32Array(count + 1);
  for (const item of items) starts[rank[item] + 1]++;
  for (let r = 0; r < count; r++) starts[r + 1] += starts[r];
  const ordered = new Uint32Array(items.length);
  for (const item of items) ordered[starts[rank[item]]++] = item;
  return ordered;
}

/**
 * `indices` reordered by a sort order. Ties keep change-set order in both directions; changes
 * without a value stay last in both directions.
 */
export function applySortOrder(sort: SortOrder, indices: Uint32Array, desc: boolean): Uint32Array {
  const { order, rank, missing } = sort;
  const member = new Uint8Array(order.length);
  for (const at of indices) member[at] = 1;
  const sorted = new Uint32Array(indices.length);
  let size = 0;
  if (!desc) {
    for (const at of order) if (member[at]) sorted[size++] = at;
    return sorted;
  }
  let end = order.length;
  const missingStart = missing < 0 ? end : lowerBoundBy(order, rank, missing);
  end = missingStart;
  while (end > 0) {
    const runRank = rank[order[end - 1]];
    let start = end - 1;
    while (start > 0 && rank[order[start - 1]] === runRank) start--;
    for (let position = start; position < end; position++) {
      if (member[order[position]]) sorted[size++] = order[position];
    }
    end = start;
  }
  for (let position = missingStart; position < order.length; position++) {
    if (member[order[position]]) sorted[size++] = order[position];
  }
  return sorted;
}

/** First position in sorted[0, length) whose value is >= target. */
function lowerBound(sorted: Float64Array, length: number, target: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** First position in `order` whose change has rank >= target. */
function lowerBoundBy(order: Uint32Array, rank: Uint32Array, target: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rank[order[middle]] < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

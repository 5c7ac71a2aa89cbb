import {
  add,
  compare,
  DECIMAL_ZERO,
  type Decimal,
  formatFixed,
  parseDecimal,
  subtract,
} from "@/lib/executor/decimal";

/**
 * What a change set does to each number column, for the person about to approve it: how many
 * values go up and down, the net change, and the largest moves each way. Exact decimals written
 * with the values' own decimals, and deterministic: ties between equal moves go to the earlier
 * change.
 */

export interface CellMove {
  rowKey: string;
  before: string;
  after: string;
  /** after − before, exactly ("+2.50", "-10"). */
  delta: string;
}

export interface ColumnImpact {
  column: string;
  increases: number;
  decreases: number;
  /** The sum of every after − before in the column ("+1234.5"). */
  net: string;
  largestIncreases: CellMove[];
  largestDecreases: CellMove[];
}

export const LARGEST_SHOWN = 5;

interface Tally {
  increases: number;
  decreases: number;
  net: Decimal;
  up: Array<{ delta: Decimal; move: CellMove }>;
  down: Array<{ delta: Decimal; move: CellMove }>;
}

export function changeImpact(
  changes: ReadonlyArray<{ rowKey: string; column: string; before: string; after: string }>,
  shown = LARGEST_SHOWN,
): ColumnImpact[] {
  const columns = new Map<string, Tally>();
  for (const change of changes) {
    const before = parseDecimal(change.before);
    const after = parseDecimal(change.after);
    if (before === undefined || after === undefined) continue;
    const delta = subtract(after, before);
    const sign = compare(delta, DECIMAL_ZERO);
    if (sign === 0) continue;
    let tally = columns.get(change.column);
    if (!tally) {
      tally = { increases: 0, decreases: 0, net: DECIMAL_ZERO, up: [], down: [] };
      columns.set(change.column, tally);
    }
    tally.net = add(tally.net, delta);
    const entry = {
      delta,
      move: {
        rowKey: change.rowKey,
        before: change.before,
        after: change.after,
        delta: signed(delta),
      },
    };
    if (sign > 0) {
      tally.increases++;
      keepLargest(tally.up, entry, shown, (a, b) => compare(b, a));
    } else {
      tally.decreases++;
      keepLargest(tally.down, entry, shown, compare);
    }
  }
  return [...columns].map(([column, tally]) => ({
    column,
    increases: tally.increases,
    decreases: tally.decreases,
    net: signed(tally.net),
    largestIncreases: tally.up.map((entry) => entry.move),
    largestDecreases: tally.down.map((entry) => entry.move),
  }));
}

/** Keeps `list` as the `limit` first entries by `order` (stable: an equal newcomer goes after). */
function keepLargest(
  list: Array<{ delta: Decimal; move: CellMove }>,
  entry: { delta: Decimal; move: CellMove },
  limit: number,
  order: (a: Decimal, b: Decimal) => number,
): void {
  if (list.length === limit && order(entry.delta, list[limit - 1].delta) >= 0) return;
  let at = list.length;
  while (at > 0 && order(entry.delta, list[at - 1].delta) < 0) at--;
  list.splice(at, 0, entry);
  if (list.length > limit) list.pop();
}

/** With the decimals the values were written with (10.00 − 9.50 is "+0.50"). */
function signed(value: Decimal): string {
  const text = formatFixed(value, value.s);
  return text.startsWith("-") || text === "0" ? text : `+${text}`;
}

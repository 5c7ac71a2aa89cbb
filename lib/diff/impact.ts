import type { WrittenStyle } from "@/lib/dataset/written-style";
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
  /** How the file writes the column's numbers, when not plainly (the figures stay plain). */
  style?: WrittenStyle;
}

const LARGEST_SHOWN = 5;

interface Tally {
  increases: number;
  decreases: number;
  net: Decimal;
  up: Array<{ delta: Decimal; move: CellMove }>;
  down: Array<{ delta: Decimal; move: CellMove }>;
}

export function changeImpact(
  changes: ReadonlyArray<{ rowKey: string; column: string; before: string; after: string }>,
  {
    shown = LARGEST_SHOWN,
    styles = {},
  }: { shown?: number; styles?: Record<string, WrittenStyle> } = {},
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
    ...(styles[column] ? { style: styles[column] } : {}),
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

/** A move of at least this share of the value it starts from is pointed out before approval. */
const LARGE_MOVE_SHARE = 0.5;
/** Rows named in a warning; the rest are counted. */
const NAMED_ROWS = 3;

interface OperationIntent {
  operation_id: string;
  action: { type: string; column?: string; value?: unknown };
  options?: Record<string, unknown>;
}

/** Rounding that moves a result by more than this share of the change it rounds is pointed out. */
const ROUNDING_SHARE = 0.25;

/**
 * What the approver should look at twice, from the change set itself: values that moved against
 * their operation's direction (a raise that lowered a price through its ending or a cap), and
 * values that moved by half or more of what they were.
 */
export function impactWarnings(
  changes: ReadonlyArray<{
    operationId: string;
    rowKey: string;
    column: string;
    before: string;
    after: string;
  }>,
  operations: readonly OperationIntent[],
): string[] {
  const directions = new Map(operations.map((op) => [op.operation_id, intendedDirection(op)]));
  const exactResults = new Map(operations.map((op) => [op.operation_id, exactResult(op)]));
  const distorted = new Map<string, Array<(typeof changes)[number] & { exact: number }>>();
  const against = new Map<string, Array<(typeof changes)[number]>>();
  const large = new Map<string, Array<(typeof changes)[number]>>();
  for (const change of changes) {
    const before = parseDecimal(change.before);
    const after = parseDecimal(change.after);
    if (before === undefined || after === undefined) continue;
    const sign = compare(subtract(after, before), DECIMAL_ZERO);
    const intended = directions.get(change.operationId);
    if (intended !== undefined && sign !== 0 && sign !== intended) {
      push(against, change.operationId, change);
    }
    const from = Number(change.before);
    const to = Number(change.after);
    if (from !== 0 && Math.abs(to - from) >= LARGE_MOVE_SHARE * Math.abs(from)) {
      push(large, change.column, change);
    }
    const exact = exactResults.get(change.operationId)?.(from);
    if (exact !== undefined && Math.abs(to - exact) > ROUNDING_SHARE * Math.abs(exact - from)) {
      push(distorted, change.operationId, { ...change, exact });
    }
  }
  const warnings: string[] = [];
  for (const [operationId, moved] of against) {
    const op = operations.find((candidate) => candidate.operation_id === operationId);
    const verb = directions.get(operationId) === 1 ? "raises" : "lowers";
    const goes = directions.get(operationId) === 1 ? "down" : "up";
    warnings.push(
      `Operation ${operationId} ${verb} '${op?.action.column ?? moved[0].column}', yet ${count(moved.length, "value")} ${moved.length === 1 ? "goes" : "go"} ${goes}: ${named(moved)}.`,
    );
  }
  for (const [operationId, moved] of distorted) {
    const shown = named(moved, (change) => ` (exactly ${round6(change.exact)})`);
    warnings.push(
      `Operation ${operationId}: rounding moved ${count(moved.length, "value")} by more than a quarter of ${moved.length === 1 ? "its" : "their"} change: ${shown}.`,
    );
  }
  for (const [column, moved] of large) {
    warnings.push(
      `${count(moved.length, `'${column}' value`)} ${moved.length === 1 ? "changes" : "change"} by 50% or more: ${named(moved)}.`,
    );
  }
  return warnings;
}

/**
 * The unrounded result of a step the plan states with a number (a percentage, an amount, a
 * factor), for an operation whose result nothing but rounding changes (no bounds, no ending).
 */
function exactResult(op: OperationIntent): ((before: number) => number) | undefined {
  const value = op.action.value;
  if (typeof value !== "number") return undefined;
  const options = op.options ?? {};
  const bounded = ["min_value", "max_value", "min_price", "max_price", "ending"].some(
    (option) => options[option] !== undefined,
  );
  if (bounded) return undefined;
  switch (op.action.type) {
    case "percent_increase":
      return (before) => before * (1 + value / 100);
    case "percent_decrease":
      return (before) => before * (1 - value / 100);
    case "fixed_increase":
      return (before) => before + value;
    case "fixed_decrease":
      return (before) => before - value;
    case "multiply":
      return (before) => before * value;
    default:
      return undefined;
  }
}

function round6(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** +1 for an action meant to raise its column, −1 to lower it, undefined when it may do either. */
function intendedDirection(op: OperationIntent): 1 | -1 | undefined {
  // A "${variable}" could hold either sign: no claim is made for it.
  const value = typeof op.action.value === "number" ? op.action.value : Number.NaN;
  const sign = value > 0 ? 1 : value < 0 ? -1 : undefined;
  switch (op.action.type) {
    case "percent_increase":
    case "fixed_increase":
      return sign;
    case "percent_decrease":
    case "fixed_decrease":
      return sign === undefined ? undefined : sign === 1 ? -1 : 1;
    case "multiply":
      return value > 1 ? 1 : value >= 0 && value < 1 ? -1 : undefined;
    default:
      return undefined;
  }
}

function push<T>(groups: Map<string, T[]>, key: string, item: T): void {
  const list = groups.get(key);
  if (list) list.push(item);
  else groups.set(key, [item]);
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
}

/** The first rows as "key before → after" (and what `note` adds to each), then a count. */
function named<T extends { rowKey: string; before: string; after: string }>(
  moved: readonly T[],
  note: (change: T) => string = () => "",
): string {
  const shown = moved
    .slice(0, NAMED_ROWS)
    .map((change) => `${change.rowKey} ${change.before} → ${change.after}${note(change)}`)
    .join("; ");
  return moved.length > NAMED_ROWS ? `${shown} and ${moved.length - NAMED_ROWS} more` : shown;
}

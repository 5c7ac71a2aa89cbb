import { DICTIONARY_LIMIT } from "@/lib/dataset/csv-dictionary";
import type { ColumnProfile } from "@/lib/dataset/types";
import type { NormalizedOperation } from "@/lib/plan/normalize";
import type { AggregateFn } from "@/lib/plan/schema";
import type { WorkingCells } from "./cells";
import {
  add,
  compare,
  DECIMAL_ZERO,
  type Decimal,
  divide,
  multiply,
  parseDecimal,
  shiftDown,
} from "./decimal";
import { ScaledSum } from "./fast-numeric";
import { nonNumeric, type OperationRun, type RunState } from "./operation-run";

/** Decimals kept by avg and median when the result does not terminate. */
export const AGGREGATE_DECIMALS = 10;

/**
 * avg/min/max/sum/median over the matched rows' numbers (empty cells are left out, as SQL leaves
 * out NULLs; other non-numbers fail the run), count = matched rows. Writes no cell. With a group
 * column, one value per group of the matched rows, kept apart from the plain variables.
 */
export function aggregate(
  run: OperationRun,
  action: Extract<NormalizedOperation["action"], { kind: "aggregate" }>,
  column: ColumnProfile,
  columns: Map<string, ColumnProfile>,
  cells: WorkingCells,
  state: RunState,
) {
  const { matched, col } = run;
  const { fn, resultVariable: name } = action;
  run.skipped = 0;
  const groupCol =
    action.groupBy === undefined ? -1 : (columns.get(action.groupBy) as ColumnProfile).index;
  const groupOf = groupReader(cells, groupCol);
  // Sums and averages add plain decimals as safe integers; anything else is kept exactly.
  const sums = fn === "sum" || fn === "avg";
  const { table } = cells;
  const overlay = cells.overlays[col];
  const groups = new Map<string, { values: Decimal[]; sum: ScaledSum; count: number }>();
  const offending: number[] = [];
  for (let k = 0, ahead = 0; k < matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(matched, k, col);
    const row = matched[k];
    const group = groupOf(row);
    let acc = groups.get(group);
    if (!acc) {
      acc = { values: [], sum: new ScaledSum(), count: 0 };
      groups.set(group, acc);
    }
    if (fn === "count") {
      acc.count++;
      continue;
    }
    if (sums && overlay?.get(row) === undefined) {
      const start = table.cellStart(row, col);
      // A table read from an ASCII file's bytes has no text: the cell is added from its bytes.
      const source = table.decodedText ?? table.bytes;
      if (table.codeAt(start) !== QUOTE && acc.sum.add(source, start, table.cellEnd(row, col))) {
        acc.count++;
        continue;
      }
    }
    const current = cells.get(row, col);
    if (sums && acc.sum.add(current, 0, current.length)) {
      acc.count++;
      continue;
    }
    const value = parseDecimal(current);
    if (value !== undefined) {
      acc.values.push(value);
      acc.count++;
    } else if (current.trim() !== "") offending.push(row);
  }
  if (offending.length > 0) throw nonNumeric(run, column, cells, offending);

  const resultOf = (acc: { values: Decimal[]; sum: ScaledSum; count: number }) =>
    aggregateOf(
      fn,
      acc.values,
      add({ m: acc.sum.m, s: acc.sum.s }, acc.values.reduce(add, DECIMAL_ZERO)),
      acc.count,
    );
  if (action.groupBy !== undefined) {
    const values = new Map<string, Decimal>();
    for (const [group, acc] of groups) {
      const result = resultOf(acc);
      if (result !== undefined) values.set(group, result);
    }
    state.variables.delete(name);
    state.grouped.set(name, { groupColumn: action.groupBy, groupCol, values });
    return;
  }
  state.grouped.delete(name);
  const whole = groups.get("") ?? { values: [], sum: new ScaledSum(), count: 0 };
  const result = resultOf(whole);
  if (result === undefined) {
    state.variables.delete(name);
    state.warnings.push(
      `Operation ${run.op.operationId}: ${fn} of '${column.name}' has no numbers to work on, so '${name}' has no value.`,
    );
    return;
  }
  state.variables.set(name, result);
}

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

/** Each row's group text ("" without a group column), through the dictionary when there is one. */
function groupReader(cells: WorkingCells, groupCol: number): (row: number) => string {
  if (groupCol < 0) return () => "";
  const dictionary = cells.dictionary(groupCol, DICTIONARY_LIMIT);
  if (!dictionary) return (row) => cells.get(row, groupCol);
  const { codes, values } = dictionary;
  return (row) => cells.overlays[groupCol]?.get(row) ?? values[codes[row]];
}

/**
 * The aggregate of a group: `values` are its numbers kept exactly (min, max and median need all
 * of them), `sum` the total of all of its numbers and `count` how many there are (rows, for count).
 * Undefined when there is nothing to average or compare.
 */
function aggregateOf(
  fn: AggregateFn,
  values: Decimal[],
  sum: Decimal,
  count: number,
): Decimal | undefined {
  if (fn === "count") return { m: count, s: 0 };
  if (fn === "sum") return sum;
  if (count === 0) return undefined;
  switch (fn) {
    case "avg":
      return divide(sum, { m: count, s: 0 }, AGGREGATE_DECIMALS);
    case "min":
      return values.reduce((a, b) => (compare(b, a) < 0 ? b : a));
    case "max":
      return values.reduce((a, b) => (compare(b, a) > 0 ? b : a));
    case "median": {
      const sorted = [...values].sort(compare);
      const mid = sorted.length >> 1;
      return sorted.length % 2 === 1
        ? sorted[mid]
        : shiftDown(multiply(add(sorted[mid - 1], sorted[mid]), { m: 5, s: 0 }), 1); // (a+b)/2
    }
  }
}

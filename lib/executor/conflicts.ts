import type { CsvTable } from "@/lib/dataset/csv";
import type { DatasetProfile } from "@/lib/dataset/types";
import { dependsTransitively, effectiveDependencies } from "@/lib/plan/dag";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { filterColumns, filterHolds } from "./conditions";
import { prepare } from "./dry-run";
import { ExecutionFailure, type OperationRun, type RunOutcome, runPlan } from "./run";
import { topColumns } from "./top";

/**
 * Order conflicts (docs/plan-format.md "How a plan runs"): two operations with no path between them in
 * the dependency graph must commute. They do not when, on this data,
 * - `same_cells`: both write a cell one of them changes (unless both set the same fixed text);
 * - `reads_written`: one changes a cell the other's filter reads, and the change flips whether
 *   that row matches; or one changes a cell the other's aggregate, expression or template reads
 *   in a row it selects;
 * - `variable`: one reads a "${variable}" the other's aggregate sets.
 * The plan is run once in its execution order; each pair is judged from that run.
 */

export type OrderConflictReason = "same_cells" | "reads_written" | "variable";

export interface OrderConflict {
  /** The two operations, the one that runs first first. */
  operations: [string, string];
  reason: OrderConflictReason;
  /** Some of the cells involved (at most CONFLICT_CELLS_SHOWN). */
  cells: Array<{ rowKey: string; column: string }>;
  /** How many cells are involved in all. */
  cellCount: number;
  /** For `variable`: its name. */
  variable?: string;
  message: string;
}

export const CONFLICT_CELLS_SHOWN = 20;

/**
 * Every order conflict of the plan on this table. Returns [] when the plan cannot run at all
 * (dryRun reports why) or has no independent operations.
 */
export function findOrderConflicts(
  plan: ExecutionPlan,
  table: CsvTable,
  profile: DatasetProfile,
): OrderConflict[] {
  // Most plans are chains; with no independent pair there is nothing to check and no need to run.
  const deps = effectiveDependencies(plan);
  const ids = plan.operations.map((op) => op.operation_id);
  const unordered = (x: string, y: string) =>
    !dependsTransitively(deps, x, y) && !dependsTransitively(deps, y, x);
  if (!ids.some((x, i) => ids.slice(i + 1).some((y) => unordered(x, y)))) return [];

  const prepared = prepare(plan, table, profile);
  if (!prepared.ok) return [];
  let outcome: RunOutcome;
  try {
    outcome = runPlan(prepared.plan, table, profile);
  } catch (error) {
    if (error instanceof ExecutionFailure) return [];
    throw error;
  }

  const conflicts: OrderConflict[] = [];
  const { runs } = outcome;
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = runs[i];
      const b = runs[j];
      const idA = a.op.operationId;
      const idB = b.op.operationId;
      if (!unordered(idA, idB)) continue;
      const found =
        variableConflict(a, b) ??
        sameCells(a, b, outcome, table) ??
        readsWritten(a, b, outcome, table);
      if (found) conflicts.push(found);
    }
  }
  return conflicts;
}

function variableConflict(a: OperationRun, b: OperationRun): OrderConflict | undefined {
  const writes = (run: OperationRun) =>
    run.op.action.kind === "aggregate" ? run.op.action.resultVariable : undefined;
  const pairs: Array<[OperationRun, OperationRun]> = [
    [a, b],
    [b, a],
  ];
  for (const [writer, reader] of pairs) {
    const name = writes(writer);
    if (name === undefined) continue;
    if (reader.readsVariables.includes(name) || writes(reader) === name) {
      return {
        operations: [a.op.operationId, b.op.operationId],
        reason: "variable",
        cells: [],
        cellCount: 0,
        variable: name,
        message: `${reader.op.operationId} uses '${name}', which ${writer.op.operationId} sets; add depends_on so the order is fixed.`,
      };
    }
  }
  return undefined;
}

function sameCells(
  a: OperationRun,
  b: OperationRun,
  _outcome: RunOutcome,
  table: CsvTable,
): OrderConflict | undefined {
  if (a.op.action.kind === "aggregate" || b.op.action.kind === "aggregate") return undefined;
  if (a.col !== b.col) return undefined;
  // Two operations that both set the same fixed text leave the same cells in either order.
  if (a.constantText !== undefined && a.constantText === b.constantText) return undefined;
  const rows = new Set<number>();
  for (const row of a.changedRows) if (contains(b.matched, row)) rows.add(row);
  for (const row of b.changedRows) if (contains(a.matched, row)) rows.add(row);
  if (rows.size === 0) return undefined;
  const column = table.header[a.col];
  return conflict(
    a,
    b,
    "same_cells",
    [...rows].sort((x, y) => x - y),
    () => column,
    table,
    (n) =>
      `${a.op.operationId} and ${b.op.operationId} both write ${n} '${column}' cell${n === 1 ? "" : "s"}; the result depends on which runs first. Add depends_on.`,
  );
}

function readsWritten(
  a: OperationRun,
  b: OperationRun,
  outcome: RunOutcome,
  table: CsvTable,
): OrderConflict | undefined {
  const involved: Array<{ row: number; col: number }> = [];
  const pairs: Array<[OperationRun, OperationRun]> = [
    [a, b],
    [b, a],
  ];
  for (const [writer, reader] of pairs) {
    if (writer.op.action.kind === "aggregate") continue;
    const reads = filterColumns(reader.tests);
    const aggregateReads = reader.op.action.kind === "aggregate" ? reader.col : -1;
    // An expression or template that reads the written column computes from its value.
    const actionReads = reader.readsColumns.includes(writer.col);
    // Which rows are the top N depends on every row's value: any write to it may change them.
    if (reader.tests.top && topColumns(reader.tests.top).includes(writer.col)) {
      for (const row of writer.changedRows) involved.push({ row, col: writer.col });
      continue;
    }
    if (!reads.has(writer.col) && aggregateReads !== writer.col && !actionReads) continue;
    for (let k = 0; k < writer.changedRows.length; k++) {
      const row = writer.changedRows[k];
      if (actionReads && contains(reader.matched, row)) {
        involved.push({ row, col: writer.col });
        continue;
      }
      const valueWith = (written: string) => (col: number) =>
        col === writer.col ? written : outcome.cells.get(row, col);
      const before = filterHolds(reader.tests, valueWith(writer.before[k]));
      const after = filterHolds(reader.tests, valueWith(writer.after[k]));
      const flips = reads.has(writer.col) && before !== after;
      const feedsAggregate = aggregateReads === writer.col && (before || after);
      if (flips || feedsAggregate) involved.push({ row, col: writer.col });
    }
  }
  if (involved.length === 0) return undefined;
  const seen = new Set<string>();
  const cells = involved.filter(({ row, col }) => {
    const id = `${row}:${col}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  cells.sort((x, y) => x.row - y.row || x.col - y.col);
  const n = cells.length;
  return {
    operations: [a.op.operationId, b.op.operationId],
    reason: "reads_written",
    cells: cells
      .slice(0, CONFLICT_CELLS_SHOWN)
      .map(({ row, col }) => ({ rowKey: table.rowKey(row), column: table.header[col] })),
    cellCount: n,
    message: `${a.op.operationId} and ${b.op.operationId}: one changes ${n} cell${n === 1 ? "" : "s"} the other reads, so which rows it selects depends on the order. Add depends_on.`,
  };
}

function conflict(
  a: OperationRun,
  b: OperationRun,
  reason: OrderConflictReason,
  rows: number[],
  columnOf: (row: number) => string,
  table: CsvTable,
  message: (n: number) => string,
): OrderConflict {
  return {
    operations: [a.op.operationId, b.op.operationId],
    reason,
    cells: rows
      .slice(0, CONFLICT_CELLS_SHOWN)
      .map((row) => ({ rowKey: table.rowKey(row), column: columnOf(row) })),
    cellCount: rows.length,
    message: message(rows.length),
  };
}

/** Binary search in an ascending list of rows. */
function contains(sorted: Int32Array, row: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid];
    if (v === row) return true;
    if (v < row) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

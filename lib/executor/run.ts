import type { CsvTable } from "@/lib/dataset/csv";
import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";
import { flipBooleanText } from "@/lib/dataset/values";
import { expressionVariables } from "@/lib/plan/expression";
import type { NormalizedOperation, NormalizedPlan } from "@/lib/plan/normalize";
import { type NumericStep, numericStep, setOutcome } from "./actions";
import { aggregate } from "./aggregate";
import { WorkingCells } from "./cells";
import { ConditionError, compileFilter, numberOf, selectRows } from "./conditions";
import { compare, DECIMAL_ZERO, parseDecimal } from "./decimal";
import { runExpression } from "./expression";
import { SWALLOWED, UNCHANGED } from "./fast-numeric";
import {
  type ChangeHashing,
  ExecutionFailure,
  nonNumeric,
  type OperationRun,
  type RunState,
  record,
} from "./operation-run";
import { runFill, runText } from "./text";
import { TopError } from "./top";
import {
  type PlanValue,
  referencedVariables,
  resolveValue,
  UnknownVariableError,
  type Variables,
} from "./variables";

export { AGGREGATE_DECIMALS } from "./aggregate";
export { ChangeHashing, ExecutionFailure, type OperationRun } from "./operation-run";

/**
 * Runs a normalised plan over a table, operation by operation in execution order; each sees the
 * cells as the operations before it left them. Nothing here writes bytes or hashes: dry-run.ts
 * turns the outcome into a result, conflicts.ts reads the per-operation record.
 */

export interface RunOutcome {
  cells: WorkingCells;
  /** In execution order. */
  runs: OperationRun[];
  variables: Variables;
  warnings: string[];
}

export function runPlan(
  plan: NormalizedPlan,
  table: CsvTable,
  profile: DatasetProfile,
  /** Fed every change as it is recorded, when given. */
  hashing: ChangeHashing | null = null,
): RunOutcome {
  const columns = new Map<string, ColumnProfile>(profile.columns.map((c) => [c.name, c]));
  const byId = new Map(plan.operations.map((op) => [op.operationId, op]));
  const cells = new WorkingCells(table);
  const variables: Variables = new Map(Object.entries(plan.variables));
  const warnings: string[] = [];
  const state: RunState = { variables, grouped: new Map(), warnings };
  const runs: OperationRun[] = [];

  for (const id of plan.order) {
    const op = byId.get(id) as NormalizedOperation;
    const column = columns.get(op.action.column);
    if (!column) {
      throw new ExecutionFailure({
        code: "invalid_plan",
        message: `Operation ${id}: there is no column '${op.action.column}'.`,
        operationId: id,
      });
    }
    if (op.action.kind !== "aggregate" && column.name === profile.keyColumn) {
      throw new ExecutionFailure({
        code: "invalid_plan",
        message: `Operation ${id} writes the key column '${column.name}'; keys identify rows, so a plan cannot change them.`,
        operationId: id,
        column: column.name,
      });
    }
    const run = guardVariables(id, state, () =>
      runOperation(op, column, columns, cells, state, hashing),
    );
    runs.push(run);
  }
  return { cells, runs, variables, warnings };
}

function guardVariables<T>(operationId: string, state: RunState, body: () => T): T {
  try {
    return body();
  } catch (error) {
    const perGroup =
      error instanceof UnknownVariableError ? state.grouped.get(error.variable) : undefined;
    if (error instanceof UnknownVariableError && perGroup) {
      throw new ExecutionFailure({
        code: "invalid_plan",
        message: `Operation ${operationId}: '${error.variable}' has one value per ${perGroup.groupColumn}; compare with it in a filter or use it in a formula.`,
        operationId,
      });
    }
    if (error instanceof UnknownVariableError) {
      throw new ExecutionFailure({
        code: "unknown_variable",
        message: `Operation ${operationId}: the variable '${error.variable}' has no value yet; it must come from the plan's variables or an aggregate that runs earlier.`,
        operationId,
      });
    }
    if (error instanceof ConditionError || error instanceof TopError) {
      throw new ExecutionFailure({
        code: "invalid_plan",
        message: `Operation ${operationId}: ${error.message}`,
        operationId,
      });
    }
    throw error;
  }
}

function runOperation(
  op: NormalizedOperation,
  column: ColumnProfile,
  columns: Map<string, ColumnProfile>,
  cells: WorkingCells,
  state: RunState,
  hashing: ChangeHashing | null,
): OperationRun {
  const { variables, warnings } = state;
  const tests = compileFilter(op.filter, columns, variables, state.grouped);
  const matched = selectRows(tests, cells);
  // Room for a change on every matched row. An aggregate changes none, and a restore only the
  // rows it lists, which may be few of the rows it matches (a revert's filter matches them all):
  // their records grow as they go.
  const changes =
    op.action.kind === "aggregate" || op.action.kind === "restore" ? 0 : matched.length;
  const run: OperationRun = {
    op,
    col: column.index,
    tests,
    matched,
    changedRows: new Array(changes),
    before: new Array(changes),
    after: new Array(changes),
    changed: 0,
    skipped: 0,
    readsVariables: [
      ...[...op.filter.all, ...op.filter.any, ...op.filter.none].flatMap((c) =>
        referencedVariables(c.value),
      ),
      ...actionVariables(op.action),
    ],
    readsColumns:
      "reads" in op.action
        ? op.action.reads.map((name) => (columns.get(name) as ColumnProfile).index)
        : [],
  };
  if (matched.length === 0) warnings.push(`Operation ${op.operationId} matched no rows.`);

  const action = op.action;
  if (changes > 0) cells.expectWrites(column.index, changes);
  switch (action.kind) {
    case "aggregate":
      aggregate(run, action, column, columns, cells, state);
      break;
    case "restore":
      restore(run, action.values, column, cells, hashing);
      if (run.matched.length === 0 && matched.length > 0) {
        warnings.push(`Operation ${op.operationId} matched none of the rows it restores.`);
      }
      break;
    case "toggle":
      toggle(run, column, cells, warnings, hashing);
      break;
    case "expression":
      runExpression(run, action, column, columns, cells, state, hashing);
      break;
    case "text":
      runText(run, action.transform, column, columns, cells, warnings, hashing);
      break;
    case "fill":
      runFill(run, resolveValue(action.value, variables), column, cells, hashing);
      break;
    case "numeric":
      runNumeric(run, action, column, cells, state, hashing);
      break;
    case "set":
      runSet(run, resolveValue(action.value, variables), column, cells, warnings, hashing);
      break;
  }
  run.changedRows.length = run.changed;
  run.before.length = run.changed;
  run.after.length = run.changed;
  return run;
}

function runNumeric(
  run: OperationRun,
  action: Extract<NormalizedOperation["action"], { kind: "numeric" }>,
  column: ColumnProfile,
  cells: WorkingCells,
  { variables, warnings }: RunState,
  hashing: ChangeHashing | null,
): void {
  const { op } = run;
  const operand = numberOf(resolveValue(action.value, variables));
  if (operand === undefined) {
    throw new ExecutionFailure({
      code: "type_mismatch",
      message: `Operation ${op.operationId}: ${action.type} needs a number, not ${JSON.stringify(String(action.value))}.`,
      operationId: op.operationId,
    });
  }
  const step = numericStep(op, action.type, operand);
  applyNumeric(run, step, column, cells, warnings, true, hashing);
  noteHeldValues(run, step, column, warnings);
}

/** set_value (and the shorthand's set_price, set_stock): one value for every matched row. */
function runSet(
  run: OperationRun,
  value: PlanValue,
  column: ColumnProfile,
  cells: WorkingCells,
  warnings: string[],
  hashing: ChangeHashing | null,
): void {
  const { op, matched } = run;
  const outcome = setOutcome(value, column);
  if (outcome.kind === "mismatch") {
    throw new ExecutionFailure({
      code: "type_mismatch",
      message: `Operation ${op.operationId}: ${outcome.message}`,
      operationId: op.operationId,
      column: column.name,
    });
  }
  if (outcome.kind === "numeric") {
    const step = numericStep(op, "set", outcome.operand);
    applyNumeric(run, step, column, cells, warnings, false, hashing);
    return;
  }
  run.constantText = outcome.text;
  const col = column.index;
  for (let k = 0, ahead = 0; k < matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(matched, k, col);
    const row = matched[k];
    const current = cells.get(row, col);
    if (outcome.same(current)) {
      run.skipped++;
      continue;
    }
    record(run, cells, hashing, row, current, outcome.text);
  }
}

/** Variables an action reads (the filter's are read from its conditions). */
function actionVariables(action: NormalizedOperation["action"]): string[] {
  switch (action.kind) {
    case "numeric":
    case "set":
    case "fill":
      return referencedVariables(action.value);
    case "expression":
      return expressionVariables(action.tree);
    default:
      return [];
  }
}

/**
 * restore_values: each selected row whose key is listed gets its text back verbatim (checked as a
 * set_value string is). Rows it does not list are not the operation's: `matched` keeps only the
 * listed ones, so counts and order conflicts speak of the cells it can write.
 */
function restore(
  run: OperationRun,
  values: Record<string, string>,
  column: ColumnProfile,
  cells: WorkingCells,
  hashing: ChangeHashing | null,
) {
  const listed: number[] = [];
  const outcomes = new Map<string, ReturnType<typeof setOutcome>>();
  for (let k = 0; k < run.matched.length; k++) {
    const row = run.matched[k];
    const key = cells.table.rowKey(row);
    if (!Object.hasOwn(values, key)) continue;
    listed.push(row);
    const text = values[key];
    let outcome = outcomes.get(text);
    if (!outcome) {
      outcome = setOutcome(text, column);
      outcomes.set(text, outcome);
    }
    if (outcome.kind === "mismatch") {
      throw new ExecutionFailure({
        code: "type_mismatch",
        message: `Operation ${run.op.operationId}: row ${key}: ${outcome.message}`,
        operationId: run.op.operationId,
        column: column.name,
      });
    }
    const current = cells.get(row, run.col);
    if (current === text) run.skipped++;
    else record(run, cells, hashing, row, current, text);
  }
  run.matched = Int32Array.from(listed);
}

/**
 * toggle: each selected row's yes/no value becomes its opposite in the spelling it is written in
 * (yes → no, Y → N, 1 → 0). A cell without such a value (an empty one) is left as it is, and
 * the preview says how many were.
 */
function toggle(
  run: OperationRun,
  column: ColumnProfile,
  cells: WorkingCells,
  warnings: string[],
  hashing: ChangeHashing | null,
) {
  if (column.type !== "boolean") {
    throw new ExecutionFailure({
      code: "type_mismatch",
      message: `Operation ${run.op.operationId}: toggle flips yes/no values, but column '${column.name}' holds ${column.type} values.`,
      operationId: run.op.operationId,
      column: column.name,
    });
  }
  let blank = 0;
  for (let k = 0, ahead = 0; k < run.matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(run.matched, k, run.col);
    const row = run.matched[k];
    const current = cells.get(row, run.col);
    const flipped = flipBooleanText(current);
    if (flipped === undefined) {
      blank++;
      run.skipped++;
    } else record(run, cells, hashing, row, current, flipped);
  }
  if (blank > 0) {
    warnings.push(
      `Operation ${run.op.operationId}: ${blank} '${column.name}' cell${blank === 1 ? " has" : "s have"} no yes/no value to flip and ${blank === 1 ? "was" : "were"} left as ${blank === 1 ? "it was" : "they were"}.`,
    );
  }
}

/**
 * Values a bound held where they were (already above the cap of an action that raises, or below
 * the floor of one that lowers): the preview says how many, so nobody wonders why they did not move.
 */
function noteHeldValues(
  run: OperationRun,
  step: NumericStep,
  column: ColumnProfile,
  warnings: string[],
) {
  const held = step.held.count;
  if (held === 0) return;
  const { op } = run;
  // In the words of the plan's options: "never above 80" is a limit of at most 80.
  const bound =
    op.maxValue !== undefined && op.minValue !== undefined
      ? `outside its limits (${op.minValue} to ${op.maxValue})`
      : op.maxValue !== undefined
        ? `above its limit of ${op.maxValue}`
        : `below its limit of ${op.minValue}`;
  warnings.push(
    `Operation ${op.operationId}: ${held} '${column.name}' value${held === 1 ? " was" : "s were"} already ${bound} and ${held === 1 ? "was" : "were"} left as ${held === 1 ? "it was" : "they were"}.`,
  );
}

function applyNumeric(
  run: OperationRun,
  step: ReturnType<typeof numericStep>,
  column: ColumnProfile,
  cells: WorkingCells,
  warnings: string[],
  readsCurrent: boolean,
  hashing: ChangeHashing | null,
) {
  const { matched, col } = run;
  const offending: number[] = [];
  const swallowed: number[] = [];
  let blanks = 0;
  const fast = step.fast;
  for (let k = 0, ahead = 0; k < matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(matched, k, col);
    const row = matched[k];
    const current = cells.get(row, col);
    if (fast !== undefined) {
      const result = fast(current);
      if (result === UNCHANGED) {
        run.skipped++;
        continue;
      }
      if (result === SWALLOWED) {
        run.skipped++;
        swallowed.push(row);
        continue;
      }
      if (result !== undefined) {
        record(run, cells, hashing, row, current, result);
        continue;
      }
    }
    const value = parseDecimal(current);
    if (value === undefined) {
      if (!readsCurrent) {
        // Setting a number needs no current number: an empty or broken cell simply gets it.
        record(run, cells, hashing, row, current, step.render(step.apply(DECIMAL_ZERO)));
      } else if (current.trim() === "") blanks++;
      else offending.push(row);
      continue;
    }
    const next = step.apply(value);
    if (compare(next, value) === 0) {
      run.skipped++;
      if (step.swallowed(value)) swallowed.push(row);
      continue;
    }
    record(run, cells, hashing, row, current, step.render(next));
  }
  if (offending.length > 0) throw nonNumeric(run, column, cells, offending);
  if (swallowed.length > 0) warnings.push(roundingSwallowed(run, column, cells, swallowed));
  if (blanks > 0) {
    run.skipped += blanks;
    warnings.push(
      `Operation ${run.op.operationId}: ${blanks} matched row${blanks === 1 ? " has" : "s have"} an empty '${column.name}' and ${blanks === 1 ? "was" : "were"} left empty.`,
    );
  }
}

/**
 * Rows the action would move but rounding gave back their value (2 + 10% in whole numbers):
 * named, so a "0 rows changed" is never a silent surprise.
 */
function roundingSwallowed(
  run: OperationRun,
  column: ColumnProfile,
  cells: WorkingCells,
  rows: number[],
): string {
  const places = run.op.roundTo;
  const precision = places === 0 ? "whole numbers" : `${places} decimal${places === 1 ? "" : "s"}`;
  const keys = rows.slice(0, 5).map((row) => cells.table.rowKey(row));
  const one = rows.length === 1;
  return `Operation ${run.op.operationId}: ${rows.length} '${column.name}' value${one ? " stays" : "s stay"} as ${one ? "it was" : "they were"}: the change is lost when rounded to ${precision} (${keys.join(", ")}${rows.length > 5 ? ", …" : ""}). Round to more decimals or change by a larger amount.`;
}

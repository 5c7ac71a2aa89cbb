import type { ColumnProfile } from "@/lib/dataset/types";
import type { ExpressionNode } from "@/lib/plan/expression";
import type { NormalizedOperation } from "@/lib/plan/normalize";
import { setOutcome, settleStep } from "./actions";
import type { WorkingCells } from "./cells";
import { numberOf } from "./conditions";
import {
  abs,
  add,
  ceil,
  compare,
  type Decimal,
  divide,
  floor,
  multiply,
  negate,
  parseDecimal,
  roundHalfUp,
  subtract,
} from "./decimal";
import { fastExpression, readPlainRange, sameScaledValue, scaledText } from "./fast-numeric";
import {
  type ChangeHashing,
  ExecutionFailure,
  type OperationRun,
  type RunState,
  record,
} from "./operation-run";
import { OFFENDING_KEYS_SHOWN } from "./types";
import {
  type GroupedVariables,
  type PlanValue,
  UnknownVariableError,
  type Variables,
} from "./variables";

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

/**
 * set_expression (docs/plan-format.md "Expressions"): each selected row's target cell becomes the
 * expression computed over that row, in exact decimals, then rounded, snapped and clamped like
 * any other number the plan writes. A lone column copies it: into a number column as a number
 * at the column's precision, into any other column as its exact text.
 */

/** Why a row's value cannot be computed. */
export interface Uncomputable {
  readonly why: "empty" | "not_a_number" | "division_by_zero" | "no_group_value";
  readonly column?: string;
}

type Evaluate = (row: number) => Decimal | Uncomputable;

/** Decimals a quotient keeps before the result is rounded (far beyond any column's scale). */
const QUOTIENT_DECIMALS = 20;

const DIVISION_BY_ZERO: Uncomputable = { why: "division_by_zero" };

function failed(value: Decimal | Uncomputable): value is Uncomputable {
  return "why" in value;
}

/** The expression as a function of the row; column names are resolved once, here. */
function compileExpression(
  node: ExpressionNode,
  columnIndex: (name: string) => number,
  cells: WorkingCells,
  variables: Variables,
  grouped: GroupedVariables = new Map(),
): Evaluate {
  const inner = (child: ExpressionNode) =>
    compileExpression(child, columnIndex, cells, variables, grouped);
  switch (node.kind) {
    case "number": {
      const value = parseDecimal(node.text) as Decimal;
      return () => value;
    }
    case "variable": {
      const perGroup = grouped.get(node.name);
      if (perGroup) {
        // The value of the row's own group; a group without one cannot be computed.
        const none: Uncomputable = { why: "no_group_value", column: perGroup.groupColumn };
        return (row) => perGroup.values.get(cells.get(row, perGroup.groupCol)) ?? none;
      }
      if (!variables.has(node.name)) throw new UnknownVariableError(node.name);
      const value = numberOf(variables.get(node.name) as PlanValue);
      if (value === undefined) {
        throw new TypeError(`the variable '${node.name}' is not a number`);
      }
      return () => value;
    }
    case "column": {
      const col = columnIndex(node.name);
      const empty: Uncomputable = { why: "empty", column: node.name };
      const notANumber: Uncomputable = { why: "not_a_number", column: node.name };
      return (row) => {
        const text = cells.get(row, col);
        const value = parseDecimal(text);
        if (value !== undefined) return value;
        return text.trim() === "" ? empty : notANumber;
      };
    }
    case "negate": {
      const operand = inner(node.operand);
      return (row) => {
        const value = operand(row);
        return failed(value) ? value : negate(value);
      };
    }
    case "binary": {
      const left = inner(node.left);
      const right = inner(node.right);
      const combine = BINARY[node.op];
      return (row) => {
        const a = left(row);
        if (failed(a)) return a;
        const b = right(row);
        if (failed(b)) return b;
        return combine(a, b);
      };
    }
    case "call": {
      const args = node.args.map(inner);
      return compileCall(node, args);
    }
  }
}

const BINARY: Record<"+" | "-" | "*" | "/", (a: Decimal, b: Decimal) => Decimal | Uncomputable> = {
  "+": add,
  "-": subtract,
  "*": multiply,
  "/": (a, b) =>
    compare(b, { m: 0, s: 0 }) === 0 ? DIVISION_BY_ZERO : divide(a, b, QUOTIENT_DECIMALS),
};

function compileCall(node: Extract<ExpressionNode, { kind: "call" }>, args: Evaluate[]): Evaluate {
  const [first] = args;
  switch (node.fn) {
    case "round": {
      const places = node.args.length === 2 ? Number((node.args[1] as { text: string }).text) : 0;
      return unary(first, (x) => roundHalfUp(x, places));
    }
    case "floor":
      return unary(first, floor);
    case "ceil":
      return unary(first, ceil);
    case "abs":
      return unary(first, abs);
    case "min":
    case "max": {
      const better = node.fn === "min" ? -1 : 1;
      return (row) => {
        let best: Decimal | undefined;
        for (const arg of args) {
          const value = arg(row);
          if (failed(value)) return value;
          if (best === undefined || compare(value, best) === better) best = value;
        }
        return best as Decimal;
      };
    }
    case "coalesce":
      // The first value that can be computed: coalesce(cost, 0) reads an empty cost as 0.
      return (row) => {
        let last: Decimal | Uncomputable = DIVISION_BY_ZERO;
        for (const arg of args) {
          last = arg(row);
          if (!failed(last)) return last;
        }
        return last;
      };
  }
}

function unary(arg: Evaluate, fn: (x: Decimal) => Decimal): Evaluate {
  return (row) => {
    const value = arg(row);
    return failed(value) ? value : fn(value);
  };
}

/** Runs a set_expression over the operation's matched rows. */
export function runExpression(
  run: OperationRun,
  action: Extract<NormalizedOperation["action"], { kind: "expression" }>,
  column: ColumnProfile,
  columns: Map<string, ColumnProfile>,
  cells: WorkingCells,
  state: RunState,
  hashing: ChangeHashing | null,
): void {
  const { variables, grouped, warnings } = state;
  const indexOf = (name: string) => (columns.get(name) as ColumnProfile).index;
  const numericTarget = column.type === "number" || column.type === "integer";
  if (action.tree.kind === "column" && !numericTarget) {
    copyText(run, indexOf(action.tree.name), column, cells, hashing);
    return;
  }
  let evaluate: Evaluate;
  try {
    evaluate = compileExpression(action.tree, indexOf, cells, variables, grouped);
  } catch (error) {
    if (error instanceof TypeError) throw failure(run, column, error.message);
    throw error;
  }
  const { settle, render } = settleStep(run.op);
  const op = run.op;
  const fast = fastPath(action.tree, op, cells, indexOf, state);
  const text = scaledText();
  const rows: number[] = [];
  const reasons: Uncomputable[] = [];
  for (let k = 0, ahead = 0; k < run.matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(run.matched, k, run.col);
    const row = run.matched[k];
    if (fast) {
      const q = fast(row);
      if (q !== undefined) {
        const current = cells.get(row, run.col);
        const same = sameScaledValue(current, q, op.roundTo);
        if (same === true) {
          run.skipped++;
          continue;
        }
        if (same === false) {
          record(run, cells, hashing, row, current, text(q, op.roundTo));
          continue;
        }
      }
    }
    const value = evaluate(row);
    if (failed(value)) {
      rows.push(row);
      reasons.push(value);
      continue;
    }
    const result = settle(value);
    const current = cells.get(row, run.col);
    const old = parseDecimal(current);
    if (old !== undefined && compare(old, result) === 0) {
      run.skipped++;
      continue;
    }
    record(run, cells, hashing, row, current, render(result));
  }
  if (rows.length > 0) uncomputable(run, action, column, cells, warnings, rows, reasons);
}

/**
 * The exact-decimal shortcut for a formula of plain numbers (see fast-numeric.ts), when the
 * operation has no ending or limits; undefined otherwise.
 */
function fastPath(
  tree: Extract<NormalizedOperation["action"], { kind: "expression" }>["tree"],
  op: OperationRun["op"],
  cells: WorkingCells,
  indexOf: (name: string) => number,
  { variables, grouped }: RunState,
) {
  if (op.ending !== undefined || op.minValue !== undefined || op.maxValue !== undefined) {
    return undefined;
  }
  const { table } = cells;
  // A table read from an ASCII file's bytes: an unquoted input cell's value is its bytes.
  const bytes = table.decodedText === null ? table.bytes : null;
  const readCell = (row: number, col: number): boolean => {
    const written = cells.overlays[col]?.get(row);
    if (written === undefined && bytes !== null) {
      const start = table.cellStart(row, col);
      if (bytes[start] !== QUOTE) return readPlainRange(bytes, start, table.cellEnd(row, col));
    }
    const text = written ?? table.cell(row, col);
    return readPlainRange(text, 0, text.length);
  };
  return fastExpression(
    tree,
    readCell,
    indexOf,
    (name) => {
      if (grouped.has(name)) return undefined;
      const value = variables.get(name);
      return value === undefined ? undefined : numberOf(value);
    },
    op.roundTo,
  );
}

/** Rows the formula could not compute: skipped with a warning when asked, else a failure. */
function uncomputable(
  run: OperationRun,
  action: Extract<NormalizedOperation["action"], { kind: "expression" }>,
  column: ColumnProfile,
  cells: WorkingCells,
  warnings: string[],
  rows: number[],
  reasons: Uncomputable[],
): void {
  const what = uncomputableText(rows, reasons, cells);
  const id = run.op.operationId;
  if (action.skipUncomputable) {
    run.skipped += rows.length;
    const one = rows.length === 1;
    warnings.push(
      `Operation ${id}: ${rows.length} row${one ? "" : "s"} could not be computed and ${one ? "was" : "were"} left as ${one ? "it was" : "they were"}: ${what}.`,
    );
    return;
  }
  throw new ExecutionFailure({
    code: "uncomputable",
    message: `Operation ${id}: ${rows.length} matched row${rows.length === 1 ? "" : "s"} cannot be computed: ${what}. Fill those cells, leave the rows out with the filter, or let the operation skip rows it cannot compute.`,
    operationId: id,
    column: column.name,
    offendingKeys: rows.slice(0, OFFENDING_KEYS_SHOWN).map((row) => cells.table.rowKey(row)),
    offendingCount: rows.length,
  });
}

/** A lone column into a column that is not a number: its exact text, checked against the type. */
function copyText(
  run: OperationRun,
  source: number,
  column: ColumnProfile,
  cells: WorkingCells,
  hashing: ChangeHashing | null,
): void {
  for (let k = 0, ahead = 0; k < run.matched.length; k++) {
    if (k === ahead) ahead = cells.readAhead(run.matched, k, source);
    const row = run.matched[k];
    const text = cells.get(row, source);
    const current = cells.get(row, run.col);
    if (text === current) {
      run.skipped++;
      continue;
    }
    const outcome = setOutcome(text, column);
    if (outcome.kind === "mismatch") {
      throw failure(run, column, `row ${cells.table.rowKey(row)}: ${outcome.message}`);
    }
    record(run, cells, hashing, row, current, text);
  }
}

function failure(run: OperationRun, column: ColumnProfile, message: string): ExecutionFailure {
  return new ExecutionFailure({
    code: "type_mismatch",
    message: `Operation ${run.op.operationId}: ${message}`,
    operationId: run.op.operationId,
    column: column.name,
  });
}

/** "'cost' is empty (A1, A2), division by zero (B7)", grouped by reason, a few keys each. */
function uncomputableText(rows: number[], reasons: Uncomputable[], cells: WorkingCells): string {
  const groups = new Map<string, string[]>();
  for (let k = 0; k < rows.length; k++) {
    const reason = reasons[k];
    const label =
      reason.why === "division_by_zero"
        ? "division by zero"
        : reason.why === "no_group_value"
          ? `its '${reason.column}' has no value to use`
          : reason.why === "empty"
            ? `'${reason.column}' is empty`
            : `'${reason.column}' is not a number`;
    const keys = groups.get(label) ?? [];
    if (keys.length < 6) keys.push(cells.table.rowKey(rows[k]));
    groups.set(label, keys);
  }
  return [...groups]
    .map(
      ([label, keys]) => `${label} (${keys.slice(0, 5).join(", ")}${keys.length > 5 ? ", …" : ""})`,
    )
    .join("; ");
}

import type { ColumnOverlay } from "@/lib/dataset/column-overlay";
import { CsvError, type CsvTable, writeChanges } from "@/lib/dataset/csv";
import type { DatasetProfile } from "@/lib/dataset/types";
import { type NormalizedPlan, normalizePlan, PlanNormalizeError } from "@/lib/plan/normalize";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { changeRecords } from "./change-records";
import { evaluateGuards, type NetChange } from "./guards";
import { sha256Hex } from "./hash";
import { ChangeHashing, ExecutionFailure, type RunOutcome, runPlan } from "./run";
import type { Change, ChangeRun, DryRunFailure, DryRunResult, OperationStats } from "./types";
import { variablesToJson } from "./variables";

/**
 * The deterministic executor (docs/plan-format.md "How a plan runs"): runs a plan against a parsed
 * table and returns everything a preview shows and an approval checks — the change set and its
 * hash, per-operation counts, guards, warnings and the resulting CSV bytes. Pure: the input table
 * is not modified and nothing is written anywhere. Same plan + same bytes ⇒ same result.
 */
export function dryRun(
  plan: ExecutionPlan,
  table: CsvTable,
  profile: DatasetProfile,
): DryRunResult | DryRunFailure {
  const prepared = prepare(plan, table, profile);
  if (!prepared.ok) return prepared;
  let outcome: RunOutcome;
  const hashing = new ChangeHashing(table);
  try {
    outcome = runPlan(prepared.plan, table, profile, hashing);
  } catch (error) {
    if (error instanceof ExecutionFailure) return { ok: false, error: error.error };
    throw error;
  }

  // The changed cells as written, counted; the output bytes are assembled on first read.
  const written = writeChanges(table, outcome.cells.edits(), outcome.cells.written());
  const { guards: limits } = prepared.plan;
  const net = guardsReadCells(limits) ? netChanges(outcome, table, profile) : [];
  const guards = evaluateGuards(limits, net, written.rowsChanged);
  // A large table's keys may still be being checked on another thread (`checkKeysAside`).
  const keys = settleKeys(table);
  if (keys) return keys;
  let outputSha256: string | undefined;
  let changes: Change[] | undefined;
  let changeRows: Int32Array | undefined;
  const result = {
    ok: true as const,
    order: prepared.plan.order,
    // The change set is the operations' record (rows, before, after), hashed as it was made;
    // the objects are made on first read (an enumerable getter, like below).
    get changes() {
      changes ??= changeList(outcome, table);
      return changes;
    },
    operations: outcome.runs.map(
      (run): OperationStats => ({
        operationId: run.op.operationId,
        matched: run.matched.length,
        changed: run.changedRows.length,
        skipped: run.skipped,
      }),
    ),
    guards,
    guardsPassed: guards.every((g) => g.passed),
    warnings: outcome.warnings,
    rowsChanged: written.rowsChanged,
    cellsChanged: written.cellsChanged,
    changeSetHash: hashing.digest(),
    // A preview needs only the counts, so the 77 MB of a large output are assembled on first
    // read (an enumerable getter, so JSON and spreads still see plain bytes).
    get output() {
      return written.bytes;
    },
    // Hashing 77 MB costs more than parsing it, and only approval needs it: computed on first
    // read too.
    get outputSha256() {
      outputSha256 ??= sha256Hex(written.bytes);
      return outputSha256;
    },
    variables: variablesToJson(outcome.variables),
  };
  // Not enumerable: results are spread into server action replies, which cannot carry functions.
  return Object.defineProperties(result, {
    rowOfChange: {
      enumerable: false,
      value(index: number) {
        changeRows ??= changeRowList(outcome);
        return changeRows[index];
      },
    },
    outputReplacements: { enumerable: false, value: () => written.replacements() },
    outputPieces: { enumerable: false, value: (pieceBytes?: number) => written.pieces(pieceBytes) },
    changeRecords: { enumerable: false, value: () => changeRecords(outcome, table) },
    changeRuns: { enumerable: false, value: () => changeRuns(outcome, table) },
    outputTable: { enumerable: false, value: () => written.shiftedTable() },
  }) as DryRunResult;
}

/** The plan in canonical form, with the table keyed by the profile's key column. */
export function prepare(
  plan: ExecutionPlan,
  table: CsvTable,
  profile: DatasetProfile,
): { ok: true; plan: NormalizedPlan } | DryRunFailure {
  const sameColumns =
    profile.columns.length === table.columnCount &&
    profile.columns.every((c, i) => c.index === i && c.name === table.header[i]);
  if (!sameColumns) {
    return {
      ok: false,
      error: {
        code: "invalid_plan",
        message: `The dataset profile describes other columns (${profile.columns.map((c) => c.name).join(", ")}) than the file has (${table.header.join(", ")}).`,
      },
    };
  }
  let normalized: NormalizedPlan;
  try {
    normalized = normalizePlan(plan, profile);
  } catch (error) {
    if (error instanceof PlanNormalizeError) {
      return {
        ok: false,
        error: { code: "invalid_plan", message: error.message, path: error.path },
      };
    }
    throw error;
  }
  if (table.keyColumn !== profile.keyColumn) {
    try {
      table.setKeyColumn(profile.keyColumn);
    } catch (error) {
      if (error instanceof CsvError) {
        return { ok: false, error: { code: "invalid_key", message: error.message } };
      }
      throw error;
    }
  }
  return { ok: true, plan: normalized };
}

/** Whether the guards compare cells' values, not only count the rows changed. */
function guardsReadCells(limits: NormalizedPlan["guards"]): boolean {
  return (
    limits.max_change_percent !== undefined ||
    limits.min_value !== undefined ||
    limits.max_value !== undefined
  );
}

/** The run did not need the keys unique; its result does. */
function settleKeys(table: CsvTable): DryRunFailure | null {
  try {
    table.settleKeyCheck();
    return null;
  } catch (error) {
    if (error instanceof CsvError) {
      return { ok: false, error: { code: "invalid_key", message: error.message } };
    }
    throw error;
  }
}

function changeRowList(outcome: RunOutcome): Int32Array {
  const rows = new Int32Array(outcome.runs.reduce((n, run) => n + run.changedRows.length, 0));
  let at = 0;
  for (const { changedRows } of outcome.runs) {
    for (let k = 0; k < changedRows.length; k++) rows[at++] = changedRows[k];
  }
  return rows;
}

function changeRuns(outcome: RunOutcome, table: CsvTable): ChangeRun[] {
  return outcome.runs.map((run) => ({
    operationId: run.op.operationId,
    column: table.header[run.col],
    rows: run.changedRows,
    after: run.after,
  }));
}

function changeList(outcome: RunOutcome, table: CsvTable): Change[] {
  const changes = new Array<Change>(outcome.runs.reduce((n, run) => n + run.changedRows.length, 0));
  let at = 0;
  for (const run of outcome.runs) {
    const column = table.header[run.col];
    const operationId = run.op.operationId;
    const { changedRows, before, after } = run;
    for (let k = 0; k < changedRows.length; k++) {
      changes[at++] = {
        operationId,
        rowKey: table.rowKey(changedRows[k]),
        column,
        before: before[k],
        after: after[k],
      };
    }
  }
  return changes;
}

/** Cells whose final value differs from the input, in row then column order (for guards). */
function netChanges(outcome: RunOutcome, table: CsvTable, profile: DatasetProfile): NetChange[] {
  const written: Array<{ col: number; values: ColumnOverlay; numeric: boolean }> = [];
  outcome.cells.overlays.forEach((values, col) => {
    if (!values) return;
    const type = profile.columns[col]?.type;
    written.push({ col, values, numeric: type === "number" || type === "integer" });
  });
  const changes: NetChange[] = [];
  if (written.length === 0) return changes;
  for (let row = 0; row < table.rowCount; row++) {
    for (const { col, values, numeric } of written) {
      const after = values.get(row);
      if (after === undefined || table.cellEquals(row, col, after)) continue;
      const before = table.cell(row, col);
      changes.push({
        rowKey: table.rowKey(row),
        column: table.header[col],
        before,
        after,
        numeric,
      });
    }
  }
  return changes;
}

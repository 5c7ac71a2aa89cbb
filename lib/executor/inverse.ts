import type { ExecutionPlan, Operation } from "@/lib/plan/schema";
import type { Change } from "./types";

/**
 * The plan that undoes an execution (revert goes through the same review).
 * Each changed cell gets its first `before` back. Cells are grouped by column; each column is one
 * restore_values operation listing every changed row's key with its exact original text (written
 * verbatim, so the bytes come back as they were, number formatting included). The columns touch
 * disjoint cells, so every operation has `depends_on: []`.
 *
 * A plan holds at most 100 operations, so only an execution that changed more than 100 columns
 * has no inverse in plan format version 1; that is reported, not worked around.
 */

export interface InversePlanOptions {
  keyColumn: string;
  executionId: string;
  /** ISO-8601 timestamp. */
  createdAt: string;
  sourceInstruction: string;
}

export type InversePlanResult =
  | { ok: true; plan: ExecutionPlan }
  | {
      ok: false;
      reason: "too_many_groups" /** Changed columns. */;
      groups: number;
      message: string;
    }
  | { ok: false; reason: "unrepresentable_key"; message: string };

/**
 * A restore_values map is a JSON object read into a JavaScript one, where this key names the
 * prototype instead of an entry: it would vanish without a trace, so such a revert is refused.
 */
const UNREPRESENTABLE_KEY = "__proto__";

export const MAX_OPERATIONS = 100;

export function inversePlan(
  changes: readonly Change[],
  options: InversePlanOptions,
): InversePlanResult {
  const cells = netCells(changes);
  for (const cell of cells) {
    if (cell.rowKey === UNREPRESENTABLE_KEY) {
      return {
        ok: false,
        reason: "unrepresentable_key",
        message: `Row "${UNREPRESENTABLE_KEY}" cannot be listed in a restore_values operation; restore its '${cell.column}' cell by hand.`,
      };
    }
  }
  const groups = originalsByColumn(cells);
  if (groups.size > MAX_OPERATIONS) {
    return {
      ok: false,
      reason: "too_many_groups",
      groups: groups.size,
      message: `Undoing this restores ${groups.size} different columns, more than the ${MAX_OPERATIONS} operations a plan can hold.`,
    };
  }
  return {
    ok: true,
    plan: {
      format_version: 1,
      execution_id: options.executionId,
      created_at: options.createdAt,
      source_instruction: options.sourceInstruction,
      operations: restoreOperations(groups, options.keyColumn),
    },
  };
}

interface NetCell {
  rowKey: string;
  column: string;
  original: string;
  final: string;
}

/** Each changed cell once: its first before is its input value, its last after its final one. */
function netCells(changes: readonly Change[]): NetCell[] {
  const cells = new Map<string, NetCell>();
  for (const change of changes) {
    const id = JSON.stringify([change.rowKey, change.column]);
    const seen = cells.get(id);
    if (seen) seen.final = change.after;
    else {
      cells.set(id, {
        rowKey: change.rowKey,
        column: change.column,
        original: change.before,
        final: change.after,
      });
    }
  }
  return [...cells.values()];
}

/** The input values to put back, by column then row key. */
function originalsByColumn(cells: Iterable<NetCell>): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const cell of cells) {
    if (cell.final === cell.original) continue; // changed and changed back: nothing to undo
    let group = groups.get(cell.column);
    if (!group) {
      group = new Map();
      groups.set(cell.column, group);
    }
    group.set(cell.rowKey, cell.original);
  }
  return groups;
}

/** One restore_values operation per column, in column order, keys sorted. */
function restoreOperations(
  groups: Map<string, Map<string, string>>,
  keyColumn: string,
): Operation[] {
  const ordered = [...groups.entries()].sort(([x], [y]) => compare(x, y));
  const width = String(ordered.length).length;
  const operations: Operation[] = ordered.map(([column, originals], index) => {
    const values: Record<string, string> = {};
    for (const key of [...originals.keys()].sort(compare))
      values[key] = originals.get(key) as string;
    const n = originals.size;
    return {
      operation_id: `restore_${String(index + 1).padStart(width, "0")}`,
      description: `Restore ${n} '${column}' cell${n === 1 ? "" : "s"} to their original values.`,
      depends_on: [],
      filter: {},
      action: { type: "restore_values", column, values },
    };
  });
  if (operations.length > 0) return operations;
  // Nothing to restore; a plan still needs one operation, so select no rows.
  return [
    {
      operation_id: "restore_none",
      description: "Nothing changed, so nothing to restore.",
      depends_on: [],
      filter: { all: [{ column: keyColumn, op: "in", value: [] }] },
      action: { type: "aggregate", fn: "count", column: keyColumn, result_variable: "restored" },
    },
  ];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

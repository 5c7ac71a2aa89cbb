import type { CsvTable } from "@/lib/dataset/csv";
import type { ColumnProfile } from "@/lib/dataset/types";
import type { NormalizedOperation } from "@/lib/plan/normalize";
import type { WorkingCells } from "./cells";
import type { ConditionTests } from "./conditions";
import { ChangeSetHasher } from "./hash";
import { type DryRunError, OFFENDING_KEYS_SHOWN } from "./types";
import type { GroupedVariables, Variables } from "./variables";

/**
 * The record each operation of a run keeps (run.ts runs them), and the one way a changed cell is
 * recorded: into the working cells, the operation's record and the change-set hash at once.
 */

/** What the operations of one run share: variables, per-group aggregates, warnings. */
export interface RunState {
  variables: Variables;
  grouped: GroupedVariables;
  warnings: string[];
}

/** What one operation did. */
export interface OperationRun {
  op: NormalizedOperation;
  /** Index of the column the action writes or reads. */
  col: number;
  tests: ConditionTests;
  /** Rows the filter selected, ascending. */
  matched: Int32Array;
  /** Rows whose cell this operation changed, ascending, with the values before and after. */
  changedRows: number[];
  before: string[];
  after: string[];
  /** How many of `changedRows` are filled (they are cut to it when the operation ends). */
  changed: number;
  skipped: number;
  /** Variables the filter or action value reads. */
  readsVariables: string[];
  /** Other columns the action reads (an expression's or a template's), by index. */
  readsColumns: number[];
  /** For a set_value whose text is the same on every row: that text (its effect is idempotent). */
  constantText?: string;
}

/** A failure that stops the whole run; nothing is applied. */
export class ExecutionFailure extends Error {
  constructor(readonly error: DryRunError) {
    super(error.message);
  }
}

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;

/**
 * The change-set hash (`changeSetHash` of the runs' changes, in order), fed each change as it is
 * recorded. The row has just been read, so its key is still in the cache; a pass over the record
 * afterwards would fetch every changed row of a large table from memory again (on a million rows
 * that pass cost more than the hashing).
 */
export class ChangeHashing {
  private readonly hasher = new ChangeSetHasher();
  private readonly keyCol: number;

  constructor(private readonly table: CsvTable) {
    this.keyCol = table.keyColumnIndex;
  }

  change(run: OperationRun, row: number, before: string, after: string): void {
    const { table, keyCol } = this;
    this.hasher.run(run.op.operationId, table.header[run.col]);
    const start = table.cellStart(row, keyCol);
    if (table.codeAt(start) === QUOTE) {
      this.hasher.change(table.rowKey(row), before, after);
    } else {
      // An ASCII file read from its bytes has text offsets that are byte offsets.
      const source = table.decodedText ?? table.bytes;
      this.hasher.changeWithKeyText(source, start, table.cellEnd(row, keyCol), before, after);
    }
  }

  digest(): string {
    return this.hasher.digest();
  }
}

export function record(
  run: OperationRun,
  cells: WorkingCells,
  hashing: ChangeHashing | null,
  row: number,
  before: string,
  after: string,
) {
  hashing?.change(run, row, before, after);
  cells.set(row, run.col, after);
  const at = run.changed++;
  run.changedRows[at] = row;
  run.before[at] = before;
  run.after[at] = after;
}

/** The failure of a numeric action or aggregate that met cells that are not numbers. */
export function nonNumeric(
  run: OperationRun,
  column: ColumnProfile,
  cells: WorkingCells,
  rows: number[],
): ExecutionFailure {
  const keys = rows.slice(0, OFFENDING_KEYS_SHOWN).map((row) => cells.table.rowKey(row));
  const shown = keys.slice(0, 5).join(", ");
  return new ExecutionFailure({
    code: "non_numeric",
    message: `Operation ${run.op.operationId}: ${rows.length} matched row${rows.length === 1 ? "" : "s"} ha${rows.length === 1 ? "s" : "ve"} a '${column.name}' that is not a number (${shown}${rows.length > 5 ? ", …" : ""}). Nothing was applied.`,
    operationId: run.op.operationId,
    column: column.name,
    offendingKeys: keys,
    offendingCount: rows.length,
  });
}

import { asWritten } from "@/lib/dataset/written-style";
import { type ChangeColumns, changeCount } from "@/lib/diff/change-columns";
import { numericChange } from "@/lib/diff/numeric-change";
import {
  applySortOrder,
  mappedRanks,
  naturalRanks,
  numberRanks,
  type SortOrder,
  sortOrder,
  stringRanks,
} from "./change-sort";

/**
 * Filtering and sorting a change set without touching React: a view is an array of change
 * indices (a `Uint32Array`), so filtering and sorting 300,000 changes moves numbers, never
 * objects. Per-column derived data (lower-cased text, numeric deltas, sort keys) is computed the
 * first time a filter or sort needs it and kept on the `ChangeIndex`.
 */

/** Column ids of the "Only changed cells" view; also the ids of its TanStack columns. */
export const CHANGE_FIELDS = [
  "rowKey",
  "operation",
  "column",
  "before",
  "after",
  "change",
  "percent",
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

export interface ChangeFilter {
  /** An operation id, or undefined for all. */
  operation?: string;
  /** A column name, or undefined for all. */
  column?: string;
  /** Case-insensitive text matched against row key, before and after (as shown). */
  text?: string;
}

export interface ChangeSort {
  id: ChangeField;
  desc: boolean;
}

/**
 * Lazily derived, cached data over one change set. Create one per change set (the table does this
 * in a memo) and pass it to `filterChanges` / `sortChanges`.
 */
export class ChangeIndex {
  readonly changes: ChangeColumns;
  readonly count: number;
  private lowerText?: { rowKeys: string[]; before: string[]; after: string[] };
  private numeric?: { delta: Float64Array; percent: Float64Array };
  /** Changes whose delta and percent are in `numeric` so far (see `prepareNumbers`). */
  private numericReady = 0;
  private sortOrders = new Map<ChangeField, SortOrder>();
  private rowGroups?: Uint32Array[];

  constructor(changes: ChangeColumns) {
    this.changes = changes;
    this.count = changeCount(changes);
  }

  /** Lower-cased row keys, befores and afters for the text filter, as the table shows them. */
  text() {
    const { styles, columns, column } = this.changes;
    const shown = (values: string[]) =>
      values.map((value, at) =>
        (styles ? asWritten(value, styles[columns[column[at]]]) : value).toLowerCase(),
      );
    this.lowerText ??= {
      rowKeys: this.changes.rowKeys.map((value) => value.toLowerCase()),
      before: shown(this.changes.before),
      after: shown(this.changes.after),
    };
    return this.lowerText;
  }

  /** Delta and percent per change; NaN where the change is not numeric (or percent undefined). */
  numbers() {
    this.prepareNumbers(this.count);
    return this.numeric!;
  }

  /**
   * Works out the delta and percent of up to `budget` more changes; true once all are done. The
   * table calls it in idle time, so the first sort by change or % finds them ready instead of
   * parsing every value in one long task.
   */
  prepareNumbers(budget: number): boolean {
    this.numeric ??= {
      delta: new Float64Array(this.count),
      percent: new Float64Array(this.count),
    };
    const { delta, percent } = this.numeric;
    const end = Math.min(this.count, this.numericReady + budget);
    for (let index = this.numericReady; index < end; index++) {
      const change = numericChange(this.changes.before[index], this.changes.after[index]);
      delta[index] = change ? change.delta : Number.NaN;
      percent[index] = change?.percent ?? Number.NaN;
    }
    this.numericReady = end;
    return end === this.count;
  }

  /** Every change in ascending order of one field (see change-sort.ts). */
  sortOrder(field: ChangeField): SortOrder {
    let order = this.sortOrders.get(field);
    if (!order) {
      order = buildSortOrder(this, field);
      this.sortOrders.set(field, order);
    }
    return order;
  }

  /** Change indices per row (index into `changes.rowKeys`), in change-set order. */
  changesByRow(): Uint32Array[] {
    if (!this.rowGroups) {
      const sizes = new Uint32Array(this.changes.rowKeys.length);
      for (const row of this.changes.row) sizes[row]++;
      const groups = Array.from(sizes, (size) => new Uint32Array(size));
      const filled = new Uint32Array(sizes.length);
      for (let index = 0; index < this.count; index++) {
        const row = this.changes.row[index];
        groups[row][filled[row]++] = index;
      }
      this.rowGroups = groups;
    }
    return this.rowGroups;
  }
}

/** Indices of the changes that pass the filter, in change-set order. */
export function filterChanges(index: ChangeIndex, filter: ChangeFilter): Uint32Array {
  const { changes, count } = index;
  const operation = filter.operation ? changes.operationIds.indexOf(filter.operation) : -1;
  const column = filter.column ? changes.columns.indexOf(filter.column) : -1;
  const text = filter.text?.trim().toLowerCase() ?? "";
  if ((filter.operation && operation < 0) || (filter.column && column < 0)) {
    return new Uint32Array(0);
  }
  if (operation < 0 && column < 0 && text === "") return identity(count);

  const lower = text === "" ? undefined : index.text();
  const keyMatches = lower ? lower.rowKeys.map((key) => key.includes(text)) : undefined;
  const kept = new Uint32Array(count);
  let size = 0;
  for (let at = 0; at < count; at++) {
    if (operation >= 0 && changes.op[at] !== operation) continue;
    if (column >= 0 && changes.column[at] !== column) continue;
    if (
      lower &&
      !keyMatches![changes.row[at]] &&
      !lower.before[at].includes(text) &&
      !lower.after[at].includes(text)
    ) {
      continue;
    }
    kept[size++] = at;
  }
  return kept.slice(0, size);
}

/**
 * The indices reordered by one column. Ties keep change-set order; changes without a value for
 * the column (a non-numeric change when sorting by change or %) go last in both directions.
 */
export function sortChanges(
  index: ChangeIndex,
  indices: Uint32Array,
  sort: ChangeSort | undefined,
): Uint32Array {
  if (!sort) return indices;
  return applySortOrder(index.sortOrder(sort.id), indices, sort.desc);
}

/**
 * The rows of a filtered, sorted view for the "Full rows" mode: each row that has at least one
 * change in `indices` appears once, at the position of its first change in that order.
 */
export function groupRows(index: ChangeIndex, indices: Uint32Array): number[] {
  const seen = new Uint8Array(index.changes.rowKeys.length);
  const rows: number[] = [];
  for (const at of indices) {
    const row = index.changes.row[at];
    if (seen[row]) continue;
    seen[row] = 1;
    rows.push(row);
  }
  return rows;
}

/**
 * The net change of each cell in a row: when several operations write the same cell, the before
 * of the first and the after of the last.
 */
export function netCellChanges(
  index: ChangeIndex,
  row: number,
): Map<string, { before: string; after: string; operations: string[] }> {
  const cells = new Map<string, { before: string; after: string; operations: string[] }>();
  const { changes } = index;
  for (const at of index.changesByRow()[row]) {
    const column = changes.columns[changes.column[at]];
    const operation = changes.operationIds[changes.op[at]];
    const cell = cells.get(column);
    if (cell) {
      cell.after = changes.after[at];
      if (!cell.operations.includes(operation)) cell.operations.push(operation);
    } else {
      cells.set(column, {
        before: changes.before[at],
        after: changes.after[at],
        operations: [operation],
      });
    }
  }
  return cells;
}

function identity(count: number): Uint32Array {
  const indices = new Uint32Array(count);
  for (let at = 0; at < count; at++) indices[at] = at;
  return indices;
}

function rankOfNames(names: readonly string[], byName: boolean): Uint32Array {
  if (!byName) return Uint32Array.from(names, (_, at) => at);
  return stringRanks(names).rank;
}

function buildSortOrder(index: ChangeIndex, field: ChangeField): SortOrder {
  const { changes } = index;
  switch (field) {
    case "rowKey":
      return sortOrder(mappedRanks(changes.row, naturalRanks(changes.rowKeys).rank));
    case "operation":
      return sortOrder(mappedRanks(changes.op, rankOfNames(changes.operationIds, false)));
    case "column":
      return sortOrder(mappedRanks(changes.column, rankOfNames(changes.columns, true)));
    case "before":
      return sortOrder(naturalRanks(changes.before));
    case "after":
      return sortOrder(naturalRanks(changes.after));
    case "change":
      return sortOrder(numberRanks(index.numbers().delta));
    case "percent":
      return sortOrder(numberRanks(index.numbers().percent));
  }
}

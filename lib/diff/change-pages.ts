import { assertIndexes, type ChangeColumns, emptyChanges } from "./change-columns";

/**
 * A change set sent in pages, so the diff table can show its first rows from a small first request
 * and fetch the rest behind them. Pages split the change list by position; each carries the row
 * keys first referenced in it (row keys are numbered in order of first appearance, so a page's new
 * keys extend the ones already received), and every page repeats the short operation and column
 * lists. Concatenating the pages in order gives back the whole `ChangeColumns`.
 */
export interface ChangePage extends ChangeColumns {
  /** Changes in the whole set. */
  total: number;
  /** Position of this page's first change in the whole set. */
  from: number;
  /** Index, in the whole set's `rowKeys`, of this page's first row key. */
  rowKeysFrom: number;
}

/** The page of `limit` changes starting at `from` (fewer at the end; empty past it). */
export function changePage(changes: ChangeColumns, from: number, limit: number): ChangePage {
  const total = changes.before.length;
  const start = Math.min(Math.max(from, 0), total);
  const end = Math.min(start + Math.max(limit, 0), total);
  const rowKeysFrom = rowsReferencedBefore(changes, start);
  const rowKeysTo = end === total ? changes.rowKeys.length : rowsReferencedBefore(changes, end);
  return {
    total,
    from: start,
    operationIds: changes.operationIds,
    columns: changes.columns,
    rowKeysFrom,
    rowKeys: changes.rowKeys.slice(rowKeysFrom, Math.max(rowKeysFrom, rowKeysTo)),
    row: changes.row.slice(start, end),
    op: changes.op.slice(start, end),
    column: changes.column.slice(start, end),
    before: changes.before.slice(start, end),
    after: changes.after.slice(start, end),
    ...(changes.styles ? { styles: changes.styles } : {}),
  };
}

/** One more than the largest row index among the first `end` changes. */
function rowsReferencedBefore(changes: ChangeColumns, end: number): number {
  let rows = 0;
  for (let at = 0; at < end; at++) rows = Math.max(rows, changes.row[at] + 1);
  return rows;
}

/**
 * Appends the next page to the changes received so far (a new set for the first page). Throws when
 * the page does not continue them, or when the result's indices do not line up.
 */
export function appendChangePage(received: ChangeColumns | null, page: ChangePage): ChangeColumns {
  const target: ChangeColumns = received ?? {
    ...emptyChanges(),
    operationIds: page.operationIds,
    columns: page.columns,
    ...(page.styles ? { styles: page.styles } : {}),
  };
  if (page.from !== target.before.length || page.rowKeysFrom !== target.rowKeys.length) {
    throw new Error(
      `change page: expected changes from ${target.before.length} and row keys from ${target.rowKeys.length}, got ${page.from} and ${page.rowKeysFrom}`,
    );
  }
  const count = page.before.length;
  for (const field of ["row", "op", "column", "after"] as const) {
    if (page[field].length !== count) {
      throw new Error(`change page: ${field} has ${page[field].length} entries, expected ${count}`);
    }
  }
  for (const key of page.rowKeys) target.rowKeys.push(key);
  const limits = [
    ["row", target.rowKeys.length],
    ["op", target.operationIds.length],
    ["column", target.columns.length],
  ] as const;
  for (const [field, limit] of limits) {
    assertIndexes(`change page: ${field}`, page[field], limit, page.from);
    for (const value of page[field]) target[field].push(value);
  }
  for (let at = 0; at < count; at++) {
    target.before.push(page.before[at]);
    target.after.push(page.after[at]);
  }
  return target;
}

/** The most changes one page request may ask for. */
const MAX_PAGE = 100_000;

/** `from` and `limit` of a page request (`?from=&limit=`), clamped; the first page by default. */
export function pageRequest(params: URLSearchParams): { from: number; limit: number } {
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(name) ?? fallback);
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return { from: number("from", 0), limit: Math.min(number("limit", MAX_PAGE), MAX_PAGE) };
}

import "server-only";
import type { CsvTable } from "@/lib/dataset/csv";
import { withWrittenStyles } from "@/lib/dataset/written-style";
import {
  type ChangeColumns,
  type ChangedRows,
  encodeChanges,
  pickChangedRows,
} from "@/lib/diff/change-columns";
import { type ChangePage, changePage } from "@/lib/diff/change-pages";
import type { Change } from "@/lib/executor";
import { releaseWhenIdle } from "./idle-release";

/**
 * The latest previews' change sets, held briefly so the diff table can fetch them from a route
 * handler right after the preview action answers. A preview of 300,000 changes is tens of
 * megabytes: sent inside the action's response it would be escaped into the page payload; here
 * it is served in pages of plain JSON. Only the few newest previews are kept; an evicted one is
 * simply previewed again.
 */
const MAX_ENTRIES = 4;

interface CachedPreview {
  planId: string;
  /**
   * The executor's change list, encoded into columns on the first request for it and then let
   * go: on a million rows the list's objects and strings are tens of megabytes.
   */
  source: readonly Change[] | null;
  operationIds: readonly string[];
  changes?: ChangeColumns;
  /** The parsed base version, to pick full rows on demand. */
  table: CsvTable;
  rows?: ChangedRows;
  /** Serialised pages already served, by "from:limit". */
  pages: Map<string, string>;
}

const globalForCache = globalThis as unknown as { signoffPreviews?: Map<string, CachedPreview> };
globalForCache.signoffPreviews ??= new Map();
const cache: Map<string, CachedPreview> = globalForCache.signoffPreviews;
const used = releaseWhenIdle("previews", cache);

export function cachePreview(
  previewHash: string,
  entry: {
    planId: string;
    changes: readonly Change[];
    operationIds: readonly string[];
    /** The base version the preview ran on, parsed with its key column. */
    table: CsvTable;
  },
): void {
  cache.delete(previewHash);
  cache.set(previewHash, {
    planId: entry.planId,
    source: entry.changes,
    operationIds: entry.operationIds,
    table: entry.table,
    pages: new Map(),
  });
  used(previewHash);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
}

/** Lets go of a plan's previews (its approval has re-run the plan and supersedes them). */
export function forgetPreviewsOf(planId: string): void {
  for (const [hash, entry] of cache) if (entry.planId === planId) cache.delete(hash);
}

function entryOf(planId: string, previewHash: string): CachedPreview | null {
  const entry = cache.get(previewHash);
  if (entry?.planId !== planId) return null;
  used(previewHash);
  return entry;
}

function changesOf(entry: CachedPreview): ChangeColumns {
  if (!entry.changes) {
    const options = { operationIds: entry.operationIds, columns: entry.table.header };
    const encoded = encodeChanges(entry.source ?? [], options);
    entry.changes = withWrittenStyles(encoded, entry.table.writtenStyles());
    entry.source = null;
  }
  return entry.changes;
}

/**
 * One page of a preview's change set as JSON text (see `changePage`), serialised once: the diff
 * table asks for a small first page, then the rest, and may ask again after a reload.
 */
export function cachedPreviewPage(
  planId: string,
  previewHash: string,
  from: number,
  limit: number,
): string | null {
  const entry = entryOf(planId, previewHash);
  if (!entry) return null;
  const key = `${from}:${limit}`;
  let body = entry.pages.get(key);
  if (body === undefined) {
    const page: ChangePage = changePage(changesOf(entry), from, limit);
    body = JSON.stringify(page);
    entry.pages.set(key, body);
  }
  return body;
}

export function cachedPreviewRows(planId: string, previewHash: string): ChangedRows | null {
  const entry = entryOf(planId, previewHash);
  if (!entry) return null;
  if (!entry.rows) {
    const { table } = entry;
    const changes = changesOf(entry);
    const rows = changes.rowKeys.map((key: string) => {
      const row = table.rowOfKey(key);
      return table.header.map((_, column) => table.cell(row, column));
    });
    entry.rows = pickChangedRows(table.header, table.keyColumn ?? "", rows, changes);
  }
  return entry.rows;
}

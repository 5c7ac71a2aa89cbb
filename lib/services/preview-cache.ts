import "server-only";
import { parseCsv } from "@/lib/dataset/csv";
import {
  type ChangeColumns,
  type ChangedRows,
  encodeChanges,
  pickChangedRows,
} from "@/lib/diff/change-columns";
import type { Change } from "@/lib/executor";

/**
 * The latest previews' change sets, held briefly so the diff table can fetch them from a route
 * handler right after the preview action answers. A preview of 300,000 changes is tens of
 * megabytes: sent inside the action's response it would be escaped into the page payload; here
 * it is one plain JSON document. Only the few newest previews are kept; an evicted one is simply
 * previewed again.
 */
const MAX_ENTRIES = 4;

interface CachedPreview {
  planId: string;
  changes: ChangeColumns;
  /** The base version's bytes and key column, to pick full rows on demand. */
  content: Uint8Array;
  keyColumn: string;
  rows?: ChangedRows;
}

const globalForCache = globalThis as unknown as { signoffPreviews?: Map<string, CachedPreview> };
globalForCache.signoffPreviews ??= new Map();
const cache: Map<string, CachedPreview> = globalForCache.signoffPreviews;

export function cachePreview(
  previewHash: string,
  entry: {
    planId: string;
    changes: readonly Change[];
    operationIds: string[];
    header: readonly string[];
    content: Uint8Array;
    keyColumn: string;
  },
): ChangeColumns {
  const changes = encodeChanges(entry.changes, {
    operationIds: entry.operationIds,
    columns: entry.header,
  });
  cache.delete(previewHash);
  cache.set(previewHash, {
    planId: entry.planId,
    changes,
    content: entry.content,
    keyColumn: entry.keyColumn,
  });
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return changes;
}

export function cachedPreviewChanges(planId: string, previewHash: string): ChangeColumns | null {
  const entry = cache.get(previewHash);
  return entry?.planId === planId ? entry.changes : null;
}

export function cachedPreviewRows(planId: string, previewHash: string): ChangedRows | null {
  const entry = cache.get(previewHash);
  if (entry?.planId !== planId) return null;
  if (!entry.rows) {
    const table = parseCsv(entry.content, { keyColumn: entry.keyColumn });
    const rows = entry.changes.rowKeys.map((key: string) => {
      const row = table.rowOfKey(key);
      return table.header.map((_, column) => table.cell(row, column));
    });
    entry.rows = pickChangedRows(table.header, entry.keyColumn, rows, entry.changes);
  }
  return entry.rows;
}

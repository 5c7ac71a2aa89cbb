import "server-only";
import type { CsvTable } from "@/lib/dataset/csv";
import { env } from "@/lib/env";
import { releaseWhenIdle } from "./idle-release";

/**
 * The one cache of parsed versions, shared by previews, approvals and the version viewer. A
 * version's bytes never change, so one parse serves every preview of it, the approval after them
 * and the rows page, and the table an approval produces serves the next preview. Bounded by the
 * memory the tables hold as measured now (`CsvTable.memoryBytes`, which grows as key indexes and
 * dictionaries are built on a table), not by their files' size; the least recently used go first,
 * and a table larger than the whole budget is used once and not kept. Entries nobody has used for
 * a while are dropped by `releaseWhenIdle`.
 */

export interface TableCacheStats {
  hits: number;
  misses: number;
  evictions: number;
  entries: number;
  heldBytes: number;
  limitBytes: number;
}

interface CacheState {
  tables: Map<string, CsvTable>;
  hits: number;
  misses: number;
  evictions: number;
}

// On globalThis so that Next's separately bundled route handlers and pages share one cache.
const globalForTables = globalThis as unknown as { signoffTableCache?: CacheState };
globalForTables.signoffTableCache ??= { tables: new Map(), hits: 0, misses: 0, evictions: 0 };
const state: CacheState = globalForTables.signoffTableCache;
const used = releaseWhenIdle("parsed versions", state.tables);

function limitBytes(): number {
  return env().SIGNOFF_TABLE_CACHE_MB * 1024 * 1024;
}

/** The parsed version, if held; counts a hit or a miss. */
export function cachedTable(versionId: string): CsvTable | undefined {
  const table = state.tables.get(versionId);
  if (!table) {
    state.misses++;
    return undefined;
  }
  state.hits++;
  // Re-inserted so that Map order is least recently used first.
  state.tables.delete(versionId);
  state.tables.set(versionId, table);
  used(versionId);
  return table;
}

/** Keeps a parsed version for the runs that follow, evicting the least recently used. */
export function rememberTable(versionId: string, table: CsvTable): void {
  const limit = limitBytes();
  if (table.memoryBytes() > limit) return;
  state.tables.delete(versionId);
  state.tables.set(versionId, table);
  used(versionId);
  let held = heldBytes();
  for (const [oldest, entry] of state.tables) {
    if (held <= limit || oldest === versionId) break;
    state.tables.delete(oldest);
    state.evictions++;
    held -= entry.memoryBytes();
  }
}

function heldBytes(): number {
  let held = 0;
  for (const table of state.tables.values()) held += table.memoryBytes();
  return held;
}

/** What the cache has done since the process started (the benchmarks print it). */
export function tableCacheStats(): TableCacheStats {
  return {
    hits: state.hits,
    misses: state.misses,
    evictions: state.evictions,
    entries: state.tables.size,
    heldBytes: heldBytes(),
    limitBytes: limitBytes(),
  };
}

import "server-only";

/**
 * Caches of parsed versions and previews hold hundreds of megabytes for a large table; that is
 * right while someone is working on it and wasteful once they have gone. Entries nobody has used
 * for IDLE_MS are forgotten by a timer, and the collector is asked to give the memory back
 * (scripts/serve.mjs exposes it), so an idle server returns to its idle size.
 */
const IDLE_MS = 30_000;
const SWEEP_MS = 10_000;

interface Tracked {
  cache: Map<unknown, unknown>;
  lastUsed: Map<unknown, number>;
}

const globalForRelease = globalThis as unknown as { signoffIdleCaches?: Map<string, Tracked> };
globalForRelease.signoffIdleCaches ??= new Map();
const tracked = globalForRelease.signoffIdleCaches;
let sweeping = false;

/** Registers `cache`; returns the function to call whenever an entry is stored or read. */
export function releaseWhenIdle<K, V>(
  name: string,
  cache: Map<K, V>,
): (key: K, now?: number) => void {
  const entry: Tracked = { cache: cache as Map<unknown, unknown>, lastUsed: new Map() };
  tracked.set(name, entry);
  return (key, now = Date.now()) => {
    entry.lastUsed.set(key, now);
    if (!sweeping) {
      sweeping = true;
      setInterval(() => sweepIdleCaches(), SWEEP_MS).unref();
    }
  };
}

/** Forgets the entries unused since `now - IDLE_MS`; returns how many. */
export function sweepIdleCaches(now = Date.now()): number {
  let released = 0;
  for (const { cache, lastUsed } of tracked.values()) {
    for (const [key, used] of lastUsed) {
      if (!cache.has(key)) lastUsed.delete(key);
      else if (now - used > IDLE_MS) {
        cache.delete(key);
        lastUsed.delete(key);
        released++;
      }
    }
  }
  if (released > 0) collectGarbage();
  return released;
}

let collection: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks the collector to run once this thread has been idle for IDLE_MS: a thread that handed a
 * large file on (an upload's bytes, a request body) holds it as garbage until its next collection,
 * which may not come for a long time when nothing else allocates. Each call restarts the wait.
 */
export function collectWhenIdle(): void {
  if (collection) clearTimeout(collection);
  collection = setTimeout(collectGarbage, IDLE_MS);
  collection.unref();
}

/**
 * A full collection now, where the server exposes the collector (scripts/serve.mjs, and each
 * compute thread: lib/compute/worker.mjs); nothing elsewhere.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

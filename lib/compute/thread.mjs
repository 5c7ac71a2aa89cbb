// The compute thread of the production server: scripts/serve.mjs starts it once Next has loaded
// its environment, and lib/compute/pool.ts sends it the heavy tasks (tasks.ts). Plain JavaScript,
// outside Next's bundle, because the thread loads the TypeScript sources itself (worker.mjs).
import { Piscina } from "piscina";

/** Tasks in progress on the thread at once: they overlap while one awaits the database. */
const CONCURRENT_TASKS = 4;
const DEFAULT_QUEUE = 16;
const IDLE_THREAD_MS = 45_000;

export function startComputeThread(env = process.env) {
  const configured = Number(env.SIGNOFF_COMPUTE_QUEUE);
  const pool = new Piscina({
    filename: new URL("./worker.mjs", import.meta.url).href,
    // One thread: previews, approvals and the rows page share its parsed tables and previews.
    // Started on the first task (about a second) and ended when idle, see idleTimeout.
    minThreads: 0,
    maxThreads: 1,
    concurrentTasksPerWorker: CONCURRENT_TASKS,
    maxQueue: Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_QUEUE,
    // Piscina's default parks an idle thread in Atomics.wait, which would stop its timers: the
    // caches' idle release (lib/services/idle-release.ts) must run while nobody is asking.
    atomics: "disabled",
    // Ended once idle a little longer than its caches are kept (30 s, idle-release.ts): what a
    // large run leaves behind in the thread (the database driver's buffers, a heap sized for a
    // million rows) goes with it, and the next task starts a fresh one.
    idleTimeout: IDLE_THREAD_MS,
  });
  globalThis.signoffComputePool = pool;
  return pool;
}

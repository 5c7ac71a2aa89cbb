import "server-only";
import type { Piscina } from "piscina";
import { AppError, ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { collectWhenIdle } from "@/lib/services/idle-release";
import { type ComputeTasks, runTask, type TaskAnswer, type TaskName } from "./tasks";

/**
 * Where the heavy work runs. The production server (scripts/serve.mjs) starts a compute thread
 * (thread.mjs); then each task runs there, on one thread that keeps the parsed tables and previews
 * between requests, while this thread goes on answering pages, sign-ins and /api/health. Without
 * one (tests, scripts) a task runs here, as the same code. The thread's queue is bounded: when it
 * is full the request is refused as busy (503 with Retry-After) rather than left waiting behind
 * minutes of work.
 */

/** Seconds a refused client is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 30;

function computePool(): Piscina | undefined {
  return (globalThis as unknown as { signoffComputePool?: Piscina }).signoffComputePool;
}

type Result<N extends TaskName> = Awaited<ReturnType<ComputeTasks[N]>>;

/** Runs a task on the compute thread (or here, when there is none) and returns its value. */
export async function compute<N extends TaskName>(
  name: N,
  input: Parameters<ComputeTasks[N]>[0],
): Promise<Result<N>> {
  const pool = computePool();
  let answer: TaskAnswer;
  if (!pool) {
    answer = await runTask({ name, input });
  } else {
    try {
      answer = await pool.run({ name, input });
    } catch (error) {
      // The pool's refusals when its queue is full (or, with no queue, every slot is taken).
      if (
        error instanceof Error &&
        /queue is at limit|no task queue available/i.test(error.message)
      )
        throw busy();
      throw error;
    }
  }
  // What this thread handed over (an upload's bytes) or received is garbage now.
  collectWhenIdle();
  if (answer.ok) return answer.value as Result<N>;
  const code = (answer.code in ERROR_CODES ? answer.code : "internal") as ErrorCode;
  throw new AppError(code, answer.message, answer.detail);
}

function busy(): AppError {
  return new AppError(
    "busy",
    "Signoff is busy with other large changes right now. Nothing was changed; try again in a minute.",
    { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
  );
}

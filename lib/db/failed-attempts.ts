import "server-only";
import { db } from "./client";

/**
 * Failed attempts per key (an account's sign-in, its password change), shared by every instance
 * through the database. A run of failures is forgotten after `forgetAfterMs` without one.
 */

/** Failures of `key` that still count at `now`. */
export async function countFailedAttempts(
  key: string,
  now: number,
  forgetAfterMs: number,
): Promise<number> {
  const row = await db().failedAttempt.findUnique({ where: { key } });
  if (!row || now - Number(row.lastAt) > forgetAfterMs) return 0;
  return row.count;
}

/**
 * Counts one more failure of `key` at `now`, in one statement so that instances failing the same
 * account at once each count; returns the count including it.
 */
export async function recordFailedAttempt(
  key: string,
  now: number,
  forgetAfterMs: number,
): Promise<number> {
  const rows = await db().$queryRaw<{ count: number | bigint }[]>`
    INSERT INTO "FailedAttempt" ("key", "count", "lastAt") VALUES (${key}, 1, CAST(${now} AS BIGINT))
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE
        WHEN CAST(${now} AS BIGINT) - "FailedAttempt"."lastAt" > CAST(${forgetAfterMs} AS BIGINT) THEN 1
        ELSE "FailedAttempt"."count" + 1
      END,
      "lastAt" = CAST(${now} AS BIGINT)
    RETURNING "count"`;
  // Runs nobody continued are dropped as new failures come: a guesser cycling through addresses
  // cannot grow the table beyond the addresses tried in one forgetting period.
  await db().failedAttempt.deleteMany({ where: { lastAt: { lt: BigInt(now - forgetAfterMs) } } });
  return Number(rows[0]?.count ?? 1);
}

export async function clearFailedAttempts(key: string): Promise<void> {
  await db().failedAttempt.deleteMany({ where: { key } });
}

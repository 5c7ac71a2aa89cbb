import "server-only";
import {
  clearFailedAttempts,
  countFailedAttempts,
  recordFailedAttempt,
} from "@/lib/db/failed-attempts";

/**
 * Failed attempts per account (sign-in, password change), answered with a growing delay rather
 * than a lockout: a lockout would let anyone who knows an email address keep its owner out,
 * while a delay only makes guessing slow. The first few failures cost nothing, so a person who
 * mistypes is not slowed; from then on each failure doubles the wait up to a ceiling. The count
 * lives in the database, so every instance behind a load balancer answers with the same delay.
 */
export interface AttemptPolicy {
  /** Failures answered without delay. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts again from nothing. */
  forgetAfterMs: number;
}

const DEFAULT_ATTEMPT_POLICY: AttemptPolicy = {
  free: 3,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
  forgetAfterMs: 15 * 60_000,
};

/** How long the next attempt waits after `failures` failures in a row. */
export function delayAfter(failures: number, policy: AttemptPolicy = DEFAULT_ATTEMPT_POLICY) {
  const over = failures - policy.free;
  if (over < 0) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** over);
}

export class FailedAttempts {
  readonly #scope: string;
  readonly #policy: AttemptPolicy;

  /** `scope` keeps one kind of attempt apart from another ("sign-in", "password"). */
  constructor(scope: string, policy: AttemptPolicy = DEFAULT_ATTEMPT_POLICY) {
    this.#scope = scope;
    this.#policy = policy;
  }

  /** Failures recorded for `key` that still count at `now`. */
  count(key: string, now = Date.now()): Promise<number> {
    return countFailedAttempts(`${this.#scope}:${key}`, now, this.#policy.forgetAfterMs);
  }

  /**
   * Counts this attempt as failed (until `succeed` says otherwise, so parallel guesses each pay)
   * and returns how long to wait before answering it.
   */
  async fail(key: string, now = Date.now()): Promise<number> {
    const failures = await recordFailedAttempt(
      `${this.#scope}:${key}`,
      now,
      this.#policy.forgetAfterMs,
    );
    return delayAfter(failures - 1, this.#policy);
  }

  succeed(key: string): Promise<void> {
    return clearFailedAttempts(`${this.#scope}:${key}`);
  }
}

/** Waits `ms` milliseconds. */
export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * Failed attempts per account (sign-in, password change), answered with a growing delay rather
 * than a lockout: a lockout would let anyone who knows an email address keep its owner out,
 * while a delay only makes guessing slow. The first few failures cost nothing, so a person who
 * mistypes is not slowed; from then on each failure doubles the wait up to a ceiling.
 */
export interface AttemptPolicy {
  /** Failures answered without delay. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** A key with no failure for this long starts again from nothing. */
  forgetAfterMs: number;
  /** Keys kept at most; the oldest are forgotten first (a guesser cycling emails cannot grow it). */
  maxKeys: number;
}

export const DEFAULT_ATTEMPT_POLICY: AttemptPolicy = {
  free: 3,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
  forgetAfterMs: 15 * 60_000,
  maxKeys: 10_000,
};

interface Failures {
  count: number;
  lastAt: number;
}

export class FailedAttempts {
  readonly #policy: AttemptPolicy;
  readonly #failures = new Map<string, Failures>();

  constructor(policy: AttemptPolicy = DEFAULT_ATTEMPT_POLICY) {
    this.#policy = policy;
  }

  /** Failures recorded for `key` that still count at `now`. */
  count(key: string, now = Date.now()): number {
    const entry = this.#failures.get(key);
    if (!entry || now - entry.lastAt > this.#policy.forgetAfterMs) return 0;
    return entry.count;
  }

  /** How long the next attempt for `key` waits, given the failures so far. */
  delayMs(key: string, now = Date.now()): number {
    const over = this.count(key, now) - this.#policy.free;
    if (over < 0) return 0;
    return Math.min(this.#policy.maxDelayMs, this.#policy.firstDelayMs * 2 ** over);
  }

  fail(key: string, now = Date.now()): void {
    const count = this.count(key, now) + 1;
    // Re-inserting moves the key to the end, so the map's first key is always the oldest.
    this.#failures.delete(key);
    this.#failures.set(key, { count, lastAt: now });
    if (this.#failures.size > this.#policy.maxKeys) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }

  succeed(key: string): void {
    this.#failures.delete(key);
  }
}

/** Waits `ms` milliseconds. */
export function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * Money-safe decimal arithmetic (docs/plan-format.md "How a plan runs"): a value is an integer
 * mantissa and a power-of-ten scale, `m / 10^s`, so 29.99 is exactly (2999, 2) and
 * 29.99 × 1.10 = 32.989 exactly. The mantissa is a JS number while it is a safe integer (the fast
 * path: prices times percentages stay far below 2^53) and a bigint past that, so no input can
 * lose precision.
 */

export interface Decimal {
  /** Mantissa: a safe integer, or a bigint when it does not fit one. */
  readonly m: number | bigint;
  /** Digits after the decimal point, ≥ 0. */
  readonly s: number;
}

const POW10: number[] = [];
for (let k = 0, p = 1; k <= 15; k++, p *= 10) POW10.push(p);

function pow10Big(k: number): bigint {
  return 10n ** BigInt(k);
}

const ZERO: Decimal = { m: 0, s: 0 };

/** A mantissa back to a number when it fits, so later arithmetic takes the fast path. */
function fromBig(m: bigint, s: number): Decimal {
  if (m >= -9007199254740991n && m <= 9007199254740991n) return { m: Number(m), s };
  return { m, s };
}

function big(d: Decimal): bigint {
  return typeof d.m === "bigint" ? d.m : BigInt(d.m);
}

/**
 * Reads a decimal: optional sign, digits with an optional fraction, optional exponent; spaces
 * around it are ignored. Returns undefined for anything else (empty, "1,299", "abc", "NaN").
 * `from`/`to` read a range of a longer text without slicing it.
 */
export function parseDecimal(text: string, from = 0, to = text.length): Decimal | undefined {
  let start = from;
  let end = to;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;

  let at = start;
  let negative = false;
  const sign = text.charCodeAt(at);
  if (sign === 45 || sign === 43) {
    negative = sign === 45;
    at++;
  }
  let m = 0;
  let digits = 0;
  let scale = 0;
  let seenDot = false;
  let bigMantissa: bigint | undefined;
  for (; at < end; at++) {
    const c = text.charCodeAt(at);
    if (c >= 48 && c <= 57) {
      digits++;
      if (seenDot) scale++;
      if (bigMantissa === undefined && m < 900719925474099) m = m * 10 + (c - 48);
      else {
        bigMantissa = (bigMantissa ?? BigInt(m)) * 10n + BigInt(c - 48);
      }
    } else if (c === 46 && !seenDot) {
      seenDot = true;
    } else {
      break;
    }
  }
  if (digits === 0) return undefined;
  if (at < end) {
    // Exponent.
    const e = text.charCodeAt(at);
    if (e !== 101 && e !== 69) return undefined;
    at++;
    let expNegative = false;
    const expSign = text.charCodeAt(at);
    if (expSign === 45 || expSign === 43) {
      expNegative = expSign === 45;
      at++;
    }
    if (at >= end) return undefined;
    let exponent = 0;
    for (; at < end; at++) {
      const c = text.charCodeAt(at);
      if (c < 48 || c > 57) return undefined;
      exponent = exponent * 10 + (c - 48);
      if (exponent > 1000) return undefined; // beyond any sensible cell value
    }
    scale += expNegative ? exponent : -exponent;
  }
  let value: Decimal =
    bigMantissa === undefined
      ? { m: negative ? -m : m, s: 0 }
      : fromBig(negative ? -bigMantissa : bigMantissa, 0);
  if (scale >= 0) value = { m: value.m, s: scale };
  else value = rescale(value, 0, -scale);
  return value;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/** A JS number as the decimal it is written as (its shortest round-trip text): 0.1 → 1/10. */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return parseDecimal(String(value)) as Decimal;
}

/** `d` multiplied by 10^up, with its scale unchanged plus `scaleUp` digits. Internal helper. */
function rescale(d: Decimal, scaleUp: number, multiplyBy: number): Decimal {
  if (multiplyBy === 0) return { m: d.m, s: d.s + scaleUp };
  if (typeof d.m === "number" && multiplyBy <= 15) {
    const m = d.m * POW10[multiplyBy];
    if (Number.isSafeInteger(m)) return { m, s: d.s + scaleUp };
  }
  return fromBig(big(d) * pow10Big(multiplyBy), d.s + scaleUp);
}

/** The same value at a larger scale (more trailing zeros in the mantissa). */
function atScale(d: Decimal, s: number): Decimal {
  return s === d.s ? d : rescale(d, s - d.s, s - d.s);
}

export function add(a: Decimal, b: Decimal): Decimal {
  const s = Math.max(a.s, b.s);
  const x = atScale(a, s);
  const y = atScale(b, s);
  if (typeof x.m === "number" && typeof y.m === "number") {
    const m = x.m + y.m;
    if (Number.isSafeInteger(m)) return { m, s };
  }
  return fromBig(big(x) + big(y), s);
}

export function negate(a: Decimal): Decimal {
  return typeof a.m === "number" ? { m: a.m === 0 ? 0 : -a.m, s: a.s } : { m: -a.m, s: a.s };
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  return add(a, negate(b));
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  const s = a.s + b.s;
  if (typeof a.m === "number" && typeof b.m === "number") {
    const m = a.m * b.m;
    if (Number.isSafeInteger(m)) return { m, s };
  }
  return fromBig(big(a) * big(b), s);
}

/** a / 10^k, exactly. */
export function shiftDown(a: Decimal, k: number): Decimal {
  return { m: a.m, s: a.s + k };
}

export function compare(a: Decimal, b: Decimal): number {
  const s = Math.max(a.s, b.s);
  const x = atScale(a, s);
  const y = atScale(b, s);
  if (typeof x.m === "number" && typeof y.m === "number") return Math.sign(x.m - y.m);
  const d = big(x) - big(y);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

export function isZero(a: Decimal): boolean {
  return typeof a.m === "number" ? a.m === 0 : a.m === 0n;
}

export function abs(a: Decimal): Decimal {
  return compare(a, ZERO) < 0 ? negate(a) : a;
}

/** Rounds to `places` decimals, halves away from zero (half-up: 2.345 → 2.35, -2.345 → -2.35). */
export function roundHalfUp(a: Decimal, places: number): Decimal {
  if (a.s <= places) return a;
  const drop = a.s - places;
  if (typeof a.m === "number" && drop <= 15) {
    const unit = POW10[drop];
    const rest = a.m % unit; // exact for safe integers
    let q = (a.m - rest) / unit;
    if (Math.abs(rest) * 2 >= unit) q += a.m < 0 ? -1 : 1;
    return { m: q === 0 ? 0 : q, s: places };
  }
  const m = big(a);
  const unit = pow10Big(drop);
  const rest = m % unit;
  let q = (m - rest) / unit;
  const restAbs = rest < 0n ? -rest : rest;
  if (restAbs * 2n >= unit) q += m < 0n ? -1n : 1n;
  return fromBig(q, places);
}

/** Largest integer ≤ a. */
export function floor(a: Decimal): Decimal {
  if (a.s === 0) return a;
  const truncated = truncate(a);
  return compare(truncated, a) > 0 ? add(truncated, { m: -1, s: 0 }) : truncated;
}

function truncate(a: Decimal): Decimal {
  if (typeof a.m === "number" && a.s <= 15) {
    const unit = POW10[a.s];
    const rest = a.m % unit;
    const q = (a.m - rest) / unit;
    return { m: q === 0 ? 0 : q, s: 0 };
  }
  return fromBig(big(a) / pow10Big(a.s), 0);
}

export function ceil(a: Decimal): Decimal {
  return negate(floor(negate(a)));
}

/**
 * a / b rounded half-up to `places` decimals (for averages, which rarely terminate).
 */
export function divide(a: Decimal, b: Decimal, places: number): Decimal {
  if (isZero(b)) throw new RangeError("Division by zero");
  // a/b = (ma / 10^sa) / (mb / 10^sb) = ma·10^sb / (mb·10^sa); keep one extra digit to round.
  const extra = places + 1;
  let numerator = big(a) * pow10Big(b.s + extra);
  let denominator = big(b) * pow10Big(a.s);
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const q = numerator / denominator; // truncates toward zero
  return roundHalfUp(fromBig(q, extra), places);
}

/** Trailing zeros removed from the fraction: 15.500 → 15.5. */
export function normalize(a: Decimal): Decimal {
  let { m, s } = a;
  if (typeof m === "number") {
    while (s > 0 && m % 10 === 0) {
      m /= 10;
      s--;
    }
    return { m, s };
  }
  let bm = m;
  while (s > 0 && bm % 10n === 0n) {
    bm /= 10n;
    s--;
  }
  return fromBig(bm, s);
}

/** Decimals needed to write the value without loss (15.50 → 1). */
export function decimalsOf(a: Decimal): number {
  return normalize(a).s;
}

/**
 * Fixed-point text with exactly `places` decimals (more if the value needs them, never fewer):
 * 15 → "15.00", 32.99 → "32.99". Never "-0.00".
 */
export function formatFixed(a: Decimal, places: number): string {
  const value = a.s < places ? atScale(a, places) : a;
  const negative = typeof value.m === "number" ? value.m < 0 : value.m < 0n;
  let digits = (negative ? -value.m : value.m).toString();
  if (value.s === 0) return (negative ? "-" : "") + digits;
  if (digits.length <= value.s) digits = "0".repeat(value.s - digits.length + 1) + digits;
  const point = digits.length - value.s;
  return `${negative ? "-" : ""}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Shortest exact text: 15 → "15", 15.50 → "15.5". */
export function formatDecimal(a: Decimal): string {
  return formatFixed(normalize(a), 0);
}

/** A JS number close to the value (for display and guards' reported figures only). */
export function toNumber(a: Decimal): number {
  return Number(formatDecimal(a));
}

export const DECIMAL_ZERO = ZERO;
export const DECIMAL_ONE_HUNDRED: Decimal = { m: 100, s: 0 };

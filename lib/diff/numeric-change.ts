/**
 * The numeric side of a changed cell: the change and percent shown in the diff table and written
 * to the diff CSV, at the precision of the values themselves.
 */

const NUMBER = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** The number a cell holds, or NaN when it is not a plain number. */
export function parseNumber(value: string): number {
  return NUMBER.test(value) ? Number(value) : Number.NaN;
}

/** Digits after the decimal point of a plain number (0 in exponent notation). */
function decimalsOf(value: string): number {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) <= 32) end--;
  for (let at = end - 1; at >= 0; at--) {
    const code = value.charCodeAt(at);
    if (code === 46) return end - at - 1; // "."
    if (code === 101 || code === 69) return 0; // "e" / "E"
  }
  return 0;
}

export interface NumericChange {
  delta: number;
  /** Percent of the before value; undefined when the before value is 0. */
  percent: number | undefined;
  /** Decimals to show the delta with: as many as the more precise of before and after. */
  decimals: number;
}

/** The numeric change of a cell, or undefined unless both before and after are numbers. */
export function numericChange(before: string, after: string): NumericChange | undefined {
  const from = parseNumber(before);
  const to = parseNumber(after);
  if (Number.isNaN(from) || Number.isNaN(to)) return undefined;
  const decimals = Math.min(Math.max(decimalsOf(before), decimalsOf(after)), 10);
  const delta = Number((to - from).toFixed(decimals));
  const percent = from === 0 ? undefined : ((to - from) / Math.abs(from)) * 100;
  return { delta, percent, decimals };
}

export function formatDelta(change: NumericChange): string {
  const text = Math.abs(change.delta).toFixed(change.decimals);
  if (change.delta > 0) return `+${text}`;
  if (change.delta < 0) return `-${text}`;
  return text;
}

export function formatPercent(percent: number | undefined): string {
  if (percent === undefined) return "";
  const rounded = Math.round(percent * 10) / 10;
  const text = `${Math.abs(rounded).toFixed(1)}%`;
  if (rounded > 0) return `+${text}`;
  if (rounded < 0) return `-${text}`;
  return text;
}

import { cellRange, innerRange } from "./cell-range";
import type { RowScan } from "./csv-scan";
// Rows looked at to decide a column, as for decimal commas.
import { SAMPLE_ROWS } from "./decimal-comma";

/**
 * Amounts written with a currency sign (`$1,250.00`, `£12.50`, `12,50 €`, `-$5.00`, `($5.00)`), as
 * spreadsheets export money. The table reads such a cell as its plain number, right-aligned in
 * the same width (`"$1,250.00"` as `"  1250.00"`), so every offset of the scan still holds, and
 * `CsvTable.cell` gives `1250.00`: the profile, filters, arithmetic and diff see an ordinary
 * number. The writer puts a changed amount back in the column's own style (`toMoney`); cells it
 * does not change are copied from the file as they were.
 */

export interface MoneyStyle {
  /** The currency sign, one character. */
  symbol: string;
  /** Whether the sign comes before the number (`$12`) or after it (`12 €`). */
  before: boolean;
  /** Whether a space separates the sign and the number. */
  space: boolean;
  /** The decimal mark. */
  decimal: "." | ",";
  /** The thousands separator the column uses, or "" when it shows none. */
  grouping: string;
  /** Where a minus goes with a sign before the number: `-$5` (true) or `$-5` (false). */
  minusFirst: boolean;
  /** Whether negative amounts are written in parentheses, as accounts do: `($5.00)`. */
  parentheses: boolean;
}

const SIGNS = "$€£¥₹₩₽₺₪₫₱₦₴";
const GROUPS = " \u00a0\u202f";

/** An amount's parts: sign, currency sign before or after, spaces, and the number's text. */
const AMOUNT = new RegExp(
  `^(-?)([${SIGNS}]?)([ \u00a0]?)(-?)(\\d(?:[\\d.,${GROUPS}]*\\d)?)([ \u00a0]?)([${SIGNS}]?)$`,
);

/** A number without a currency sign: its minus and its text. */
const BARE = new RegExp(`^(-?)(\\d(?:[\\d.,${GROUPS}]*\\d)?)$`);

/** A number with point decimals, grouped by commas or not. */
const POINT_DECIMAL = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
/** A number with comma decimals, grouped by points or spaces or not. */
const COMMA_DECIMAL = new RegExp(`^(?:\\d{1,3}(?:[.${GROUPS}]\\d{3})+|\\d+)(?:,\\d+)?$`);

interface Amount {
  negative: boolean;
  parentheses: boolean;
  symbol: string;
  before: boolean;
  space: boolean;
  minusFirst: boolean;
  number: string;
}

/** A cell's text as an amount with a currency sign, or null. */
function amountOf(text: string): Amount | null {
  // "($5.00)": a negative amount as accounts write it.
  if (text.length > 2 && text.startsWith("(") && text.endsWith(")")) {
    const inner = amountOf(text.slice(1, -1));
    return inner && !inner.negative ? { ...inner, negative: true, parentheses: true } : null;
  }
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const [, minus1, before, space1, minus2, number, space2, after] = match;
  // Exactly one sign, one minus at most, and a space only beside the sign.
  if ((before === "") === (after === "") || (minus1 && minus2)) return null;
  if ((before && space2) || (after && space1)) return null;
  if (after && minus2) return null;
  return {
    negative: Boolean(minus1 || minus2),
    parentheses: false,
    symbol: before || after,
    before: before !== "",
    space: Boolean(space1 || space2),
    minusFirst: minus1 !== "",
    number,
  };
}

/**
 * The columns whose sampled cells are all amounts with the same currency sign (or plain numbers,
 * or empty), with at least one amount, and how each writes its amounts. `skip` holds columns that
 * must keep their text as written (the key). In a comma-separated file a point is the decimal mark;
 * in others it is the comma unless the column's amounts only read with a point.
 */
export function moneyColumns(
  text: string,
  rows: RowScan,
  width: number,
  delimiter: string,
  skip: ReadonlySet<number>,
): Map<number, MoneyStyle> {
  const found = new Map<number, MoneyStyle>();
  const sampled = Math.min(rows.rowCount, SAMPLE_ROWS);
  for (let col = 0; col < width; col++) {
    if (skip.has(col) || !hasCurrencySign(text, rows, width, col, sampled)) continue;
    const amounts: Amount[] = [];
    // The numbers' text, with a sign or without (a money column may hold plain numbers too).
    const numbers: string[] = [];
    let money = true;
    for (let row = 0; row < sampled && money; row++) {
      const cell = innerText(text, cellRange(rows, width, row, col));
      if (cell === "") continue;
      const amount = amountOf(cell);
      if (amount) amounts.push(amount);
      const number = amount?.number ?? BARE.exec(cell)?.[2];
      if (number === undefined) money = false;
      else numbers.push(number);
    }
    if (!money || amounts.length === 0) continue;
    const first = amounts[0];
    if (amounts.some((a) => a.symbol !== first.symbol || a.before !== first.before)) continue;
    const points = numbers.every((n) => POINT_DECIMAL.test(n));
    const commas = numbers.every((n) => COMMA_DECIMAL.test(n));
    if (!points && !commas) continue;
    const decimal = points && (delimiter === "," || !commas) ? "." : ",";
    const grouped = numbers.find((n) => /\D\d{3}(?:\D|$)/.test(groupPart(n, decimal)));
    found.set(col, {
      symbol: first.symbol,
      before: first.before,
      space: first.space,
      decimal,
      grouping: grouped ? (groupPart(grouped, decimal).match(/\D/)?.[0] ?? "") : "",
      minusFirst: amounts.find((a) => a.negative && !a.parentheses)?.minusFirst ?? true,
      parentheses: amounts.some((a) => a.parentheses),
    });
  }
  return found;
}

/**
 * Whether a sampled cell of the column holds a currency sign. A column without one holds no
 * amount, and this look at its characters spares it the patterns (on a million-row file with
 * two plain number columns, 25 ms of its parse).
 */
function hasCurrencySign(
  text: string,
  rows: RowScan,
  width: number,
  col: number,
  sampled: number,
): boolean {
  const { fieldStart, rowEnd } = rows;
  for (let row = 0, cell = col; row < sampled; row++, cell += width) {
    const to = col === width - 1 ? rowEnd[row] : fieldStart[cell + 1] - 1;
    for (let at = fieldStart[cell]; at < to; at++) {
      const c = text.charCodeAt(at);
      // "$" is the one sign in ASCII.
      if (c === 36 || (c > 0x7f && SIGNS.includes(text[at]))) return true;
    }
  }
  return false;
}

/** The integer part of a number, before its decimal mark. */
function groupPart(number: string, decimal: string): string {
  const at = number.lastIndexOf(decimal);
  return at < 0 ? number : number.slice(0, at);
}

/**
 * The text with every amount of `columns` read as its plain number, right-aligned in its own
 * width; cells that are not amounts in the column's style are left as they are.
 */
export function withPlainAmounts(
  text: string,
  rows: RowScan,
  width: number,
  columns: ReadonlyMap<number, MoneyStyle>,
): string {
  const parts: string[] = [];
  let copied = 0;
  for (let row = 0; row < rows.rowCount; row++) {
    for (const [col, style] of columns) {
      const [start, end] = innerRange(text, cellRange(rows, width, row, col));
      if (start === end) continue;
      const plain = plainNumber(text.slice(start, end), style);
      if (plain === null) continue;
      parts.push(text.slice(copied, start), plain.padStart(end - start, " "));
      copied = end;
    }
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(copied));
  return parts.join("");
}

/**
 * `-1250.5` for `-$1,250.5` (or a plain `-1,250.5`) in the column's style, or null when the cell
 * is not one of its amounts.
 */
function plainNumber(cell: string, style: MoneyStyle): string | null {
  const amount = amountOf(cell);
  if (amount && (amount.symbol !== style.symbol || amount.before !== style.before)) return null;
  const bare = amount ? null : BARE.exec(cell);
  const number = amount?.number ?? bare?.[2];
  if (number === undefined) return null;
  if (!(style.decimal === "." ? POINT_DECIMAL : COMMA_DECIMAL).test(number)) return null;
  const negative = amount ? amount.negative : bare?.[1] === "-";
  const at = number.lastIndexOf(style.decimal);
  const whole = (at < 0 ? number : number.slice(0, at)).replace(/\D/g, "");
  const fraction = at < 0 ? "" : `.${number.slice(at + 1)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** A changed value as the column writes amounts: `1312.5` becomes `$1,312.5`. */
export function toMoney(value: string, style: MoneyStyle): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return value;
  const [, minus, whole, fraction] = match;
  const grouped = style.grouping ? whole.replace(/\B(?=(\d{3})+$)/g, style.grouping) : whole;
  const number = fraction === undefined ? grouped : `${grouped}${style.decimal}${fraction}`;
  const space = style.space ? " " : "";
  if (minus && style.parentheses) {
    return style.before
      ? `(${style.symbol}${space}${number})`
      : `(${number}${space}${style.symbol})`;
  }
  if (!style.before) return `${minus}${number}${space}${style.symbol}`;
  return style.minusFirst
    ? `${minus}${style.symbol}${space}${number}`
    : `${style.symbol}${space}${minus}${number}`;
}

function innerText(text: string, range: [number, number]): string {
  const [from, to] = innerRange(text, range);
  return text.slice(from, to);
}

import { tryParseExpression } from "@/lib/plan/expression";
import { columnNamed } from "./column-words";
import type { Vocabulary } from "./vocabulary";

/**
 * A formula said in words, as a set_expression writes it (docs/planner.md "Formulas and text").
 */

export function reference(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `[${name}]`;
}

const OPERATOR_WORDS: Array<[RegExp, string]> = [
  [/^(?:multiplied by|times|x|×|\*)$/, "*"],
  [/^(?:divided by|over|÷|\/)$/, "/"],
  [/^(?:plus|\+|and)$/, "+"],
  [/^(?:minus|less|−|-)$/, "-"],
];

/**
 * "cost times 1.4" → `cost * 1.4`; "twice the cost" → `2 * cost`; "cost plus 40%" →
 * `cost * 1.4`; "80% of price" → `0.8 * price`; "5 more than cost" → `cost + 5`. Undefined
 * unless every word is placed and the result names a column and parses.
 */
export function translateExpression(phrase: string, vocabulary: Vocabulary): string | undefined {
  const words = phrase
    .replace(/([()×÷*/+−])/g, " $1 ")
    // "2x on hand", "1.5x cost": a factor written against its "x".
    .replace(/\b(\d+(?:\.\d+)?)x\b/gi, "$1 x")
    .replace(/(\d),(\d{3})\b/g, "$1$2")
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  const state: Translation = { out: [], pending: [], sawColumn: false };
  for (let k = 0; k < words.length; ) {
    const word = words[k].toLowerCase();
    const next = words[k + 1]?.toLowerCase() ?? "";
    const used = readWord(word, next, state) ?? readColumn(words, k, state, vocabulary);
    if (used === 0) return undefined;
    k += used;
  }
  const { out, pending, sawColumn } = state;
  if (!sawColumn || out.length === 0) return undefined;
  const expression = applyPercents(out, pending);
  if (expression === undefined || !tryParseExpression(expression)) return undefined;
  return expression;
}

/** The formula so far: its tokens, the +/− of percentages still to apply, whether it reads a column. */
interface Translation {
  out: string[];
  pending: string[];
  sawColumn: boolean;
}

const MULTIPLIER_WORDS: Record<string, string> = {
  twice: "2",
  double: "2",
  triple: "3",
  thrice: "3",
  half: "0.5",
};

/**
 * Reads one word (and the next, for pairs) that is not a column: how many words it used, 0
 * when it cannot be placed here, undefined when it is not such a word.
 */
function readWord(word: string, next: string, { out, pending }: Translation): number | undefined {
  if (/^(?:the|its|their|current|regular|normal|usual|full|a|an|of|value)$/.test(word)) return 1;
  const pair = `${word} ${next}`;
  // "40 per seat", "$2 for each guest": the amount times the count that follows.
  if ((word === "per" || word === "each") && out.length > 0) {
    out.push("*");
    return 1;
  }
  if ((pair === "for each" || pair === "for every") && out.length > 0) {
    out.push("*");
    return 2;
  }
  if (pair === "multiplied by" || pair === "divided by") {
    out.push(pair.startsWith("m") ? "*" : "/");
    return 2;
  }
  const multiplier = MULTIPLIER_WORDS[word];
  if (multiplier !== undefined) {
    out.push(multiplier, "*");
    return 1;
  }
  const number = /^[$€£]?(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(word);
  if (number) {
    out.push(number[2] ? `${number[1]}%` : number[1]);
    return 1;
  }
  if (word === "%" || word === "percent" || word === "pc") {
    const last = out.pop();
    if (last === undefined || !/^[\d.]+$/.test(last)) return 0;
    out.push(`${last}%`);
    return 1;
  }
  if (next === "than" && /^(?:more|higher|greater|above|over)$/.test(word)) {
    pending.push("+");
    return 2;
  }
  if (next === "than" && /^(?:less|lower|below|under)$/.test(word)) {
    pending.push("-");
    return 2;
  }
  if (/^(?:above|over)$/.test(word) && isPercent(out.at(-1))) {
    pending.push("+");
    return 1;
  }
  if (/^(?:below|under|off)$/.test(word) && isPercent(out.at(-1))) {
    pending.push("-");
    return 1;
  }
  if (word === "(" || word === ")" || word === "," || (FUNCTION_NAME.test(word) && next === "(")) {
    out.push(word);
    return 1;
  }
  const operator = OPERATOR_WORDS.find(([pattern]) => pattern.test(word));
  if (operator && out.length > 0) {
    out.push(operator[1]);
    return 1;
  }
  return undefined;
}

const FUNCTION_NAME = /^(?:round|floor|ceil|min|max|abs|coalesce)$/;

/** The longest run of words (up to four) from `k` that names a column: how many, or 0. */
function readColumn(
  words: string[],
  k: number,
  state: Translation,
  vocabulary: Vocabulary,
): number {
  for (let length = Math.min(4, words.length - k); length >= 1; length--) {
    const column = columnNamed(words.slice(k, k + length).join(" "), vocabulary);
    if (
      column &&
      (column.type === "number" || column.type === "integer" || column.type === "text")
    ) {
      state.out.push(reference(column.name));
      state.sawColumn = true;
      return length;
    }
  }
  return 0;
}

function isPercent(token: string | undefined): boolean {
  return token?.endsWith("%") ?? false;
}

/**
 * Percentages become factors: "x + 40%" → `x * 1.4`, "40% of x" → `0.4 * x`, "5 above x"
 * (pending +) → `x + 5`, "10% below x" → `x * 0.9`.
 */
function applyPercents(tokens: string[], pending: string[]): string | undefined {
  const factor = (percent: string, sign: 1 | -1) =>
    trimNumber(1 + (sign * Number(percent.slice(0, -1))) / 100);
  if (pending.length > 1) return undefined;
  if (pending.length === 1) {
    // "<amount> more than <expression>": the amount is the first token.
    const [amount, ...rest] = tokens;
    if (rest.length === 0) return undefined;
    const right = rest.join(" ");
    if (isPercent(amount)) {
      return `${rest.length > 1 ? `(${right})` : right} * ${factor(amount, pending[0] === "+" ? 1 : -1)}`;
    }
    if (!/^[\d.]+$/.test(amount)) return undefined;
    return `${right} ${pending[0]} ${amount}`;
  }
  const last = tokens.at(-1);
  const before = tokens.at(-2);
  if (isPercent(last) && (before === "+" || before === "-") && tokens.length > 2) {
    const left = tokens.slice(0, -2);
    if (left.some(isPercent)) return undefined;
    const leftText = left.length > 1 ? `(${left.join(" ")})` : left[0];
    return `${leftText} * ${factor(last as string, before === "+" ? 1 : -1)}`;
  }
  const joined: string[] = [];
  for (const token of tokens) {
    if (!isPercent(token)) {
      joined.push(token);
      continue;
    }
    // "80% of price" (of dropped) or "price * 80%": a percentage is a fraction.
    joined.push(trimNumber(Number(token.slice(0, -1)) / 100));
    const next = tokens[tokens.indexOf(token) + 1];
    if (next !== undefined && !/^[*/+\-)]$/.test(next)) joined.push("*");
  }
  return joined.join(" ").replace(/\( /g, "(").replace(/ \)/g, ")").replace(/ ,/g, ",");
}

function trimNumber(value: number): string {
  return String(Number(value.toFixed(10)));
}

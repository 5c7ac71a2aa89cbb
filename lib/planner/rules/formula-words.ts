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
    .replace(/(\d),(\d{3})\b/g, "$1$2")
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  const out: string[] = [];
  let sawColumn = false;
  let k = 0;
  const pending: string[] = [];
  while (k < words.length) {
    const word = words[k].toLowerCase();
    if (/^(?:the|its|their|current|a|an|of|value)$/.test(word)) {
      k++;
      continue;
    }
    const pair = `${word} ${words[k + 1]?.toLowerCase() ?? ""}`;
    if (pair === "multiplied by" || pair === "divided by") {
      out.push(pair.startsWith("m") ? "*" : "/");
      k += 2;
      continue;
    }
    if (/^(?:twice|double)$/.test(word)) {
      out.push("2", "*");
      k++;
      continue;
    }
    if (/^(?:triple|thrice)$/.test(word)) {
      out.push("3", "*");
      k++;
      continue;
    }
    if (word === "half") {
      out.push("0.5", "*");
      k++;
      continue;
    }
    const number = /^[$€£]?(\d+(?:\.\d+)?|\.\d+)(%?)$/.exec(word);
    if (number) {
      out.push(number[2] ? `${number[1]}%` : number[1]);
      k++;
      continue;
    }
    if (word === "%" || word === "percent" || word === "pc") {
      const last = out.pop();
      if (last === undefined || !/^[\d.]+$/.test(last)) return undefined;
      out.push(`${last}%`);
      k++;
      continue;
    }
    if (
      /^(?:more|higher|greater|above|over)$/.test(word) &&
      /^(?:than)$/.test(words[k + 1]?.toLowerCase() ?? "")
    ) {
      pending.push("+");
      k += 2;
      continue;
    }
    if (
      /^(?:less|lower|below|under)$/.test(word) &&
      /^(?:than)$/.test(words[k + 1]?.toLowerCase() ?? "")
    ) {
      pending.push("-");
      k += 2;
      continue;
    }
    if (/^(?:above|over)$/.test(word) && isPercent(out.at(-1))) {
      pending.push("+");
      k++;
      continue;
    }
    if (/^(?:below|under|off)$/.test(word) && isPercent(out.at(-1))) {
      pending.push("-");
      k++;
      continue;
    }
    if (word === "(" || word === ")" || word === ",") {
      out.push(word);
      k++;
      continue;
    }
    if (/^(?:round|floor|ceil|min|max|abs|coalesce)$/.test(word) && words[k + 1] === "(") {
      out.push(word);
      k++;
      continue;
    }
    const operator = OPERATOR_WORDS.find(([pattern]) => pattern.test(word));
    if (operator && out.length > 0) {
      out.push(operator[1]);
      k++;
      continue;
    }
    // The longest run of words (up to four) that names a column.
    let matched = false;
    for (let length = Math.min(4, words.length - k); length >= 1; length--) {
      const column = columnNamed(words.slice(k, k + length).join(" "), vocabulary);
      if (
        column &&
        (column.type === "number" || column.type === "integer" || column.type === "text")
      ) {
        out.push(reference(column.name));
        sawColumn = true;
        k += length;
        matched = true;
        break;
      }
    }
    if (!matched) return undefined;
  }
  if (!sawColumn || out.length === 0) return undefined;
  const expression = applyPercents(out, pending);
  if (expression === undefined || !tryParseExpression(expression)) return undefined;
  return expression;
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

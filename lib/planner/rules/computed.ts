import type { ColumnProfile } from "@/lib/dataset/types";
import { expressionSyntaxError } from "@/lib/plan/expression";
import type { Action, TextCase } from "@/lib/plan/schema";
import { normPhrase, type Vocabulary } from "./vocabulary";

/**
 * Actions computed from the row or rewriting text (docs/planner.md "Formulas and text"): "set
 * price to cost × 1.4", "make compare-at price equal to price", "fill empty descriptions with
 * Coming soon", "uppercase every SKU", "replace 'Ltd' with 'Limited' in supplier".
 *
 * The phrase that says what to do is read here, by patterns over the instruction; the rows it
 * applies to are read by the same grammar as every other instruction. The planner swaps the
 * phrase for a plain "set <column> to <marker>" (`stand-in`), plans that, and puts the action
 * read here in place of the marker's: every way of choosing rows ("for Provence", "where price is
 * over 20", "except Acme") works with these actions without a second grammar.
 */

export interface ComputedReading {
  /** The characters of the instruction the phrase takes. */
  from: number;
  to: number;
  column: string;
  action: Action;
  /** The operation's description, before its rows ("Write name in capitals"). */
  words: string;
  /** For the execution id: "name_upper". */
  slug: string;
  /** Whether it writes numbers (so rounding and limits apply). */
  numeric: boolean;
  /** Words between the column and its formula that choose rows ("of Greenleaf items"). */
  middle?: string;
  /** Words of the phrase found apart from it (", separated by a dash" after the rows). */
  extra?: { from: number; to: number };
}

/** The "set <column> to <value>" that stands in for the computed phrase while rows are read. */
export interface StandIn {
  column: string;
  /** As written in the instruction. */
  text: string;
  /** As the interpreter reads it back. */
  value: number | string;
}

/**
 * Which column and value the stand-in sets. Only its rows are kept, so the column need not be
 * the target: a number column is used when there is one, because the grammar takes "set <number
 * column> to <number>" whatever the rows are chosen by, while it will not set a text column its
 * filter also reads ("set department to … for Support").
 */
export function standInFor(target: ColumnProfile, vocabulary: Vocabulary): StandIn | undefined {
  const numeric = (column: ColumnProfile) =>
    (column.type === "number" || column.type === "integer") && column.name !== vocabulary.keyColumn;
  const column = numeric(target) ? target : vocabulary.profile.columns.find(numeric);
  if (column) return { column: column.name, text: String(STAND_IN_NUMBER), value: STAND_IN_NUMBER };
  if (target.type !== "text") return undefined;
  return { column: target.name, text: `"${STAND_IN_TEXT}"`, value: STAND_IN_TEXT };
}

/**
 * The instruction with the computed phrase replaced by "set <column> to <stand-in>" and any
 * words it took elsewhere ("…, separated by a dash") removed.
 */
export function standInInstruction(
  instruction: string,
  reading: ComputedReading,
  standIn: StandIn,
): string {
  const phrase = `set ${standIn.column}${reading.middle ?? ""} to ${standIn.text}`;
  const spans = [
    { from: reading.from, to: reading.to, text: phrase },
    ...(reading.extra ? [{ ...reading.extra, text: "" }] : []),
  ].sort((a, b) => b.from - a.from);
  let text = instruction;
  for (const span of spans) text = text.slice(0, span.from) + span.text + text.slice(span.to);
  return text;
}

export const STAND_IN_NUMBER = 987654321;
export const STAND_IN_TEXT = "signoff stand-in value";

/** The first computed phrase of the instruction, at its start or after a comma. */
export function readComputedAction(
  instruction: string,
  vocabulary: Vocabulary,
): ComputedReading | undefined {
  const text = foldKeepingLength(instruction);
  const columns = columnPattern(vocabulary);
  if (!columns) return undefined;
  const separator = SEPARATOR_PHRASE.exec(text);
  const starts = [0];
  for (let k = 0; k < text.length; k++) if (text[k] === "," || text[k] === ":") starts.push(k + 1);
  for (const start of starts) {
    const lead = /^\s*(?:(?:please|then|also|and)\s+)*/.exec(text.slice(start))?.[0] ?? "";
    const at = start + lead.length;
    for (const pattern of patterns(columns)) {
      pattern.regex.lastIndex = at;
      const match = pattern.regex.exec(text);
      if (!match?.indices?.groups) continue;
      const found = new Found(instruction, match, vocabulary);
      const to = match.indices[0][1];
      const apart =
        separator && separator.index >= to && pattern.read === combineReading
          ? separator
          : undefined;
      if (apart) found.separator = instruction.slice(apart.index, apart.index + apart[0].length);
      const reading = pattern.read(found);
      if (!reading) continue;
      return {
        ...reading,
        from: at,
        to,
        ...(apart ? { extra: { from: apart.index, to: apart.index + apart[0].length } } : {}),
      };
    }
  }
  return undefined;
}

// ── Reading one match ────────────────────────────────────────────────────────────────────────

type Reading = Omit<ComputedReading, "from" | "to">;

class Found {
  /** A separator phrase said after the rows ("…, separated by a dash"). */
  separator?: string;

  constructor(
    private readonly instruction: string,
    private readonly match: RegExpExecArray,
    private readonly vocabulary: Vocabulary,
  ) {}

  /** The original text of a group (its case kept), or undefined when it did not take part. */
  group(name: string): string | undefined {
    const span = this.match.indices?.groups?.[name];
    return span ? this.instruction.slice(span[0], span[1]) : undefined;
  }

  /** A literal: whichever quoting of it matched. */
  literal(name: string): string | undefined {
    for (const suffix of ["q", "s", "c", "d", "w"]) {
      const value = this.group(`${name}_${suffix}`);
      if (value !== undefined) return suffix === "w" ? value.trim() : value;
    }
    return undefined;
  }

  quoted(name: string): boolean {
    return ["q", "s", "c", "d"].some((suffix) => this.group(`${name}_${suffix}`) !== undefined);
  }

  column(name: string): ColumnProfile | undefined {
    const phrase = this.group(name);
    return phrase === undefined ? undefined : columnNamed(phrase, this.vocabulary);
  }

  isValue(phrase: string, column: string): boolean {
    const refs = this.vocabulary.valuePhrases.get(normPhrase(phrase));
    return refs?.some((ref) => ref.column === column) ?? false;
  }

  expression(name: string): string | undefined {
    const phrase = this.group(name);
    return phrase === undefined ? undefined : translateExpression(phrase, this.vocabulary);
  }
}

export function columnNamed(phrase: string, vocabulary: Vocabulary): ColumnProfile | undefined {
  const words = normPhrase(phrase)
    .replace(/^(?:(?:the|all|every|each|any|its|their|empty|blank)\s+)+/, "")
    .replace(/\s+(?:column|field|columns|fields|values|cells)$/, "");
  const ref = vocabulary.columnPhrases.get(words);
  if (ref && "column" in ref) return vocabulary.columns.get(ref.column);
  return undefined;
}

const CASE_WORDS: Array<[RegExp, TextCase]> = [
  [/^(?:upper|caps|all caps|capitals|capital letters|uppercase)/, "upper"],
  [/^(?:lower|small letters|lowercase)/, "lower"],
  [/^(?:title|proper|capitali[sz]e)/, "title"],
];

function caseOf(words: string): TextCase | undefined {
  const folded = words.toLowerCase().replace(/[\s-]+/g, " ");
  return CASE_WORDS.find(([pattern]) => pattern.test(folded))?.[1];
}

const CASE_DESCRIPTIONS: Record<TextCase, string> = {
  upper: "in capitals",
  lower: "in small letters",
  title: "with each word capitalised",
};

function textAction(column: ColumnProfile | undefined): column is ColumnProfile {
  return column?.type === "text";
}

function caseReading(found: Found): Reading | undefined {
  const column = found.column("col");
  const wanted = caseOf(found.group("case") ?? "");
  if (!textAction(column) || !wanted) return undefined;
  return {
    column: column.name,
    action: { type: "change_case", column: column.name, case: wanted },
    words: `Write ${column.name} ${CASE_DESCRIPTIONS[wanted]}`,
    slug: wanted,
    numeric: false,
  };
}

function replaceReading(found: Found, removing: boolean): Reading | undefined {
  const column = found.column("col");
  const find = found.literal("find");
  const replace = removing ? "" : found.literal("repl");
  if (!textAction(column) || !find || replace === undefined) return undefined;
  return {
    column: column.name,
    action: { type: "replace_text", column: column.name, find, replace },
    words:
      replace === ""
        ? `Remove ${JSON.stringify(find)} from ${column.name}`
        : `Replace ${JSON.stringify(find)} with ${JSON.stringify(replace)} in ${column.name}`,
    slug: "replace",
    numeric: false,
  };
}

function trimReading(found: Found): Reading | undefined {
  const column = found.column("col");
  if (!textAction(column)) return undefined;
  return {
    column: column.name,
    action: { type: "trim_spaces", column: column.name },
    words: `Tidy the spaces in ${column.name}`,
    slug: "trim",
    numeric: false,
  };
}

function affixReading(found: Found, where: "prefix" | "suffix"): Reading | undefined {
  const column = found.column("col");
  const text = found.literal("text");
  if (!textAction(column) || !text) return undefined;
  // Unquoted, the words run up to the column; a space keeps them apart from the text.
  const spaced = found.quoted("text") ? text : where === "prefix" ? `${text} ` : ` ${text}`;
  return {
    column: column.name,
    action: {
      type: where === "prefix" ? "add_prefix" : "add_suffix",
      column: column.name,
      text: spaced,
    },
    words: `Put ${JSON.stringify(spaced)} ${where === "prefix" ? "before" : "after"} ${column.name}`,
    slug: where,
    numeric: false,
  };
}

function fillReading(found: Found): Reading | undefined {
  const column = found.column("col");
  const raw = found.literal("value");
  if (!column || raw === undefined || raw === "") return undefined;
  const numeric = column.type === "number" || column.type === "integer";
  let value: string | number | boolean = raw;
  if (numeric) {
    const number = Number(raw.replace(/^[$€£]/, "").replace(/,/g, ""));
    if (!Number.isFinite(number)) return undefined;
    value = number;
  } else if (column.type !== "text") {
    return undefined;
  }
  return {
    column: column.name,
    action: { type: "fill_empty", column: column.name, value },
    words: `Fill empty ${column.name} with ${JSON.stringify(value)}`,
    slug: "fill",
    numeric,
  };
}

function templateReading(found: Found): Reading | undefined {
  const column = found.column("col");
  const template = found.literal("template");
  if (!textAction(column) || !template || !/\{[^}]+\}/.test(template)) return undefined;
  return {
    column: column.name,
    action: { type: "set_template", column: column.name, template },
    words: `Set ${column.name} to ${JSON.stringify(template)}`,
    slug: "template",
    numeric: false,
  };
}

const SEPARATOR_PHRASE =
  /\s*,?\s*(?:separated|joined|divided)\s+(?:by|with)\s+(?:a\s+)?(?:space|dash|hyphen|comma|slash|"[^"]*"|'[^']*'|“[^”]*”)/;

const SEPARATORS: Record<string, string> = {
  space: " ",
  dash: " - ",
  hyphen: "-",
  comma: ", ",
  slash: " / ",
};

function combineReading(found: Found): Reading | undefined {
  const column = found.column("col");
  const first = found.column("c1");
  const second = found.column("c2");
  if (!textAction(column) || !first || !second) return undefined;
  const apart = found.separator
    ? /(?:space|dash|hyphen|comma|slash)\s*$|["'“‘](.*)["'”’]\s*$/i.exec(found.separator)
    : undefined;
  const named = (found.group("sepword") ?? apart?.[0])?.toLowerCase().trim();
  const separator =
    apart?.[1] !== undefined
      ? apart[1]
      : named && SEPARATORS[named]
        ? SEPARATORS[named]
        : (found.literal("sep") ?? " ");
  const braced = (text: string) => text.replace(/[{}]/g, (brace) => brace + brace);
  const template = `{${first.name}}${braced(separator ?? " ")}{${second.name}}`;
  return {
    column: column.name,
    action: { type: "set_template", column: column.name, template },
    words: `Set ${column.name} to ${first.name} and ${second.name}`,
    slug: "combine",
    numeric: false,
  };
}

function expressionReading(found: Found, copy: boolean): Reading | undefined {
  const column = found.column("col");
  if (!column) return undefined;
  const numeric = column.type === "number" || column.type === "integer";
  let expression: string | undefined;
  if (copy) {
    const source = found.column("src");
    expression = source ? reference(source.name) : undefined;
  } else {
    expression = found.expression("expr");
  }
  if (expression === undefined) return undefined;
  const middle = found.group("middle");
  const lone = /^(?:[A-Za-z_][A-Za-z0-9_]*|\[[^\]]+\])$/.test(expression);
  // Text, yes/no and date columns take a copy only; arithmetic writes numbers.
  if (!numeric && !(lone && column.type === "text")) return undefined;
  if (lone && expression === reference(column.name)) return undefined;
  // "set category to sale" names a value of the column, not the column called sale.
  if (!copy && isValueOf(found.group("expr") ?? "", column.name, found)) return undefined;
  return {
    column: column.name,
    action: { type: "set_expression", column: column.name, expression },
    words: lone
      ? `Copy ${expression.replace(/^\[|\]$/g, "")} into ${column.name}`
      : `Set ${column.name} to ${expression}`,
    slug: "formula",
    numeric,
    ...(middle ? { middle } : {}),
  };
}

// ── Expressions in words ─────────────────────────────────────────────────────────────────────

function reference(name: string): string {
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
  if (expression === undefined || expressionSyntaxError(expression)) return undefined;
  return expression;
}

function isValueOf(phrase: string, column: string, found: Found): boolean {
  return found.isValue(phrase.replace(/^(?:the\s+)/i, ""), column);
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

// ── Patterns ─────────────────────────────────────────────────────────────────────────────────

interface Pattern {
  regex: RegExp;
  read(found: Found): Reading | undefined;
}

const BOUNDARY = String.raw`(?=\s*[,;:]|\s*\.?\s*$|\s+(?:for|where|when|if|in|on|only|except|but|whose|that|which|and|across|among|within)\s)`;
const EXPRESSION_END = String.raw`(?=\s*[;:]|\s*,\s*(?![\d(])|\s*\.?\s*$|\s+(?:for|where|when|if|only|except|but|whose|which|rounded|round|rounding|and\s+round|in\s+(?:the|rows|all|every)|on\s+(?:the|rows|all|every)|across|among)\b)`;

/** A literal: quoted in any of four ways, or one unquoted word. */
function literal(name: string, unquoted = String.raw`[^\s"'“‘,]+`): string {
  return String.raw`(?:"(?<${name}_q>[^"]*)"|'(?<${name}_s>[^']*)'|“(?<${name}_c>[^”]*)”|‘(?<${name}_d>[^’]*)’|(?<${name}_w>${unquoted}))`;
}

/** A value that may run over several unquoted words, up to where the rows are chosen. */
function value(name: string): string {
  return literal(name, String.raw`[^\s"'“‘][^"“]*?${BOUNDARY}`);
}

const DETERMINERS = String.raw`(?:(?:the|all|every|each|any|its|their)\s+)*`;
const COLUMN_TAIL = String.raw`(?:\s+(?:column|field|values|cells))?(?![a-z0-9])`;

/** The column-phrase alternation of a vocabulary, longest first. */
export function columnPattern(vocabulary: Vocabulary): string | undefined {
  const phrases = [...vocabulary.columnPhrases.keys()]
    .filter((phrase) => phrase.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((phrase) =>
      phrase
        .split(" ")
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(String.raw`[\s_-]+`),
    );
  return phrases.length === 0 ? undefined : `(?:${phrases.join("|")})`;
}

let lastColumns: { key: string; patterns: Pattern[] } | undefined;

function patterns(columns: string): Pattern[] {
  if (lastColumns?.key === columns) return lastColumns.patterns;
  const col = (name: string) => `(?<${name}>${DETERMINERS}${columns}${COLUMN_TAIL})`;
  const rx = (source: string) => new RegExp(source, "dy");
  const CASE = String.raw`(?<case>upper[\s-]?case|lower[\s-]?case|title[\s-]?case|proper[\s-]?case|all\s+caps|caps|capitals|capital\s+letters|small\s+letters|upper|lower)`;
  const list: Pattern[] = [
    // Capitals.
    {
      regex: rx(
        String.raw`(?<case>upper[\s-]?case|lower[\s-]?case|title[\s-]?case|proper[\s-]?case|capitali[sz]e(?:\s+(?:the\s+)?(?:first\s+letter\s+of\s+)?(?:each|every)\s+word\s+(?:of|in))?)\s+${col("col")}`,
      ),
      read: caseReading,
    },
    {
      regex: rx(
        String.raw`(?:make|convert|change|turn|put|write|set|format|switch)\s+${col("col")}\s+(?:(?:to|in|into|as)\s+)?(?:all\s+)?${CASE}(?:\s+letters)?(?![a-z])`,
      ),
      read: caseReading,
    },
    // Spaces.
    {
      regex: rx(
        String.raw`(?:trim|strip|tidy(?:\s+up)?|clean(?:\s+up)?|remove|collapse|normali[sz]e|fix|squash|get\s+rid\s+of)\s+(?:the\s+|all\s+|any\s+)?(?:(?:extra|double|duplicate|leading|trailing|surrounding|excess|stray|multiple|repeated|unnecessary|and)\s+)*(?:white\s?space|spaces|spacing|blanks|space)\s+(?:in|from|of|around|on)\s+${col("col")}`,
      ),
      read: trimReading,
    },
    {
      regex: rx(
        String.raw`(?:trim|strip)\s+(?:(?:white\s?space|spaces)\s+(?:in|from|of|on)\s+)?${col("col")}`,
      ),
      read: trimReading,
    },
    // Replacing text.
    {
      regex: rx(
        String.raw`(?:replace|swap|substitute|change|rename|switch)\s+(?:all\s+|every\s+|each\s+|any\s+)?(?:(?:occurrences?|instances?|mentions?)\s+of\s+)?(?:the\s+(?:word|text|string)\s+)?${literal("find")}\s+(?:with|by|for|to|into|→|->)\s+${literal("repl")}\s+(?:in|within|inside|across|throughout|of|on)\s+${col("col")}`,
      ),
      read: (found) => replaceReading(found, false),
    },
    {
      regex: rx(
        String.raw`(?:in|within|across|throughout)\s+${col("col")}\s*,?\s+(?:replace|swap|substitute|change|switch)\s+(?:all\s+|every\s+|each\s+|any\s+)?${literal("find")}\s+(?:with|by|to|into|→|->)\s+${literal("repl")}`,
      ),
      read: (found) => replaceReading(found, false),
    },
    {
      regex: rx(
        String.raw`(?:remove|delete|strip|drop|take\s+out|cut)\s+(?:all\s+|every\s+|each\s+|any\s+)?(?:(?:occurrences?|instances?|mentions?)\s+of\s+)?(?:the\s+(?:word|text|string)\s+)?${literal("find")}\s+(?:from|in|out\s+of|of)\s+${col("col")}`,
      ),
      read: (found) => replaceReading(found, true),
    },
    // Text before or after.
    {
      regex: rx(
        String.raw`(?:add|put|insert|prepend|place|stick|write)\s+(?:the\s+)?(?:(?:prefix|text|word|string)\s+)?${literal("text")}\s+(?:(?:to|at)\s+(?:the\s+)?)?(?:start|beginning|front)\s+of\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(
        String.raw`(?:add|put|insert|place|stick|write)\s+(?:the\s+)?(?:(?:text|word|string)\s+)?${literal("text")}\s+(?:before|in\s+front\s+of)\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(
        String.raw`(?:prepend|add\s+(?:the\s+|a\s+)?prefix)\s+${literal("text")}\s+to\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(String.raw`(?:prefix|start|begin)\s+${col("col")}\s+with\s+${literal("text")}`),
      read: (found) => affixReading(found, "prefix"),
    },
    {
      regex: rx(
        String.raw`(?:add|put|insert|append|place|stick|write|tack)\s+(?:on\s+)?(?:the\s+)?(?:(?:suffix|text|word|string)\s+)?${literal("text")}\s+(?:(?:to|at|on)\s+(?:the\s+)?)?end\s+of\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "suffix"),
    },
    {
      regex: rx(
        String.raw`(?:add|put|insert|place|stick|write)\s+(?:the\s+)?(?:(?:text|word|string)\s+)?${literal("text")}\s+after\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "suffix"),
    },
    {
      regex: rx(
        String.raw`(?:append|add\s+(?:the\s+|a\s+)?suffix)\s+${literal("text")}\s+to\s+${col("col")}`,
      ),
      read: (found) => affixReading(found, "suffix"),
    },
    {
      regex: rx(String.raw`(?:suffix|end)\s+${col("col")}\s+with\s+${literal("text")}`),
      read: (found) => affixReading(found, "suffix"),
    },
    // Filling empty cells.
    {
      regex: rx(
        String.raw`(?:fill(?:\s+in|\s+out)?|populate|complete|default)\s+(?:in\s+)?(?:the\s+|all\s+|any\s+|every\s+)?(?:empty|blank|missing|unset)\s+${col("col")}\s+(?:with|as|using|to)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:set|make|default|give)\s+(?:the\s+|all\s+|any\s+|every\s+)?(?:empty|blank|missing|unset)\s+${col("col")}\s+(?:to|as|the\s+value)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:fill(?:\s+in)?|populate|replace)\s+(?:the\s+|all\s+|any\s+)?(?:empty|blank|missing)\s+(?:values|cells|entries|ones)\s+(?:in|of|for)\s+${col("col")}\s+(?:with|by|as)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:fill(?:\s+in)?|populate|set)\s+${col("col")}\s+(?:with|as|to)\s+${value("value")}\s+(?:where|when|if|wherever|whenever)\s+(?:it\s+is\s+|it's\s+|they\s+are\s+|they're\s+|(?:the\s+)?(?:cell|value)\s+is\s+)?(?:empty|blank|missing)`,
      ),
      read: fillReading,
    },
    {
      regex: rx(
        String.raw`(?:where|when|if|wherever|whenever)\s+${col("col")}\s+(?:is|are)\s+(?:empty|blank|missing)\s*,?\s+(?:set|make|fill)\s+(?:it|them|that|those)\s+(?:to|with|as)\s+${value("value")}`,
      ),
      read: fillReading,
    },
    // Templates and combined columns.
    {
      regex: rx(
        String.raw`(?:set|make|build|fill|write|compose|change)\s+${col("col")}\s+(?:to|from|as|=|into)\s+${literal("template", String.raw`\{[^\s]*\}`)}`,
      ),
      read: templateReading,
    },
    {
      regex: rx(
        String.raw`(?:combine|join|concatenate|merge|put\s+together)\s+${col("c1")}\s+(?:and|with|\+|plus)\s+${col("c2")}\s+(?:into|in|as|to\s+make|to\s+form)\s+${col("col")}(?:\s*,?\s*(?:separated\s+by|with)\s+(?:a\s+)?(?:(?<sepword>space|dash|hyphen|comma|slash)|${literal("sep")}))?`,
      ),
      read: combineReading,
    },
    {
      regex: rx(
        String.raw`(?:set|make|build|fill)\s+${col("col")}\s+(?:to|from|as)\s+(?:the\s+)?${col("c1")}\s+(?:and|followed\s+by|then)\s+(?:the\s+)?${col("c2")}(?:\s*,?\s*(?:separated\s+by|with)\s+(?:a\s+)?(?:(?<sepword>space|dash|hyphen|comma|slash)|${literal("sep")}))?${BOUNDARY}`,
      ),
      read: combineReading,
    },
    // Copies and formulas.
    {
      regex: rx(String.raw`(?:copy|duplicate|mirror)\s+${col("src")}\s+(?:in)?to\s+${col("col")}`),
      read: (found) => expressionReading(found, true),
    },
    {
      regex: rx(
        String.raw`(?:set|make|change|update|recalculate|recompute|compute|calculate|reset|fill)\s+${col("col")}(?<middle>\s+(?:of|for|on|in)\s+[^,;]+?)?\s+(?:to\s+be\s+|to\s+equal\s+|to\s+match\s+|to\s+|=\s*|equal\s+to\s+|equals?\s+|as\s+|the\s+same\s+as\s+|match\s+|from\s+)(?<expr>.+?)${EXPRESSION_END}`,
      ),
      read: (found) => expressionReading(found, false),
    },
    {
      regex: rx(
        String.raw`${col("col")}\s*(?:=|:=|\s(?:should|must|will|shall)\s+(?:now\s+)?be\s|\sbecomes?\s|\sis\s+now\s)\s*(?<expr>.+?)${EXPRESSION_END}`,
      ),
      read: (found) => expressionReading(found, false),
    },
    {
      // "make the price twice the cost": no word between the column and the formula.
      regex: rx(String.raw`make\s+${col("col")}\s+(?<expr>.+?)${EXPRESSION_END}`),
      read: (found) => expressionReading(found, false),
    },
  ];
  lastColumns = { key: columns, patterns: list };
  return list;
}

/**
 * Lower case without accents, character for character, so positions in it are positions in
 * the instruction (a character whose folding would change the length is kept as it is).
 */
export function foldKeepingLength(text: string): string {
  let out = "";
  for (const char of text) {
    const folded = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    out += folded.length === char.length ? folded : char;
  }
  return out;
}

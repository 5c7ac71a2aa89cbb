import type { ColumnProfile } from "@/lib/dataset/types";
import type { TextCase } from "@/lib/plan/schema";
import { columnNamed } from "./column-words";
import type { ComputedReading } from "./computed";
import { reference, translateExpression } from "./formula-words";
import { normPhrase } from "./grammar-words";
import { timeUnitOf, unitsPer } from "./name-forms";
import type { Vocabulary } from "./vocabulary";

/**
 * What one matched pattern says (computed-patterns.ts): the action, its description and slug,
 * from the match's groups. Undefined when the words do not fit the table (a text action on a
 * number column, a formula that does not parse), so the next pattern is tried.
 */

export type Reading = Omit<ComputedReading, "from" | "to">;

export class Found {
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

export function caseReading(found: Found): Reading | undefined {
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

export function replaceReading(found: Found, removing: boolean): Reading | undefined {
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

export function trimReading(found: Found): Reading | undefined {
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

export function affixReading(found: Found, where: "prefix" | "suffix"): Reading | undefined {
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

export function fillReading(found: Found): Reading | undefined {
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

export function templateReading(found: Found): Reading | undefined {
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

export const SEPARATOR_PHRASE =
  /\s*,?\s*(?:separated|joined|divided)\s+(?:by|with)\s+(?:a\s+)?(?:space|dash|hyphen|comma|slash|"[^"]*"|'[^']*'|“[^”]*”)/;

const SEPARATORS: Record<string, string> = {
  space: " ",
  dash: " - ",
  hyphen: "-",
  comma: ", ",
  slash: " / ",
};

export function combineReading(found: Found): Reading | undefined {
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

export function expressionReading(found: Found, copy: boolean): Reading | undefined {
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

function isValueOf(phrase: string, column: string, found: Found): boolean {
  return found.isValue(phrase.replace(/^(?:the\s+)/i, ""), column);
}

const STEP_WORDS: Record<string, number> = {
  ten: 10,
  hundred: 100,
  thousand: 1000,
  half: 0.5,
  quarter: 0.25,
  tenth: 0.1,
};

/**
 * "the nearest 1,000", "the nearest 5k", "the nearest hundred", "the nearest half hour": the step
 * rounded to, in the column's own unit of time when it has one (an hour is 60 of cook_minutes).
 */
function roundingStep(found: Found, column: string): string | undefined {
  const unit = timeUnitOf(column);
  const hour = found.group("hour") !== undefined && unit ? unitsPer(unit, "hour") : 1;
  const word = found.group("stepWord")?.toLowerCase();
  if (word !== undefined) return String(STEP_WORDS[word] * hour);
  const digits = found.group("step") ?? found.group("ending");
  if (digits === undefined) return undefined;
  const step = Number(digits.replaceAll(",", "")) * (found.group("k") ? 1000 : 1);
  return String(step * hour);
}

/**
 * A step below one that does not go into one whole number (0.99, 0.95, 0.49): the ending values
 * are rounded to, as a price ends in .99, since nobody means multiples of it.
 */
function isEnding(step: number): boolean {
  if (!(step > 0 && step < 1)) return false;
  const times = 1 / step;
  return Math.abs(times - Math.round(times)) > 1e-9;
}

/**
 * "round fees up to the nearest 10", "round prices to 1 decimal", "to the nearest 50 cents": a
 * formula of the column.
 */
export function roundReading(found: Found): Reading | undefined {
  const column = found.column("col");
  if (!column || (column.type !== "number" && column.type !== "integer")) return undefined;
  // "to the next dollar" goes up unless said otherwise.
  const said = (found.group("dir") ?? found.group("dir2"))?.toLowerCase();
  const direction = said ?? (found.group("next") !== undefined ? "up" : undefined);
  const fn = direction === "up" ? "ceil" : direction === "down" ? "floor" : "round";
  const ref = reference(column.name);
  // Cents are hundredths of the unit: "the nearest 50 cents" is the nearest 0.5.
  const cents = found.group("cents");
  const step = cents !== undefined ? String(Number(cents) / 100) : roundingStep(found, column.name);
  const places = found.group("cent") !== undefined ? "2" : found.group("places");
  let expression: string;
  let words: string;
  if (step !== undefined && isEnding(Number(step))) {
    // "to the nearest .99": prices ending in .99 (19.99, 20.99), not multiples of 0.99 (19.80).
    expression = `${fn}(${ref} - ${step}) + ${step}`;
    words = `Round ${column.name}${direction ? ` ${direction}` : ""} to the nearest value ending in ${step.replace(/^0/, "")}`;
  } else if (step !== undefined) {
    expression = `${fn}(${ref} / ${step}) * ${step}`;
    words = `Round ${column.name}${direction ? ` ${direction}` : ""} to the nearest ${step}`;
  } else if (places !== undefined) {
    const scale = 10 ** Number(places);
    expression =
      fn === "round" ? `round(${ref}, ${places})` : `${fn}(${ref} * ${scale}) / ${scale}`;
    words = `Round ${column.name}${direction ? ` ${direction}` : ""} to ${places} decimal${places === "1" ? "" : "s"}`;
  } else {
    expression = `${fn}(${ref})`;
    words = `Round ${column.name}${direction ? ` ${direction}` : ""} to whole numbers`;
  }
  const middle = found.group("middle");
  return {
    column: column.name,
    action: { type: "set_expression", column: column.name, expression },
    words,
    slug: "round",
    numeric: true,
    ...(middle ? { middle } : {}),
  };
}

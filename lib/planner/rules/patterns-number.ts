import { GRAMMAR_WORDS } from "./grammar-words";
import { columnsNamedBy } from "./name-forms";
import {
  type Match,
  type Matcher,
  matchWords,
  NUMBER_WORDS,
  type Pattern,
  pattern,
  type Scan,
} from "./patterns";
import type { Token } from "./tokenize";
import type { Vocabulary } from "./vocabulary";

/** Numbers as instructions write them, with their units, as a pattern of the grammar. */

/** A number as the instruction wrote it: `10%` / `10 percent`, `$5` / `5 dollars`, `9.99`. */
export interface Num {
  value: number;
  unit: "percent" | "currency" | "plain";
  text: string;
  /** Said as more of something: "10 extra points", "2 more dollars". */
  more?: true;
  /** Said in cents or pence ("99 cents", "2p"): `value` is in the unit, the number said is its hundredfold. */
  cents?: true;
}

/** A number, with its unit words: "10%", "10 percent", "$5", "5 dollars", "99 cents", "ten". */
export function num(name: string): Pattern {
  const match: Matcher = (scan, at, caps) => {
    const token = scan.tokens[at];
    if (!token) return [];
    let value: number | undefined;
    let unit: Num["unit"] = "plain";
    if (token.kind === "number" && token.number) {
      value = token.number.value;
      if (token.number.percent) unit = "percent";
      else if (token.number.currency) unit = "currency";
    } else if (token.kind === "word" && NUMBER_WORDS.has(token.norm)) {
      value = NUMBER_WORDS.get(token.norm);
    } else if (
      token.kind === "word" &&
      (token.norm === "a" || token.norm === "an") &&
      SCALES.has(scan.tokens[at + 1]?.norm ?? "")
    ) {
      value = 1; // "a thousand", "a hundred"
    } else if (token.kind === "word" && FRACTIONS_AFTER.has(token.norm)) {
      // "by a quarter point", "half a percent": a share of one point or percent.
      const fraction = spokenFraction(scan, at);
      if (fraction) return [{ end: fraction.end, caps: { ...caps, [name]: fraction.num } }];
      if (token.norm === "half") return [];
      const one = oneOfCurrency(scan, at);
      return one ? [{ end: one.end, caps: { ...caps, [name]: one.num } }] : [];
    }
    if (value === undefined) return [];
    const results: Match[] = [];
    const make = (
      end: number,
      finalValue: number,
      finalUnit: Num["unit"],
      more = false,
      cents = false,
    ) => {
      const text = scan.instruction.slice(token.start, scan.tokens[end - 1].end);
      const read: Num = {
        value: finalValue,
        unit: finalUnit,
        text,
        ...(more ? { more } : {}),
        ...(cents ? { cents } : {}),
      };
      results.push({ end, caps: { ...caps, [name]: read } });
    };
    const { value: spelled, end: after } = spelledOut(scan.tokens, at, value, unit);
    value = spelled;
    if (unit === "plain") {
      // "10 extra points", "5 more dollars".
      const more =
        matchWords(scan.tokens, after, ["extra"]) ?? matchWords(scan.tokens, after, ["more"]);
      for (const [phrase, unitName] of UNIT_WORDS) {
        const end =
          matchWords(scan.tokens, after, phrase.split(" ")) ??
          (more === undefined ? undefined : matchWords(scan.tokens, more, phrase.split(" ")));
        if (end === undefined) continue;
        if (unitName === "plain" && columnCalled(scan.vocabulary, phrase)) continue;
        const extra = matchWords(scan.tokens, after, phrase.split(" ")) === undefined;
        if (unitName === "cents")
          make(end, Number((value / 100).toFixed(6)), "currency", extra, true);
        else make(end, value, unitName, extra);
      }
      // "2 extra bonus points", "3 more vacation days": more of what the column holds.
      if (more !== undefined && scan.tokens[more]?.norm !== "than") make(more, value, unit, true);
    }
    make(after, value, unit);
    return results;
  };
  return pattern(match, { classes: new Set(["number"]) });
}

/**
 * "by a dollar": one of a currency, and of nothing else ("a 5% raise" is read elsewhere); "go up
 * a cent", "a penny": a hundredth of one.
 */
function oneOfCurrency(scan: Scan, at: number): { end: number; num: Num } | undefined {
  const after = (word: string) => matchWords(scan.tokens, at + 1, [word]);
  const whole =
    after("dollar") ?? after("pound") ?? after("euro") ?? after("buck") ?? after("quid");
  const cent = after("cent") ?? after("penny");
  const end = whole ?? cent;
  if (end === undefined) return undefined;
  const text = scan.instruction.slice(scan.tokens[at].start, scan.tokens[end - 1].end);
  const num: Num =
    whole === undefined
      ? { value: 0.01, unit: "currency", text, cents: true }
      : { value: 1, unit: "currency", text };
  return { end, num };
}

/** Words a spoken share of a point or percent starts with. */
const FRACTIONS_AFTER = new Set(["a", "an", "half"]);

/** After "a": the share of a point or percent, and its unit. */
const ARTICLE_FRACTIONS: [string, number, Num["unit"]][] = [
  ["quarter point", 0.25, "plain"],
  ["quarter percentage point", 0.25, "plain"],
  ["quarter of a point", 0.25, "plain"],
  ["quarter of a percentage point", 0.25, "plain"],
  ["quarter percent", 0.25, "percent"],
  ["quarter of a percent", 0.25, "percent"],
  ["half point", 0.5, "plain"],
  ["half percentage point", 0.5, "plain"],
  ["half percent", 0.5, "percent"],
  ["percentage point", 1, "plain"],
  ["point", 1, "plain"],
];

/** After "half": a half of a point or percent. */
const HALF_FRACTIONS: [string, number, Num["unit"]][] = [
  ["a point", 0.5, "plain"],
  ["a percentage point", 0.5, "plain"],
  ["a percent", 0.5, "percent"],
  ["of a point", 0.5, "plain"],
  ["of a percent", 0.5, "percent"],
];

/**
 * "a quarter point", "half a percent", "a point": a step of a share of one point (of a column of
 * rates or scores) or of one percent. Not where a column counts points ("a point" is then one of
 * them, read as a column).
 */
function spokenFraction(scan: Scan, at: number): { num: Num; end: number } | null {
  const token = scan.tokens[at];
  const phrases = token.norm === "half" ? HALF_FRACTIONS : ARTICLE_FRACTIONS;
  for (const [phrase, value, unit] of phrases) {
    const end = matchWords(scan.tokens, at + 1, phrase.split(" "));
    if (end === undefined) continue;
    if (unit === "plain" && columnCalled(scan.vocabulary, "points")) return null;
    const text = scan.instruction.slice(token.start, scan.tokens[end - 1].end);
    return { num: { value, unit, text }, end };
  }
  return null;
}

const SCALES = new Map([
  ["hundred", 100],
  ["thousand", 1000],
  ["million", 1_000_000],
]);

/**
 * A number said in words after its first: "twenty five", "twenty thousand", "1.5 million", "a
 * hundred". Returns the value and the token after it.
 */
function spelledOut(
  tokens: Token[],
  at: number,
  first: number,
  unit: Num["unit"],
): { value: number; end: number } {
  let value = first;
  let end = at + 1;
  const word = (k: number) => (tokens[k]?.kind === "word" ? tokens[k].norm : "");
  const units = NUMBER_WORDS.get(word(end));
  if (tokens[at].kind === "word" && value >= 20 && value % 10 === 0 && units && units < 10) {
    value += units;
    end++;
  }
  const scale = SCALES.get(word(end));
  if (scale !== undefined && unit !== "percent" && !(tokens[at].norm === "hundred")) {
    value *= scale;
    end++;
  }
  // "one and a half percent", "2 and a half dollars".
  const half = matchWords(tokens, end, ["and", "a", "half"]);
  if (half !== undefined && unit === "plain" && Number.isInteger(value) && value < 100) {
    return { value: value + 0.5, end: half };
  }
  return { value, end };
}

const UNIT_WORDS: [string, Num["unit"] | "cents"][] = [
  ["%", "percent"],
  ["percent", "percent"],
  ["per cent", "percent"],
  ["pct", "percent"],
  ["precent", "percent"],
  ["dollars", "currency"],
  ["pounds", "currency"],
  ["pound", "currency"],
  ["quid", "currency"],
  ["euros", "currency"],
  ["euro", "currency"],
  ["eur", "currency"],
  ["gbp", "currency"],
  ["dollar", "currency"],
  ["bucks", "currency"],
  ["usd", "currency"],
  ["cents", "cents"],
  ["cent", "cents"],
  // "by 2p", "5 pence": a hundredth of a pound as of a dollar.
  ["pence", "cents"],
  ["penny", "cents"],
  ["p", "cents"],
  // "raise the bonus by 2 points": percentage points, a plain step of the column's own number.
  // (Not hours or days: a column of hours would take "1 day" as 1.)
  ["percentage points", "plain"],
  ["percentage point", "plain"],
  ["points", "plain"],
  ["point", "plain"],
  ["pts", "plain"],
  ["pp", "plain"],
];
// Words of the grammar, as `words` makes its phrases' (a mistyped word is never read as one).
for (const [phrase] of UNIT_WORDS) for (const part of phrase.split(" ")) GRAMMAR_WORDS.add(part);

/** Whether a column is called by a unit word (loyalty "points"): then "100 points" names it. */
function columnCalled(vocabulary: Vocabulary, unit: string): boolean {
  const word = unit.split(" ").at(-1) ?? unit;
  const singular = word.replace(/s$/, "");
  return [word, singular, `${singular}s`].some(
    (form) => columnsNamedBy(vocabulary.columns.keys(), form).length > 0,
  );
}

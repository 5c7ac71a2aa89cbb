import { stockWord } from "./column-captures";
import { type DateSpan, isoDayPlus } from "./dates";
import type { ItemPayload, Rule } from "./grammar";
import { n, valueScope } from "./grammar-builders";
import { PREFIX } from "./grammar-lexicon";
import { VERBS } from "./grammar-tables";
import {
  ahead,
  alt,
  type Caps,
  column,
  flag,
  notAhead,
  opt,
  quoted,
  seq,
  tag,
  value,
  words,
} from "./patterns";
import { date } from "./patterns-date";
import { shapedValue } from "./patterns-keys";
import { num } from "./patterns-number";
import {
  type ColumnRef,
  type FlagRef,
  isMoneyColumn,
  isNumeric,
  type ValueRef,
} from "./vocabulary";

/**
 * Rules of the grammar (grammar.ts): verbs, amounts, boolean values, flags and set-to-text. In priority order: when two rules match equally
 * many tokens the earlier one wins.
 */
/** The amount a rule read, going the way its `d` capture says. */
function directedAmount(mode: "to" | "noun") {
  return (caps: Caps): ItemPayload => ({
    kind: "amount",
    mode,
    direction: caps.d as "up" | "down",
    num: n(caps),
  });
}

export const ACTION_RULES: Rule[] = [
  // Verbs.
  ...VERBS.map(
    ([forms, verb, extra]): Rule => ({
      name: `verb-${verb}`,
      pattern: words(...forms),
      build: () => ({ kind: "verb", verb, ...extra, word: forms[0] }),
    }),
  ),

  // Amounts.
  {
    name: "amount-off",
    pattern: seq(opt(words("by")), num("n"), words("off")),
    build: (caps) => ({ kind: "amount", mode: "off", direction: "down", num: n(caps) }),
  },
  {
    // "give Lena's campaigns an extra 1000 budget": more of something, said before the number.
    name: "amount-extra",
    pattern: seq(
      words("an extra", "extra", "an additional", "additional", "another", "a further"),
      num("n"),
    ),
    build: (caps) => ({ kind: "amount", mode: "noun", direction: "up", num: n(caps) }),
  },
  {
    // "raise yoga by a quarter": a fraction that is a whole percentage.
    name: "amount-fraction",
    pattern: seq(
      words("by", "by a", "by one"),
      alt(
        tag("p", 25, words("quarter")),
        tag("p", 20, words("fifth")),
        tag("p", 10, words("tenth")),
      ),
    ),
    build: (caps) => ({
      kind: "amount",
      mode: "by",
      num: { value: caps.p as number, unit: "percent", text: `${caps.p}%` },
    }),
  },
  {
    // "take a quarter off yoga": the fraction off the price.
    name: "amount-fraction-off",
    pattern: seq(
      words("a", "one"),
      alt(
        tag("p", 25, words("quarter")),
        tag("p", 20, words("fifth")),
        tag("p", 10, words("tenth")),
      ),
      words("off"),
    ),
    build: (caps) => ({
      kind: "amount",
      mode: "off",
      direction: "down",
      num: { value: caps.p as number, unit: "percent", text: `${caps.p}%` },
    }),
  },
  {
    name: "amount-half",
    pattern: words(
      "by half",
      "in half",
      "half price",
      "half off",
      "to half price",
      "at half price",
    ),
    build: () => ({
      kind: "amount",
      mode: "off",
      direction: "down",
      num: { value: 50, unit: "percent", text: "half" },
    }),
  },
  {
    name: "amount-noun-down",
    pattern: seq(
      opt(words("a", "an")),
      num("n"),
      words(
        "discount",
        "cut",
        "reduction",
        "decrease",
        "markdown",
        "mark down",
        "price cut",
        "price reduction",
        "drop",
        "decline",
        "rebate",
        "cheaper",
        "less expensive",
        "lower",
        "less",
      ),
    ),
    build: (caps) => ({ kind: "amount", mode: "noun", direction: "down", num: n(caps) }),
  },
  {
    // "salaries below 50,000 go up to 50,000": a step to a number, which only moves that way
    // (not "up to 50,000" as a limit on the rows).
    name: "amount-go-to",
    pattern: seq(
      alt(
        tag("d", "up", words("go up to", "goes up to", "rise to", "rises to", "come up to")),
        tag("d", "down", words("go down to", "goes down to", "fall to", "falls to", "drop to")),
      ),
      num("n"),
    ),
    build: directedAmount("to"),
  },
  {
    name: "amount-noun-column",
    pattern: seq(
      opt(words("a", "an")),
      num("n"),
      column("c"),
      alt(
        tag("d", "down", words("cut", "discount", "reduction", "decrease", "drop")),
        tag("d", "up", words("increase", "raise", "hike", "rise", "bump")),
      ),
    ),
    build: (caps, scan) => {
      const ref = caps.c as ColumnRef;
      if (!("column" in ref) || !isMoneyColumn(scan.vocabulary, ref.column)) return undefined;
      return { kind: "amount", mode: "noun", direction: caps.d as "up" | "down", num: n(caps) };
    },
  },
  {
    name: "amount-noun-up",
    pattern: seq(
      opt(words("a", "an")),
      num("n"),
      words(
        "increase",
        "raise",
        "markup",
        "mark up",
        "hike",
        "price increase",
        "price hike",
        "rise",
        "bump",
        "uplift",
        "surcharge",
        "premium",
        // "a 2% cost of living adjustment": a raise by its payroll name.
        "cost of living adjustment",
        "cost of living increase",
        "cost of living raise",
        "cola",
        "merit increase",
        "pay rise",
        "pay raise",
        "more expensive",
        "pricier",
        "higher",
        "dearer",
        "more",
      ),
    ),
    build: (caps) => ({ kind: "amount", mode: "noun", direction: "up", num: n(caps) }),
  },
  {
    // "gets no bonus", "zero out the commission", "waive shipping", "free shipping on orders
    // over 200": a numeric column's amount set to nothing. The column stays an item of its own:
    // it is what the clause changes.
    name: "amount-none",
    pattern: seq(
      words("no", "zero", "zero out", "waive", "free"),
      ahead(seq(opt(words("the", "their", "its", "any")), alt(column("c"), stockWord("c")))),
    ),
    build: (caps, scan) => {
      const ref = caps.c as ColumnRef;
      if (!("column" in ref) || !isNumeric(scan.vocabulary, ref.column)) return undefined;
      return { kind: "amount", mode: "to", num: { value: 0, unit: "plain", text: "0" } };
    },
  },
  {
    // "a raise of 1500", "an extra discount of 10%", "price reductions of 2%": the noun before
    // its amount.
    name: "amount-noun-of",
    pattern: seq(
      opt(words("a", "an", "a further", "a flat", "an extra", "another")),
      alt(
        tag(
          "d",
          "down",
          words(
            "discount",
            "discounts",
            "cut",
            "cuts",
            "price cuts",
            "reduction",
            "reductions",
            "price reductions",
            "decrease",
            "markdown",
            "price cut",
            "drop",
          ),
        ),
        tag(
          "d",
          "up",
          words(
            "increase",
            "increases",
            "price increases",
            "raise",
            "raises",
            "pay rise",
            "markup",
            "hike",
            "price increase",
            "rise",
            "bump",
          ),
        ),
      ),
      words("of", "of about", "of around"),
      num("n"),
    ),
    build: directedAmount("noun"),
  },
  {
    name: "amount-direction",
    pattern: alt(
      tag("direction", "up", seq(words("up by", "up"), num("n"))),
      tag("direction", "down", seq(words("down by", "down"), num("n"))),
      tag("direction", "up", seq(words("+"), num("n"))),
      tag("direction", "down", seq(words("-", "−", "minus"), num("n"))),
      // "yoga 5% up", "fitness 2 dollars down"; not "5% up to 40", a limit.
      tag("direction", "up", seq(num("n"), words("up"), notAhead(words("to")))),
      tag("direction", "down", seq(num("n"), words("down"), notAhead(words("to")))),
    ),
    build: (caps) => ({
      kind: "amount",
      mode: "noun",
      direction: caps.direction as "up" | "down",
      num: n(caps),
    }),
  },
  {
    name: "amount-by",
    pattern: seq(words("by", "by a", "by an", "by a flat", "by just", "by only"), num("n")),
    build: (caps) => ({ kind: "amount", mode: "by", num: n(caps) }),
  },
  {
    name: "amount-to",
    pattern: seq(
      words(
        "to",
        "at",
        "=",
        "equal to",
        "to be",
        "to a price of",
        "to a flat",
        "to exactly",
        "at a flat",
        "at exactly",
        "to just",
        "to only",
        "as",
        "to a flat price of",
        "at a price of",
      ),
      // "set long to -0.2": a value below zero, not a decrease by 0.2.
      opt(tag("negative", true, words("-", "−", "minus"))),
      num("n"),
    ),
    build: (caps) => {
      const said = n(caps);
      const num = caps.negative ? { ...said, value: -said.value, text: `-${said.text}` } : said;
      return { kind: "amount", mode: "to", num };
    },
  },

  // Boolean values, flags and set-to-text.
  {
    name: "bool",
    pattern: seq(
      words("to", "as", "=", "to be", "as being"),
      alt(tag("b", true, words("true", "yes", "y")), tag("b", false, words("false", "no", "n"))),
    ),
    build: (caps) => ({ kind: "bool", value: caps.b as boolean }),
  },
  {
    name: "flag-marked",
    pattern: alt(
      seq(tag("marker", "as", words("as", "as being", "to be", "as now")), flag("f")),
      seq(tag("marker", "back", words("back", "back to")), flag("f")),
      seq(tag("marker", "to", words("to")), flag("f")),
      seq(
        tag("marker", "as", words("go", "goes", "go on", "are put", "get put", "be put")),
        flag("f"),
      ),
    ),
    build: (caps) => ({
      kind: "flag",
      ref: caps.f as FlagRef,
      marker: caps.marker as "as" | "back" | "to",
    }),
  },
  {
    name: "flag-equals",
    pattern: seq(
      PREFIX,
      opt(words("the")),
      flag("f"),
      words("is", "are", "=", "==", "equals", "is set to"),
      alt(tag("b", true, words("true", "yes", "y")), tag("b", false, words("false", "no", "n"))),
    ),
    build: (caps) => {
      const ref = caps.f as FlagRef;
      const value = ref.value === (caps.b as boolean);
      return { kind: "scope", cond: { type: "flag", column: ref.column, value } };
    },
  },
  {
    name: "flag-switch",
    pattern: alt(
      seq(
        tag("on", false, words("turn off", "switch off", "disable", "no longer", "stop")),
        opt(words("the")),
        flag("f"),
      ),
      seq(tag("on", true, words("turn on", "switch on", "enable")), opt(words("the")), flag("f")),
      // "get auto renew switched on", "turn auto renew off".
      seq(
        flag("f"),
        opt(words("switched", "turned", "set")),
        alt(tag("on", true, words("on")), tag("on", false, words("off"))),
      ),
      seq(flag("f"), alt(tag("on", true, words("enabled")), tag("on", false, words("disabled")))),
    ),
    build: (caps) => {
      const ref = caps.f as FlagRef;
      return {
        kind: "flag",
        ref: caps.on ? ref : { ...ref, value: !ref.value },
        marker: "as",
      };
    },
  },
  {
    name: "flag",
    pattern: flag("f"),
    build: (caps) => {
      const ref = caps.f as FlagRef;
      return { kind: "flag", ref, marker: ref.verb ? "as" : null };
    },
  },
  {
    name: "set-text",
    pattern: seq(
      // "move Priya back to screen": back to a value the rows had before.
      words("to", "as", "into", "back to", "back into"),
      opt(words("the", "a", "an")),
      opt(column("c")),
      alt(value("v"), shapedValue("v"), shapedValue("v", "c"), quoted("t")),
    ),
    build: (caps) => {
      if (caps.t !== undefined) return { kind: "setText", refs: [], text: caps.t as string };
      const refs = caps.v as ValueRef[];
      const scope = valueScope(refs);
      const chosen =
        scope.kind === "scope" && scope.cond.type === "values" ? scope.cond : undefined;
      return {
        kind: "setText",
        refs: chosen ? refs.filter((ref) => ref.column === chosen.column) : refs,
        text: refs[0].value,
      };
    },
  },
  {
    // "set the due date to 2026-12-31": one day, written as the column's dates are (ISO).
    name: "set-date",
    pattern: seq(words("to", "as", "into"), date("d")),
    build: (caps) => {
      const span = caps.d as DateSpan;
      if (span.year !== undefined || isoDayPlus(span.start, 1) !== span.end) return undefined;
      return { kind: "setText", refs: [], text: span.start };
    },
  },
];

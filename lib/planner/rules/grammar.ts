import { DIRECTION_RULES } from "./directions";
import { n, valueScope } from "./grammar-builders";
import { ACTION_RULES } from "./grammar-rules-actions";
import { COLUMN_COMPARISON_RULES } from "./grammar-rules-columns";
import { LIMIT_RULES } from "./grammar-rules-limits";
import { SCOPE_RULES } from "./grammar-rules-scopes";
import { STOP_WORDS } from "./grammar-tables";
import { normPhrase } from "./grammar-words";
import {
  alt,
  type Caps,
  column,
  opt,
  type Pattern,
  pattern,
  position,
  quoted,
  rowNoun,
  type Scan,
  seq,
  value,
  words,
} from "./patterns";
import { key, shapedValue } from "./patterns-keys";
import { type Num, num } from "./patterns-number";
import type { Token } from "./tokenize";
import { type ColumnRef, type FlagRef, isNumeric, type ValueRef } from "./vocabulary";

/**
 * The phrases the rules planner understands. Each rule turns a run of tokens into one item
 * (an action verb, an amount, a scope, an option …); `lex.ts` keeps the longest match at each
 * position and `interpret.ts` assembles items into operations. Adding a phrasing means adding
 * words here, not another regular expression somewhere else.
 */

export type CompareOp = "gt" | "gte" | "lt" | "lte" | "eq";

/** A condition on rows, in the instruction's terms; `column: null` means the price column. */
export type Cond =
  | { type: "values"; column: string; values: string[] }
  | { type: "keys"; keys: string[] }
  | { type: "flag"; column: string; value: boolean }
  | { type: "compare"; column: string | null; op: CompareOp; value: number; unit: Num["unit"] }
  /** The row's cell of `column` against its cell of `other` ("qty below its reorder level"). */
  | { type: "columns"; column: string; op: CompareOp; other: string }
  | { type: "between"; column: string | null; low: number; high: number; unit: Num["unit"] }
  | { type: "text"; column: string; op: "contains" | "starts_with"; value: string }
  | { type: "empty"; column: string; empty: boolean }
  /** Dates from `from` (inclusive) to `to` (exclusive), both YYYY-MM-DD. */
  | { type: "dateRange"; column: string; from?: string; to?: string };

export type VerbKind =
  | "increase"
  | "decrease"
  | "set"
  | "multiply"
  | "restock"
  | "clear"
  | "apply"
  | "toggle";

export interface OptionSpec {
  round_to?: number;
  ending?: number;
  min_value?: number;
  max_value?: number;
}

export interface GuardSpec {
  max_rows_changed?: number;
  max_change_percent?: number;
}

export type ItemPayload =
  | { kind: "verb"; verb: VerbKind; factor?: number; needsOff?: boolean; word: string }
  | {
      kind: "amount";
      mode: "by" | "to" | "bare" | "off" | "noun";
      direction?: "up" | "down";
      num: Num;
    }
  | { kind: "scope"; cond: Cond }
  /** A value phrase that more than one column holds. */
  | { kind: "ambiguousValue"; refs: ValueRef[] }
  | { kind: "unknownKey"; key: string }
  | { kind: "flag"; ref: FlagRef; marker: "as" | "back" | "to" | null }
  | { kind: "bool"; value: boolean }
  | {
      kind: "setText";
      refs: ValueRef[];
      text: string;
      /** A new value's column, when only the value of the rows named it ("change brand X to …"). */
      column?: string;
    }
  | { kind: "column"; ref: ColumnRef }
  | { kind: "option"; option: OptionSpec }
  | { kind: "guard"; guard: GuardSpec }
  | { kind: "except"; global: boolean }
  | { kind: "tail" }
  /** "no salary below 50,000": set the rows past the bound to it. */
  | { kind: "goal"; op: "lt" | "gt"; num: Num; column: string | null }
  /** "them", "their": the rows of the clause before. */
  | { kind: "pronoun" }
  | { kind: "join"; word: "and" | "or" }
  | { kind: "to" }
  | { kind: "boundary" }
  | { kind: "stop" };

export interface Rule {
  name: string;
  pattern: Pattern;
  build: (caps: Caps, scan: Scan) => ItemPayload | undefined;
}

/** Values that are also words describing a column's values ("new prices"). */
const DESCRIBING_WORDS = new Set(["new", "old", "other", "same", "current", "original"]);

// Rules, in priority order: when two rules match equally many tokens the earlier one wins.
const FREE = words("free", "free of charge", "for free");
const STOP = words(...STOP_WORDS);
const NOT_SOMEONE = new Set(
  "let it that there what here who where everyone everybody anyone anybody someone somebody nobody one today tomorrow yesterday".split(
    " ",
  ),
);

/** A capitalised word written with a possessive, not a pronoun's: "Will's". */
function someones(token: Token | undefined): boolean {
  return (
    token !== undefined && /^\p{Lu}\p{Ll}*['’]s$/u.test(token.text) && !NOT_SOMEONE.has(token.norm)
  );
}

export const RULES: Rule[] = [
  // Sentence boundaries and list joins.
  { name: "boundary", pattern: words(".", ";", "!", "?"), build: () => ({ kind: "boundary" }) },
  {
    name: "join-or",
    pattern: words("or", "and or", "and/or", "/"),
    build: () => ({ kind: "join", word: "or" }),
  },
  {
    name: "join",
    pattern: words(
      ",",
      ":",
      "and",
      "&",
      "plus",
      "as well as",
      "along with",
      "and also",
      "then",
      "and then",
      "but",
      "while",
      "+",
    ),
    build: () => ({ kind: "join", word: "and" }),
  },

  ...LIMIT_RULES,
  ...DIRECTION_RULES,
  ...COLUMN_COMPARISON_RULES,
  ...SCOPE_RULES,
  ...ACTION_RULES,
  // Plain scopes: keys, values, columns.
  {
    name: "key",
    pattern: seq(opt(column("kc", (ref) => "column" in ref)), key("k")),
    build: (caps, scan) => {
      const kc = caps.kc as ColumnRef | undefined;
      if (kc && "column" in kc && kc.column !== scan.vocabulary.keyColumn) return undefined;
      const found = caps.k as { key: string; unknown?: boolean };
      if (found.unknown) return { kind: "unknownKey", key: found.key };
      return { kind: "scope", cond: { type: "keys", keys: [found.key] } };
    },
  },
  {
    name: "value",
    // "by Dr Marin": who the rows are by ("by 5%" is an amount, a number being no value).
    pattern: seq(
      opt(words("at", "on", "in", "for", "by")),
      alt(value("v"), shapedValue("v")),
      position("after"),
    ),
    build: (caps, scan) => {
      const refs = caps.v as ValueRef[];
      // "set new prices", "the old price": such a word before a column of numbers describes its
      // values, where "new items" are the rows whose condition is new.
      if (DESCRIBING_WORDS.has(normPhrase(refs[0].value))) {
        const next = column("next")(scan, caps.after as number, {});
        const amounts = next.some(({ caps: found }) => {
          const ref = found.next as ColumnRef;
          return "column" in ref && isNumeric(scan.vocabulary, ref.column);
        });
        if (amounts) return undefined;
      }
      return valueScope(refs);
    },
  },
  {
    name: "quoted-value",
    pattern: quoted("t"),
    build: (caps, scan) => {
      const refs = scan.vocabulary.valuePhrases.get(normPhrase(caps.t as string));
      return refs ? valueScope(refs) : undefined;
    },
  },
  {
    name: "column",
    pattern: column("c"),
    build: (caps) => ({ kind: "column", ref: caps.c as ColumnRef }),
  },
  {
    name: "amount-bare",
    pattern: num("n"),
    build: (caps) => {
      const amount = n(caps);
      // "10 extra points" says which way.
      return {
        kind: "amount",
        mode: "bare",
        num: amount,
        ...(amount.more ? { direction: "up" } : {}),
      };
    },
  },
  { name: "to", pattern: words("to", "into"), build: () => ({ kind: "to" }) },
  { name: "row-noun", pattern: rowNoun(), build: () => ({ kind: "stop" }) },
  {
    name: "stop",
    // "Will's wage": a capitalised word with a possessive is someone's, never a word to pass
    // over (as one, the plan had changed every row). Not "Let's", "It's" or "Everyone's".
    pattern: pattern(
      (scan, at, caps) => (someones(scan.tokens[at]) ? [] : STOP(scan, at, caps)),
      STOP.first,
    ),
    build: () => ({ kind: "stop" }),
  },
  {
    // "make the soup free": a price of nothing. Last, so a value or a flag called so wins; and
    // not "Free" inside a sentence, which is a name ("the Free plan").
    name: "amount-free",
    pattern: pattern(
      (scan, at, caps) =>
        at > 0 && /^\p{Lu}/u.test(scan.tokens[at]?.text ?? "") ? [] : FREE(scan, at, caps),
      FREE.first,
    ),
    build: () => ({
      kind: "amount",
      mode: "to",
      num: { value: 0, unit: "currency", text: "free" },
    }),
  },
];

import type { DateSpan } from "./dates";
import {
  alt,
  anyWord,
  type Caps,
  column,
  date,
  dateColumn,
  flag,
  key,
  type Num,
  num,
  opt,
  type Pattern,
  quoted,
  rowNoun,
  type Scan,
  seq,
  shapedValue,
  subject,
  tag,
  value,
  when,
  words,
} from "./patterns";
import {
  type ColumnRef,
  type FlagRef,
  isMoneyColumn,
  isNumeric,
  normPhrase,
  type ValueRef,
} from "./vocabulary";

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
  | { kind: "setText"; refs: ValueRef[]; text: string }
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

// ---------------------------------------------------------------------------------------------
// Word lists

const NEG = words(
  "never",
  "not",
  "do not",
  "don't",
  "dont",
  "does not",
  "doesn't",
  "must not",
  "mustn't",
  "should not",
  "shouldn't",
  "cannot",
  "can't",
  "can not",
  "will not",
  "won't",
  "no",
);
const THINGS = words(
  "it",
  "them",
  "they",
  "prices",
  "price",
  "the price",
  "the prices",
  "any price",
  "any prices",
  "all prices",
  "new prices",
  "the new prices",
  "anything",
  "any",
  "values",
  "the values",
  "the result",
  "results",
  "the results",
  "everything",
);
const LET = seq(words("let", "allow"), opt(THINGS), opt(words("to")));
const MOVE = words(
  "go",
  "fall",
  "drop",
  "dip",
  "get",
  "be",
  "rise",
  "end up",
  "move",
  "sink",
  "climb",
);
/** "the first floor": ordinals as numbers. */
const ORDINAL = alt(
  ...[
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
  ].map((word, index) =>
    tag(
      "n",
      { value: index + 1, unit: "plain", text: word },
      words(word, `${index + 1}${["st", "nd", "rd"][index] ?? "th"}`),
    ),
  ),
);
const DATE_OP = alt(
  tag("op", "before", words("before", "prior to", "earlier than", "older than")),
  tag("op", "until", words("until", "till", "through", "up until")),
  tag("op", "after", words("after", "later than", "newer than", "more recent than")),
  tag("op", "since", words("since", "starting", "as of", "beginning")),
  tag("op", "in", words("in", "during", "on", "from", "dated")),
);
const DATE_POST = alt(
  tag(
    "post",
    "since",
    words(
      "and later",
      "or later",
      "and after",
      "or after",
      "and newer",
      "or newer",
      "onwards",
      "onward",
      "on",
      "and up",
      "and beyond",
    ),
  ),
  tag(
    "post",
    "until",
    words("and earlier", "or earlier", "and before", "or before", "and older", "or older"),
  ),
);
const BUT = words("but", "and", "yet", "though", "while");
const BELOW = words("below", "under", "lower than", "less than", "beneath", "underneath");
const ABOVE = words("above", "over", "higher than", "more than", "beyond", "greater than");

const GT = words(
  "over",
  "above",
  "more than",
  "greater than",
  "higher than",
  ">",
  "exceeding",
  "in excess of",
  "pricier than",
  "more expensive than",
  "upwards of",
);
const LT = words(
  "under",
  "below",
  "less than",
  "fewer than",
  "lower than",
  "<",
  "cheaper than",
  "less expensive than",
  "beneath",
);
const GTE = words("at least", ">=", "a minimum of");
const LTE = words("at most", "<=", "up to", "a maximum of");
const EQ = words("=", "==", "equal to", "exactly", "at exactly");
const CMP = alt(
  tag("op", "gt", GT),
  tag("op", "lt", LT),
  tag("op", "gte", GTE),
  tag("op", "lte", LTE),
  tag("op", "eq", EQ),
);
const POSTFIX = alt(
  tag(
    "op",
    "gte",
    words("or more", "or above", "or over", "and up", "and above", "and over", "or higher", "+"),
  ),
  tag(
    "op",
    "lte",
    words("or less", "or below", "or under", "and under", "and below", "or lower", "or cheaper"),
  ),
);

/** Words that say a comparison is about the price: "priced under $20", "that cost over 30". */
const PRICE_MARKER = words(
  "earning",
  "earns",
  "who earn",
  "making",
  "who make",
  "paid",
  "paying",
  "pays",
  "renting for",
  "that rent for",
  "rented at",
  "charging",
  "costs",
  "priced",
  "priced at",
  "costing",
  "that cost",
  "which cost",
  "that costs",
  "which costs",
  "selling for",
  "that sell for",
  "which sell for",
  "that sells for",
  "with a price",
  "with a price of",
  "with prices",
  "at a price of",
  "whose price is",
  "where the price is",
  "where price is",
  "with price",
  "if the price is",
  "when the price is",
);
const PREFIX = words(
  "where",
  "with",
  "whose",
  "if",
  "when",
  "having",
  "that have",
  "which have",
  "that has",
  "which has",
  "with a",
  "with an",
  "where the",
  "whose the",
  "in",
  "from",
  "by",
  "for",
);
const IS = words("is", "are", "was", "is equal to", "equals", "=", ":", "of", "is set to");

const ROWS = words(
  "rows",
  "row",
  "products",
  "product",
  "items",
  "item",
  "records",
  "record",
  "skus",
  "cells",
  "changes",
  "lines",
  "entries",
  "books",
  "prices",
  "price changes",
);

// ---------------------------------------------------------------------------------------------
// Builders

const n = (caps: Caps, name = "n") => caps[name] as Num;
const isNonPercent = (value: Num) => value.unit !== "percent";

function clamp(side: "min_value" | "max_value") {
  return (caps: Caps): ItemPayload | undefined => {
    const value = n(caps);
    return isNonPercent(value) ? { kind: "option", option: { [side]: value.value } } : undefined;
  };
}

function smallInt(value: Num): number | undefined {
  return value.unit === "plain" &&
    Number.isInteger(value.value) &&
    value.value >= 0 &&
    value.value <= 6
    ? value.value
    : undefined;
}

function ending(value: Num): number | undefined {
  if (value.unit === "percent") return undefined;
  if (value.value > 0 && value.value < 1) return value.value;
  if (
    value.unit === "plain" &&
    Number.isInteger(value.value) &&
    value.value >= 1 &&
    value.value <= 99
  ) {
    return value.value / 100;
  }
  return undefined;
}

function rowCount(value: Num): number | undefined {
  return value.unit === "plain" && Number.isInteger(value.value) && value.value >= 0
    ? value.value
    : undefined;
}

/** The column of a comparison: the named numeric column, or the price column (null). */
function compareColumn(caps: Caps, scan: Scan): string | null | undefined {
  const ref = caps.c as ColumnRef | undefined;
  if (ref === undefined) return null;
  if (!("column" in ref)) return undefined;
  return isNumeric(scan.vocabulary, ref.column) ? ref.column : undefined;
}

/**
 * An amount in money compares the money column, whatever noun stands before it: "bottles
 * between $40 and $60" are bottles priced so, not stock levels.
 */
function moneyAware(columnName: string | null, unit: Num["unit"], scan: Scan): string | null {
  if (columnName === null || unit !== "currency") return columnName;
  return isMoneyColumn(scan.vocabulary, columnName) ? columnName : null;
}

function compare(caps: Caps, scan: Scan): ItemPayload | undefined {
  const value = n(caps);
  if (value.unit === "percent") return undefined;
  const named = compareColumn(caps, scan);
  if (named === undefined) return undefined;
  const columnName = moneyAware(named, value.unit, scan);
  // "the unit cost of 3301": a row's key, not a cost of 3301.
  if (
    caps.op === "eq" &&
    columnName !== scan.vocabulary.keyColumn &&
    scan.vocabulary.knownKeys?.has(value.text.toLowerCase())
  ) {
    return undefined;
  }
  return {
    kind: "scope",
    cond: {
      type: "compare",
      column: columnName,
      op: caps.op as CompareOp,
      value: value.value,
      unit: value.unit,
    },
  };
}

function between(caps: Caps, scan: Scan): ItemPayload | undefined {
  const named = compareColumn(caps, scan);
  if (named === undefined) return undefined;
  const low = n(caps, "low");
  const high = n(caps, "high");
  if (low.unit === "percent" || high.unit === "percent") return undefined;
  const unit = low.unit === "currency" || high.unit === "currency" ? "currency" : "plain";
  const columnName = moneyAware(named, unit, scan);
  return {
    kind: "scope",
    cond: {
      type: "between",
      column: columnName,
      low: Math.min(low.value, high.value),
      high: Math.max(low.value, high.value),
      unit,
    },
  };
}

type DateOp = "before" | "until" | "after" | "since" | "in";

/**
 * A date condition: on the column named, or the table's one column of dates (or of years).
 * "before 2016" on a date column is start_date < 2016-01-01; on a column of years, year < 2016.
 */
function dateScope(caps: Caps, scan: Scan): ItemPayload | undefined {
  const { timeColumns } = scan.vocabulary;
  const span = caps.d as DateSpan;
  let column = caps.c as string | undefined;
  if (column === undefined) {
    // A bare year goes to the column of years ("cars from 2020" is the model year), any other
    // date to the column of dates.
    const of = (kind: string) =>
      [...timeColumns].filter(([, each]) => each === kind).map(([name]) => name);
    const [years, dates] = [of("year"), of("date")];
    if (span.year !== undefined && years.length === 1) column = years[0];
    else if (dates.length === 1) column = dates[0];
    else return undefined;
  }
  const kind = timeColumns.get(column);
  // "from 2000 to 2500" with no date column named is more likely an amount than a range of years.
  if (caps.until !== undefined && caps.c === undefined && span.year !== undefined) return undefined;
  const until = (caps.until as DateSpan | undefined) ?? span;
  const op = (caps.post ?? caps.op ?? "in") as DateOp;
  if (kind === "year") {
    if (span.year === undefined || until.year === undefined) return undefined;
    if (caps.until !== undefined) {
      return {
        kind: "scope",
        cond: { type: "between", column, low: span.year, high: until.year, unit: "plain" },
      };
    }
    const compareOp = { before: "lt", until: "lte", after: "gt", since: "gte", in: "eq" } as const;
    return {
      kind: "scope",
      cond: { type: "compare", column, op: compareOp[op], value: span.year, unit: "plain" },
    };
  }
  if (kind !== "date") return undefined;
  const range: { from?: string; to?: string } =
    op === "before"
      ? { to: span.start }
      : op === "until"
        ? { to: until.end }
        : op === "after"
          ? { from: span.end }
          : op === "since"
            ? { from: span.start }
            : { from: span.start, to: until.end };
  return { kind: "scope", cond: { type: "dateRange", column, ...range } };
}

function valueScope(refs: ValueRef[]): ItemPayload {
  const distinctColumns = [...new Set(refs.map((ref) => ref.column))];
  if (distinctColumns.length === 1) {
    return {
      kind: "scope",
      cond: {
        type: "values",
        column: distinctColumns[0],
        values: [...new Set(refs.map((ref) => ref.value))],
      },
    };
  }
  // Two columns hold this value: which one is meant is the user's to say, not ours to guess.
  return { kind: "ambiguousValue", refs };
}

function textColumn(name: string) {
  return when((caps) => {
    const ref = caps[name] as ColumnRef | undefined;
    return ref !== undefined && "column" in ref;
  });
}

// ---------------------------------------------------------------------------------------------
// Rules, in priority order: when two rules match equally many tokens the earlier one wins.

const NEG_VERB = [
  "change",
  "touch",
  "modify",
  "update",
  "alter",
  "increase",
  "raise",
  "decrease",
  "reduce",
  "cut",
  "discount",
  "lower",
  "mark",
  "adjust",
  "reprice",
  "include",
  "edit",
];
const NEG_WORDS = [
  "do not",
  "don't",
  "dont",
  "never",
  "please do not",
  "please don't",
  "should not",
  "shouldn't",
  "must not",
];

const VERBS: [string[], VerbKind, { factor?: number; needsOff?: boolean }?][] = [
  [
    [
      "increase",
      "raise",
      "bump",
      "bump up",
      "hike",
      "hike up",
      "boost",
      "lift",
      "mark up",
      "markup",
      "jack up",
      "put up",
      "push up",
      "up",
      "add",
    ],
    "increase",
  ],
  [
    [
      "decrease",
      "cut",
      "lower",
      "reduce",
      "discount",
      "mark down",
      "markdown",
      "drop",
      "slash",
      "trim",
      "bring down",
      "knock down",
      "subtract",
      "deduct",
      "lessen",
    ],
    "decrease",
  ],
  [["take", "knock"], "decrease", { needsOff: true }],
  [
    [
      "set",
      "make",
      "change",
      "update",
      "put",
      "adjust",
      "mark",
      "flag",
      "switch",
      "turn",
      "move",
      "transfer",
      "reassign",
      "assign",
      "promote",
      "upgrade",
      "downgrade",
      "relocate",
      "is now",
      "are now",
      "now costs",
      "now cost",
      "now is",
      "should cost",
    ],
    "set",
  ],
  [["restock", "re stock", "replenish"], "restock"],
  [["flip", "toggle", "invert"], "toggle"],
  [["multiply"], "multiply"],
  [["double"], "multiply", { factor: 2 }],
  [["triple"], "multiply", { factor: 3 }],
  [["quadruple"], "multiply", { factor: 4 }],
  [["halve"], "multiply", { factor: 0.5 }],
  [["apply", "give", "offer"], "apply"],
];

/** Nouns people use for rows of any table; a column or value of the same name wins. */
const ROW_NOUNS = [
  "people",
  "person",
  "staff",
  "team",
  "teams",
  "employees",
  "employee",
  "members",
  "member",
  "customers",
  "customer",
  "clients",
  "client",
  "accounts",
  "account",
  "units",
  "unit",
  "apartments",
  "apartment",
  "flats",
  "flat",
  "homes",
  "home",
  "properties",
  "property",
  "cars",
  "car",
  "vehicles",
  "vehicle",
  "parts",
  "part",
  "courses",
  "course",
  "classes",
  "dishes",
  "dish",
  "meals",
  "wines",
  "wine",
  "rooms",
  "room",
  "tickets",
  "ticket",
  "events",
  "event",
  "shows",
  "subscriptions",
  "subscription",
  "orders",
  "ones",
  "one",
  "stuff",
  "bottles",
];

const STOP_WORDS = [
  "the",
  "a",
  "an",
  "all",
  "every",
  "each",
  "any",
  "of",
  "for",
  "in",
  "on",
  "at",
  "with",
  "that",
  "which",
  "our",
  "my",
  "your",
  "please",
  "kindly",
  "products",
  "product",
  "items",
  "item",
  "things",
  "stuff",
  "rows",
  "row",
  "records",
  "record",
  "entries",
  "entry",
  "lines",
  "line",
  "goods",
  "listings",
  "books",
  "book",
  "everything",
  "catalog",
  "catalogue",
  "whole",
  "entire",
  "across the board",
  "current",
  "currently",
  "existing",
  "only",
  "just",
  "too",
  "now",
  "today",
  "both",
  "so",
  "is",
  "are",
  "be",
  "from",
  "i want to",
  "we want to",
  "i'd like to",
  "we'd like to",
  "i would like to",
  "we would like to",
  "i need to",
  "we need to",
  "can you",
  "could you",
  "would you",
  "go ahead and",
  "let's",
  "lets",
  "new",
  "also",
  "range",
  "else",
  "everything else",
  "the rest",
  "all other",
  "other",
  "others",
  "remaining",
  "if",
  "when",
  "where",
  "whenever",
  "that are",
  "which are",
  "who are",
  "that is",
  "which is",
  // Rows in ordinary words: what the table holds, and who.
  ...ROW_NOUNS,
  "everyone",
  "everybody",
  "anyone",
  "anybody",
  "anything",
  "everywhere",
  "all of",
  "ones",
  "the ones",
  "pls",
  "plz",
  "pleese",
  "plese",
  "pleas",
  "u",
  "could u",
  "can u",
  "we",
  "i",
  "thanks",
  "thank you",
  "office",
  "offices",
  "branch",
  "branches",
  "location",
  "locations",
  "store",
  "stores",
  "shop",
  "shops",
  "site",
  "sites",
  "handled by",
  "taught by",
  "managed by",
  "run by",
  "led by",
  "owned by",
  "organized by",
  "organised by",
  "hosted by",
  "sold by",
  "supplied by",
  "cooked by",
  "made by",
  "assigned to",
  "belonging to",
  "#",
  "runs",
  "organizes",
  "organises",
  "hosts",
  "manages",
  "handles",
  "teaches",
  "owns",
  "sells",
  "cooks",
  "left",
  "remaining",
  // "X go up 4%", "X gets a 3% raise": the amount says which way.
  "go",
  "goes",
  "going",
  "get",
  "gets",
  "getting",
  "receive",
  "receives",
  "should",
  "will",
  "a day",
  "a night",
  "a month",
  "per day",
  "per night",
  "per month",
  "each month",
  "monthly",
];

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

  // Guards.
  {
    name: "guard-rows",
    pattern: seq(
      opt(
        words(
          "change",
          "changes",
          "affect",
          "affecting",
          "update",
          "updating",
          "touch",
          "touching",
          "modify",
          "changing",
          "alter",
          "edit",
        ),
      ),
      words(
        "no more than",
        "not more than",
        "at most",
        "max",
        "maximum",
        "up to",
        "a maximum of",
        "a max of",
        "limit of",
        "a limit of",
        "limit to",
        "limit it to",
        "limited to",
        "limit changes to",
      ),
      num("n"),
      ROWS,
      opt(
        words("changed", "affected", "updated", "modified", "in total", "total", "at most", "max"),
      ),
    ),
    build: (caps) => {
      const count = rowCount(n(caps));
      return count === undefined
        ? undefined
        : { kind: "guard", guard: { max_rows_changed: count } };
    },
  },
  {
    name: "guard-rows-postfix",
    pattern: seq(num("n"), ROWS, words("max", "maximum", "at most", "tops")),
    build: (caps) => {
      const count = rowCount(n(caps));
      return count === undefined
        ? undefined
        : { kind: "guard", guard: { max_rows_changed: count } };
    },
  },
  {
    name: "guard-rows-stop",
    pattern: seq(
      words("stop", "abort", "fail", "refuse", "block"),
      words("if"),
      words("more than", "over"),
      num("n"),
      ROWS,
      opt(
        words(
          "change",
          "changed",
          "would change",
          "are changed",
          "are affected",
          "would be changed",
        ),
      ),
    ),
    build: (caps) => {
      const count = rowCount(n(caps));
      return count === undefined
        ? undefined
        : { kind: "guard", guard: { max_rows_changed: count } };
    },
  },
  {
    name: "guard-change-percent",
    pattern: alt(
      seq(
        words("no", "never"),
        opt(words("single")),
        opt(words("price", "row", "cell", "value")),
        words("change", "changes", "moves", "move", "should change", "may change", "can change"),
        opt(words("by", "of")),
        words("more than", "over", "above", "greater than", "bigger than", "exceeding"),
        num("n"),
      ),
      seq(
        words("max", "maximum", "limit"),
        opt(
          words(
            "change",
            "changes",
            "price change",
            "change per price",
            "change per row",
            "change per item",
            "change per cell",
          ),
        ),
        opt(words("of", "to", "at")),
        num("n"),
      ),
      seq(
        words("change", "changes"),
        words("no more than", "at most", "not more than"),
        num("n"),
        opt(words("per price", "per item", "per row", "each")),
      ),
    ),
    build: (caps) => {
      const value = n(caps);
      return value.unit === "percent"
        ? { kind: "guard", guard: { max_change_percent: value.value } }
        : undefined;
    },
  },

  // Options: clamps, rounding, endings.
  {
    name: "clamp-min",
    pattern: alt(
      seq(opt(BUT), NEG, opt(LET), opt(MOVE), BELOW, num("n")),
      seq(
        opt(BUT),
        words("no lower than", "not lower than", "no less than", "not less than", "not below"),
        num("n"),
      ),
      seq(
        words(
          "floor",
          "floored",
          "minimum",
          "min",
          "with a floor",
          "with a minimum",
          "a floor",
          "a minimum",
          "minimum price",
          "a minimum price",
        ),
        opt(words("of", "at", "price of", "price")),
        num("n"),
      ),
      seq(
        opt(BUT),
        words("keep", "keeping"),
        opt(THINGS),
        words("above", "over", "at or above", "at least", "no less than", "no lower than"),
        num("n"),
      ),
    ),
    build: clamp("min_value"),
  },
  {
    name: "clamp-max",
    pattern: alt(
      seq(opt(BUT), NEG, opt(LET), opt(MOVE), ABOVE, num("n")),
      seq(opt(BUT), NEG, opt(LET), words("exceed", "exceeds", "go past", "top"), num("n")),
      seq(
        opt(BUT),
        words("no higher than", "not higher than", "no more than", "not more than", "not above"),
        num("n"),
      ),
      seq(
        words(
          "cap",
          "caps",
          "capped",
          "capping",
          "cap it",
          "cap them",
          "cap prices",
          "cap the price",
          "cap the prices",
          "cap the result",
          "cap the results",
        ),
        words("at", "to", "of"),
        num("n"),
      ),
      seq(
        words(
          "with a cap",
          "a cap",
          "a ceiling",
          "with a ceiling",
          "a maximum",
          "with a maximum",
          "maximum",
          "max",
          "ceiling",
          "maximum price",
          "a maximum price",
        ),
        opt(words("of", "at", "price of", "price")),
        num("n"),
      ),
      seq(
        opt(BUT),
        words("keep", "keeping"),
        opt(THINGS),
        words("below", "under", "at or below", "at most", "no more than", "no higher than"),
        num("n"),
      ),
    ),
    build: clamp("max_value"),
  },
  {
    name: "round-nearest",
    pattern: seq(
      opt(
        seq(
          words("round", "rounded", "rounding", "round off", "rounded off", "and round", "rounds"),
          opt(THINGS),
        ),
      ),
      words("to"),
      opt(words("the")),
      words("nearest"),
      alt(
        tag(
          "places",
          0,
          words("dollar", "whole dollar", "whole number", "integer", "unit", "euro", "pound"),
        ),
        tag("places", 1, words("dime", "ten cents", "tenth")),
        tag("places", 2, words("cent", "penny", "hundredth")),
      ),
    ),
    build: (caps) => ({ kind: "option", option: { round_to: caps.places as number } }),
  },
  {
    name: "round-places",
    pattern: alt(
      seq(
        words("round", "rounded", "rounding", "round off", "rounded off", "rounds"),
        opt(THINGS),
        words("to"),
        num("n"),
        words(
          "decimal places",
          "decimal place",
          "decimals",
          "decimal",
          "dp",
          "digits",
          "decimal digits",
          "places",
        ),
      ),
      seq(
        words("to", "with"),
        num("n"),
        words("decimal places", "decimal place", "decimals", "dp", "decimal digits"),
      ),
    ),
    build: (caps) => {
      const places = smallInt(n(caps));
      return places === undefined ? undefined : { kind: "option", option: { round_to: places } };
    },
  },
  {
    name: "round-whole",
    pattern: alt(
      seq(
        words("round", "rounded", "rounding", "rounds"),
        opt(THINGS),
        words(
          "to whole dollars",
          "to whole numbers",
          "to the dollar",
          "to full dollars",
          "to whole units",
          "to whole pounds",
          "to whole euros",
          "to the pound",
          "to the euro",
          "to whole amounts",
        ),
      ),
      words("no decimals", "no cents", "without cents", "whole dollars only"),
    ),
    build: () => ({ kind: "option", option: { round_to: 0 } }),
  },
  {
    name: "round-cents",
    pattern: seq(
      words("round", "rounded", "rounding", "rounds"),
      opt(THINGS),
      words("to the cent", "to cents", "to whole cents"),
    ),
    build: () => ({ kind: "option", option: { round_to: 2 } }),
  },
  {
    name: "ending",
    pattern: alt(
      seq(
        opt(words("so", "so that", "and make", "make", "making", "have", "with")),
        opt(THINGS),
        words("end", "ends", "ending", "end up ending"),
        opt(THINGS),
        words("in", "with", "at", "on"),
        num("n"),
      ),
      seq(
        opt(words("with")),
        opt(words("a", "an")),
        num("n"),
        words("ending", "endings", "end", "price ending", "price endings"),
      ),
      seq(words("round", "rounded", "rounding"), opt(THINGS), words("to", "up to"), num("n")),
    ),
    build: (caps) => {
      const value = ending(n(caps));
      return value === undefined ? undefined : { kind: "option", option: { ending: value } };
    },
  },

  // Exclusions.
  {
    name: "except-global",
    pattern: alt(
      words(...NEG_WORDS.flatMap((neg) => NEG_VERB.map((verb) => `${neg} ${verb}`))),
      words(
        "leave",
        "leave out",
        "skip",
        "ignore",
        "exclude",
        "without changing",
        "without touching",
        "keep",
        "but leave",
        "and leave",
        "hands off",
      ),
    ),
    build: () => ({ kind: "except", global: true }),
  },
  {
    name: "except",
    pattern: words(
      "except",
      "except for",
      "excluding",
      "but not",
      "other than",
      "apart from",
      "aside from",
      "not including",
      "with the exception of",
      "save for",
      "leaving out",
      "minus",
      "unless",
      "if not",
      "but exclude",
      "not",
      "and not",
      "isn't",
      "aren't",
      "is not",
      "are not",
      "that isn't",
      "that aren't",
      "that are not",
      "that is not",
      "who aren't",
      "who are not",
      "who isn't",
      "which aren't",
      "which are not",
      "which isn't",
      "non",
      "non -",
    ),
    build: () => ({ kind: "except", global: false }),
  },
  {
    name: "tail",
    pattern: words(
      "alone",
      "unchanged",
      "as is",
      "as they are",
      "as it is",
      "untouched",
      "the same",
      "intact",
      "out of it",
      "out of this",
    ),
    build: () => ({ kind: "tail" }),
  },

  // Goals: "no salary should be under 50,000", "make sure nothing costs more than $850".
  {
    name: "goal",
    pattern: seq(
      opt(words("make sure", "ensure", "make certain", "check that", "see that")),
      words("no", "nothing", "none of the", "not a single", "not one"),
      subject("s", 5),
      opt(words("should", "may", "can", "must", "will", "shall", "should ever", "ever")),
      opt(
        words(
          "be",
          "is",
          "are",
          "cost",
          "costs",
          "rent for",
          "rents for",
          "sell for",
          "sells for",
          "pay",
          "pays",
          "earn",
          "earns",
          "go",
          "fall",
          "drop",
          "sit",
          "stay",
          "end up",
          "be priced",
          "be set",
        ),
      ),
      alt(
        tag(
          "op",
          "lt",
          words("under", "below", "less than", "lower than", "cheaper than", "beneath"),
        ),
        tag("op", "gt", words("over", "above", "more than", "higher than", "pricier than")),
      ),
      num("n"),
    ),
    build: (caps, scan) => {
      const value = n(caps);
      if (value.unit === "percent") return undefined;
      const numeric = (caps.s as string[]).filter((name) => isNumeric(scan.vocabulary, name));
      if (numeric.length > 1) return undefined;
      return { kind: "goal", op: caps.op as "lt" | "gt", num: value, column: numeric[0] ?? null };
    },
  },
  // "2-bedroom units", "4-credit courses": a count of a numeric column.
  {
    name: "number-column",
    pattern: seq(alt(num("n"), ORDINAL), opt(words("-")), column("c")),
    build: (caps, scan) => {
      const ref = caps.c as ColumnRef;
      const value = n(caps);
      if (!("column" in ref) || value.unit !== "plain" || !Number.isInteger(value.value))
        return undefined;
      if (scan.vocabulary.columns.get(ref.column)?.type !== "integer") return undefined;
      if (scan.vocabulary.timeColumns.has(ref.column)) return undefined;
      return {
        kind: "scope",
        cond: { type: "compare", column: ref.column, op: "eq", value: value.value, unit: "plain" },
      };
    },
  },
  {
    name: "pronoun",
    pattern: words("them", "their", "those", "these", "its", "his", "her", "they", "it"),
    build: () => ({ kind: "pronoun" }),
  },

  // Scopes: dates.
  {
    name: "date",
    pattern: alt(
      seq(
        opt(words("who", "that", "which")),
        opt(words("was", "were", "is", "are", "got", "last", "first", "been", "get")),
        opt(dateColumn("c")),
        DATE_OP,
        opt(words("the")),
        date("d"),
        opt(DATE_POST),
      ),
      seq(
        opt(words("who", "that", "which")),
        opt(words("was", "were", "last", "first")),
        dateColumn("c"),
        date("d"),
        opt(DATE_POST),
      ),
      seq(opt(dateColumn("c")), date("d"), DATE_POST),
      seq(date("d"), dateColumn("c")),
      seq(
        opt(dateColumn("c")),
        words("between", "from"),
        date("d"),
        words("and", "to", "until", "through", "-", "–"),
        date("until"),
      ),
    ),
    build: dateScope,
  },

  // Scopes: comparisons.
  {
    name: "compare",
    pattern: alt(
      seq(opt(PRICE_MARKER), CMP, num("n")),
      seq(opt(PREFIX), opt(words("the")), column("c"), opt(IS), CMP, num("n")),
      seq(
        opt(words("with", "having", "that have", "which have")),
        CMP,
        num("n"),
        opt(words("on", "in", "of")),
        column("c"),
        opt(words("left", "in stock", "on hand", "remaining", "available", "in inventory")),
      ),
      seq(opt(PRICE_MARKER), num("n"), POSTFIX),
      seq(opt(PREFIX), opt(words("the")), column("c"), opt(IS), num("n"), POSTFIX),
    ),
    build: compare,
  },
  {
    name: "priced-at",
    pattern: seq(
      words("priced at", "selling for", "that cost", "costing", "with a price of"),
      num("n"),
    ),
    build: (caps, scan) => compare({ ...caps, op: "eq" }, scan),
  },
  {
    name: "column-equals-number",
    pattern: seq(
      opt(PREFIX),
      opt(words("the")),
      column("c"),
      words("is", "=", "==", "equals", "is equal to"),
      num("n"),
    ),
    build: (caps, scan) => compare({ ...caps, op: "eq" }, scan),
  },
  {
    name: "between",
    pattern: seq(
      opt(alt(PRICE_MARKER, seq(opt(PREFIX), opt(words("the")), column("c"), opt(IS)))),
      words("between", "from"),
      num("low"),
      words("and", "-", "to", "–"),
      num("high"),
    ),
    build: between,
  },

  // Scopes: text columns.
  {
    name: "column-is-value",
    pattern: seq(
      opt(PREFIX),
      opt(words("the")),
      column("c"),
      textColumn("c"),
      opt(IS),
      alt(value("v", "c"), shapedValue("v", "c")),
    ),
    build: (caps) => valueScope(caps.v as ValueRef[]),
  },
  {
    name: "column-is-quoted",
    pattern: seq(
      opt(PREFIX),
      opt(words("the")),
      column("c"),
      textColumn("c"),
      opt(IS),
      quoted("t"),
    ),
    build: (caps) => {
      const ref = caps.c as { column: string };
      return {
        kind: "scope",
        cond: { type: "values", column: ref.column, values: [caps.t as string] },
      };
    },
  },
  {
    name: "value-then-column",
    pattern: seq(value("v"), opt(words("-")), column("c")),
    build: (caps) => {
      const ref = caps.c as ColumnRef;
      if (!("column" in ref)) return undefined;
      const refs = (caps.v as ValueRef[]).filter((item) => item.column === ref.column);
      return refs.length > 0 ? valueScope(refs) : undefined;
    },
  },
  {
    name: "text-contains",
    pattern: seq(
      opt(PREFIX),
      opt(words("the")),
      column("c"),
      textColumn("c"),
      alt(
        tag(
          "op",
          "contains",
          words(
            "contains",
            "containing",
            "includes",
            "including",
            "mentions",
            "mentioning",
            "has",
            "contain",
            "include",
          ),
        ),
        tag(
          "op",
          "starts_with",
          words(
            "starts with",
            "starting with",
            "begins with",
            "beginning with",
            "start with",
            "begin with",
          ),
        ),
      ),
      alt(quoted("t"), anyWord("t")),
    ),
    build: (caps, scan) => {
      const ref = caps.c as { column: string };
      const profile = scan.vocabulary.columns.get(ref.column);
      if (profile?.type !== "text") return undefined;
      return {
        kind: "scope",
        cond: {
          type: "text",
          column: ref.column,
          op: caps.op as "contains" | "starts_with",
          value: caps.t as string,
        },
      };
    },
  },
  {
    name: "column-empty",
    pattern: seq(
      opt(PREFIX),
      opt(words("the", "no", "an empty", "a blank", "a missing", "no")),
      column("c"),
      textColumn("c"),
      opt(words("is", "are")),
      alt(
        tag("empty", true, words("empty", "blank", "missing", "not set", "unset")),
        tag("empty", false, words("not empty", "present", "filled in", "not blank")),
      ),
    ),
    build: (caps) => {
      const ref = caps.c as { column: string };
      return {
        kind: "scope",
        cond: { type: "empty", column: ref.column, empty: caps.empty as boolean },
      };
    },
  },

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
        "cheaper",
        "less expensive",
        "lower",
        "less",
      ),
    ),
    build: (caps) => ({ kind: "amount", mode: "noun", direction: "down", num: n(caps) }),
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
    name: "amount-direction",
    pattern: alt(
      tag("direction", "up", seq(words("up by", "up"), num("n"))),
      tag("direction", "down", seq(words("down by", "down"), num("n"))),
      tag("direction", "up", seq(words("+"), num("n"))),
      tag("direction", "down", seq(words("-", "−", "minus"), num("n"))),
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
      num("n"),
    ),
    build: (caps) => ({ kind: "amount", mode: "to", num: n(caps) }),
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
      words("to", "as", "into"),
      opt(words("the", "a", "an")),
      opt(column("c")),
      alt(value("v"), shapedValue("v"), quoted("t")),
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
    pattern: seq(opt(words("at", "on", "in", "for")), alt(value("v"), shapedValue("v"))),
    build: (caps) => valueScope(caps.v as ValueRef[]),
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
    build: (caps) => ({ kind: "amount", mode: "bare", num: n(caps) }),
  },
  { name: "to", pattern: words("to", "into"), build: () => ({ kind: "to" }) },
  { name: "row-noun", pattern: rowNoun(), build: () => ({ kind: "stop" }) },
  {
    name: "stop",
    pattern: words(...STOP_WORDS),
    build: () => ({ kind: "stop" }),
  },
];

import { columnNameRest, measureVerb, personAge, stockCount, valueWord } from "./column-captures";
import type { ItemPayload, Rule } from "./grammar";
import {
  between,
  compare,
  countScope,
  dateScope,
  n,
  textColumn,
  valueScope,
  valueWordScope,
} from "./grammar-builders";
import {
  CMP,
  DATE_OP,
  DATE_POST,
  IS,
  ORDINAL,
  POSTFIX,
  PREFIX,
  PRICE_MARKER,
} from "./grammar-lexicon";
import { CELL_RULES } from "./grammar-rules-cells";
import { COLUMN_NUMBER_RULES } from "./grammar-rules-numbers";
import { TIME_RULES } from "./grammar-rules-time";
import {
  alt,
  anyWord,
  type Caps,
  column,
  namedOnlyValue,
  opt,
  quoted,
  seq,
  tag,
  value,
  words,
} from "./patterns";
import { date, dateColumn, relativeDate } from "./patterns-date";
import { shapedValue } from "./patterns-keys";
import { num } from "./patterns-number";
import type { ColumnRef, ValueRef, ValueWord } from "./vocabulary";

/** Verbs of a result in a column of scores: "scored 58 on the final", "got over 85 in maths". */
const SCORED = ["scored", "scoring", "who scored", "that scored", "got", "who got", "earned"];

/**
 * Rules of the grammar (grammar.ts): counts of a numeric column, dates, comparisons and text
 * columns. In priority order: when two rules match equally many tokens the earlier one wins.
 */
export const SCOPE_RULES: Rule[] = [
  // "2-bedroom units", "4-credit courses": a count of a numeric column.
  {
    name: "number-column",
    pattern: seq(alt(num("n"), ORDINAL), opt(words("-")), column("c")),
    build: countScope,
  },
  {
    name: "pronoun",
    pattern: words("them", "their", "those", "these", "its", "his", "her", "they", "it"),
    build: () => ({ kind: "pronoun" }),
  },

  // Scopes: dates.
  ...TIME_RULES,
  {
    name: "date",
    pattern: alt(
      seq(
        opt(words("who", "that", "which")),
        opt(words("was", "were", "is", "are", "got", "last", "first", "been", "get")),
        opt(dateColumn("c")),
        DATE_OP,
        opt(words("the")),
        date("d", "c"),
        opt(DATE_POST),
      ),
      seq(
        opt(words("who", "that", "which")),
        opt(words("was", "were", "last", "first")),
        dateColumn("c"),
        date("d", "c"),
        opt(DATE_POST),
      ),
      seq(opt(dateColumn("c")), date("d"), DATE_POST),
      seq(date("d"), dateColumn("c")),
      // "Graz events this year", "renewals next month".
      seq(opt(dateColumn("c")), relativeDate("d")),
      seq(
        opt(dateColumn("c")),
        words("between", "from"),
        date("d", "c"),
        words("and", "to", "until", "through", "-", "–"),
        date("until", "c"),
      ),
    ),
    build: dateScope,
  },

  // Scopes: comparisons.
  {
    name: "compare",
    pattern: alt(
      seq(opt(PRICE_MARKER), CMP, num("n")),
      // "anyone below level 3", "rooms above floor 2".
      seq(CMP, opt(words("the")), column("c"), num("n")),
      // "members who visited more than 15 times": a count said with its times.
      seq(
        opt(PREFIX),
        opt(words("the")),
        column("c"),
        opt(IS),
        CMP,
        num("n"),
        opt(words("times")),
        opt(columnNameRest("c")),
      ),
      seq(
        opt(
          words(
            "with",
            "having",
            "that have",
            "which have",
            // "rooms that sleep at least 3 guests", "tables that seat over 6".
            "that sleep",
            "sleeping",
            "that seat",
            "seating",
            "that hold",
            "holding",
            "that fit",
            "that accommodate",
            // "students who scored over 85 on the midterm".
            ...SCORED,
          ),
        ),
        CMP,
        num("n"),
        opt(words("on", "in", "of")),
        opt(words("the")),
        column("c"),
        opt(words("left", "in stock", "on hand", "remaining", "available", "in inventory")),
      ),
      seq(opt(PRICE_MARKER), num("n"), POSTFIX),
      seq(opt(PREFIX), opt(words("the")), column("c"), opt(IS), num("n"), POSTFIX),
      // "with more than 250 in stock": the table's one count of stock.
      seq(
        opt(words("with", "having", "that have", "which have")),
        CMP,
        num("n"),
        words("in stock", "on hand", "in inventory", "left in stock"),
        stockCount("c"),
      ),
      // "services of 20 minutes or less".
      seq(
        opt(words("with", "having", "of", "that have", "which have")),
        num("n"),
        column("c"),
        POSTFIX,
      ),
      // "with 3 or more bedrooms".
      seq(
        opt(words("with", "having", "that have", "which have")),
        num("n"),
        POSTFIX,
        opt(words("on", "in", "of")),
        column("c"),
      ),
    ),
    build: compare,
  },
  {
    // "out of stock", "in stock" in a table that counts its stock (Qty On Hand) and has no yes/no
    // column for it (whose own words come first).
    name: "stock-count-words",
    pattern: seq(
      // "mark the ZZ plant as out of stock": said as the new value (stockNoneAfterFlags).
      opt(words("as", "as being", "to", "to be")),
      alt(
        tag(
          "none",
          true,
          words(
            "out of stock",
            "sold out",
            "with no stock",
            "with zero stock",
            "without stock",
            "no stock",
            "zero stock",
            "not in stock",
          ),
        ),
        tag("none", false, words("in stock", "with stock")),
      ),
      stockCount("c"),
    ),
    build: (caps, scan) => {
      const { roles, columns } = scan.vocabulary;
      const flag =
        roles.stock && "column" in roles.stock ? columns.get(roles.stock.column) : undefined;
      if (flag?.type === "boolean") return undefined;
      const column = (caps.c as { column: string }).column;
      const op = caps.none ? "lte" : "gt";
      return { kind: "scope", cond: { type: "compare", column, op, value: 0, unit: "plain" } };
    },
  },
  {
    // "drivers under 25", "holders aged over 65", "members older than 70".
    name: "person-age",
    pattern: seq(
      personAge("c"),
      opt(words("aged", "who are", "that are", "who is", "of age")),
      alt(CMP, tag("op", "lt", words("younger than")), tag("op", "gt", words("older than"))),
      num("n"),
    ),
    build: (caps, scan) => (n(caps).unit === "plain" ? compare(caps, scan) : undefined),
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
    // "members who never visited": a count of that act of none.
    name: "never-counted",
    pattern: seq(
      words("never", "have never", "has never"),
      measureVerb("c"),
      opt(columnNameRest("c")),
    ),
    build: (caps, scan) =>
      compare({ ...caps, op: "eq", n: { value: 0, unit: "plain", text: "never" } }, scan),
  },
  {
    name: "measure-verb-number",
    pattern: alt(
      seq(measureVerb("c"), num("n"), opt(words("times")), opt(columnNameRest("c"))),
      // "students who scored 58 on the final".
      seq(words(...SCORED), num("n"), words("on", "in"), opt(words("the")), column("c")),
    ),
    build: (caps, scan) => compare({ ...caps, op: "eq" }, scan),
  },
  ...COLUMN_NUMBER_RULES,
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
      alt(value("v", "c"), shapedValue("v", "c"), namedOnlyValue("v", "c")),
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
    // "garden-view rooms"; with the preposition before it, so that "for garden" is not read
    // first and "-view" left over.
    pattern: seq(
      opt(words("for", "in", "on", "at", "of", "with", "all")),
      value("v"),
      opt(words("-")),
      column("c"),
    ),
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
    build: emptyScope,
  },
  ...CELL_RULES,
  {
    // "units without a tenant", "units with a tenant": whether the text column has a value.
    // "policies with no claims", "with claims": a count of none, or of some.
    name: "with-or-without-column",
    pattern: seq(
      alt(
        tag("empty", true, words("with no", "without", "without a", "without an", "without any")),
        tag(
          "empty",
          false,
          words("with a", "with an", "that have a", "that has a", "which have a", "having a"),
        ),
        tag("some", true, words("with", "that have", "which have", "having")),
      ),
      column("c"),
      textColumn("c"),
    ),
    build: (caps, scan) => {
      const column = scan.vocabulary.columns.get((caps.c as { column: string }).column);
      // "listings without a garage" (has_garage, yes or no): the flag, not whether it is filled in.
      if (column?.type === "boolean") {
        const value = caps.some === true || caps.empty === false;
        return { kind: "scope", cond: { type: "flag", column: column.name, value } };
      }
      // A whole number with no empty cells counts something: none is 0.
      const count = column?.type === "integer" && column.emptyCount === 0;
      if (caps.some) {
        if (!count) return undefined;
        return {
          kind: "scope",
          cond: { type: "compare", column: column.name, op: "gt", value: 0, unit: "plain" },
        };
      }
      if (!count) return emptyScope(caps);
      const none = caps.empty as boolean;
      return {
        kind: "scope",
        cond: {
          type: "compare",
          column: column.name,
          op: none ? "eq" : "gt",
          value: 0,
          unit: "plain",
        },
      };
    },
  },
  {
    // "items containing dairy": the rows whose value has the word, as "with dairy" says.
    name: "containing-value-word",
    pattern: seq(
      words(
        "containing",
        "that contain",
        "that contains",
        "which contain",
        "which contains",
        "made with",
      ),
      valueWord("w"),
    ),
    build: (caps) => {
      const ref = caps.w as { column: string; word: string };
      return {
        kind: "scope",
        cond: { type: "text", column: ref.column, op: "contains", value: ref.word },
      };
    },
  },
  {
    // "pizza prices": rows whose dish has the word, when only that column's values have it.
    // Last, so a value, a column or any other reading of the word comes first.
    name: "value-word",
    pattern: valueWord("w"),
    build: (caps) => {
      return valueWordScope(caps.w as ValueWord);
    },
  },
];

/** Whether the column `c` has a value in the row (`empty`: it has none). */
function emptyScope(caps: Caps): ItemPayload {
  const ref = caps.c as { column: string };
  return {
    kind: "scope",
    cond: { type: "empty", column: ref.column, empty: caps.empty as boolean },
  };
}

import type { Rule } from "./grammar";
import { compare, n } from "./grammar-builders";
import { POSTFIX, PREFIX } from "./grammar-lexicon";
import { ahead, alt, column, notAhead, opt, rowNoun, seq, words } from "./patterns";
import { num } from "./patterns-number";
import type { ColumnRef } from "./vocabulary";

/**
 * Rules of the grammar (grammar.ts) for a column and its number: "the rating is 5", "rooms on
 * floor 3", "level 1 or 2", "level 2 salaries". In priority order, as in `SCOPE_RULES`.
 */
export const COLUMN_NUMBER_RULES: Rule[] = [
  {
    name: "column-equals-number",
    pattern: alt(
      seq(
        opt(PREFIX),
        opt(words("the")),
        column("c"),
        words("is", "=", "==", "equals", "is equal to"),
        num("n"),
      ),
      // "with stock qty 0", "that have a rating of 5".
      seq(
        words("with", "having", "that have", "which have", "that has", "which has"),
        opt(words("a", "an", "the")),
        column("c"),
        opt(words("of")),
        num("n"),
      ),
      // "rooms on floor 3", "orders in zone 2": a place named by a column and its number (and
      // longer than "floor 3" read as a lower limit).
      seq(
        words("on", "in", "at", "for", "from"),
        opt(words("the")),
        column("c"),
        num("n"),
        // "on floors 5 and above" is a comparison.
        notAhead(POSTFIX),
      ),
    ),
    build: (caps, scan) => compare({ ...caps, op: "eq" }, scan),
  },
  {
    // "level 1 or 2", "on floors 2 and 3": a column's whole numbers, any of them.
    name: "column-numbers",
    pattern: seq(
      opt(words("on", "in", "at", "for", "from")),
      opt(words("the")),
      column("c"),
      num("n"),
      words("or", "and", ","),
      num("m"),
    ),
    build: (caps, scan) => {
      const ref = caps.c as ColumnRef;
      const [first, second] = [n(caps), n(caps, "m")];
      const whole = [first, second].every((v) => v.unit === "plain" && Number.isInteger(v.value));
      if (!("column" in ref) || !whole) return undefined;
      if (scan.vocabulary.columns.get(ref.column)?.type !== "integer") return undefined;
      const values = [String(first.value), String(second.value)];
      return { kind: "scope", cond: { type: "values", column: ref.column, values } };
    },
  },
  {
    // "raise level 2 salaries", "floor 3 rooms": a column and its whole number right before
    // another column or a word for the rows say which rows ("raise stock 50" is an amount).
    name: "column-number-before-rows",
    pattern: seq(column("c"), num("n"), ahead(alt(column("x"), rowNoun()))),
    build: (caps, scan) => {
      const ref = caps.c as ColumnRef;
      const value = n(caps);
      if (!("column" in ref) || value.unit !== "plain" || !Number.isInteger(value.value)) return;
      if (scan.vocabulary.columns.get(ref.column)?.type !== "integer") return undefined;
      return compare({ ...caps, op: "eq" }, scan);
    },
  },
];

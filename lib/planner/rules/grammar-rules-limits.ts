import type { Rule } from "./grammar";
import { clamp, ending, n, rowCount, smallInt } from "./grammar-builders";
import { ABOVE, BELOW, BUT, LET, MOVE, NEG, ROWS, THINGS } from "./grammar-lexicon";
import { ROW_NOUNS } from "./grammar-nouns";
import { GOAL_RULES } from "./grammar-rules-goals";
import { NEG_VERB, NEG_WORDS } from "./grammar-tables";
import { alt, column, notAhead, opt, rowNoun, seq, tag, words } from "./patterns";
import { num } from "./patterns-number";

/**
 * Rules of the grammar (grammar.ts): guards, options (clamps, rounding, endings), exclusions, and goals (grammar-rules-goals.ts). In priority order: when two rules match equally
 * many tokens the earlier one wins.
 */
export const LIMIT_RULES: Rule[] = [
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
        // "raise floor 3 rooms": the rooms on floor 3, not a lower limit.
        notAhead(alt(column("x"), rowNoun())),
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
    // "all items but accessories", "every employee but the interns": all the rows, less some.
    name: "except-all-rows-but",
    pattern: seq(
      words("all", "all the", "all of the", "every", "each"),
      alt(ROWS, rowNoun(), words(...ROW_NOUNS)),
      words("but"),
    ),
    build: () => ({ kind: "except", global: false }),
  },
  {
    name: "except",
    pattern: words(
      "except",
      "except for",
      "excluding",
      "but not",
      "other than",
      "outside",
      "outside of",
      // "All but Sales": not a list of all and Sales.
      "all but",
      "everyone but",
      "everybody but",
      "everything but",
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
      // "vehicles that haven't been serviced since March".
      "that haven't been",
      "that have not been",
      "that hasn't been",
      "that has not been",
      "that weren't",
      "that were not",
      "that wasn't",
      "that was not",
      "haven't been",
      "have not been",
      "hasn't been",
      "has not been",
      "weren't",
      "were not",
      "wasn't",
      "was not",
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

  ...GOAL_RULES,
];

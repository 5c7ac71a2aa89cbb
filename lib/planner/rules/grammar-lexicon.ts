import { alt, opt, seq, tag, words } from "./patterns";

/** The grammar's word lists: negations, comparisons, the words around amounts and dates. */

export const NEG = words(
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
export const THINGS = words(
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
export const LET = seq(words("let", "allow"), opt(THINGS), opt(words("to")));
export const MOVE = words(
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
export const ORDINAL = alt(
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
export const DATE_OP = alt(
  tag("op", "before", words("before", "prior to", "earlier than", "older than")),
  tag("op", "until", words("until", "till", "through", "up until")),
  tag("op", "after", words("after", "later than", "newer than", "more recent than")),
  tag("op", "since", words("since", "starting", "as of", "beginning")),
  tag("op", "in", words("in", "during", "on", "from", "dated")),
);
export const DATE_POST = alt(
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
export const BUT = words("but", "and", "yet", "though", "while");
export const BELOW = words("below", "under", "lower than", "less than", "beneath", "underneath");
export const ABOVE = words("above", "over", "higher than", "more than", "beyond", "greater than");

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
  "longer than",
  "bigger than",
  "larger than",
  "heavier than",
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
  "shorter than",
  "smaller than",
  "lighter than",
);
const GTE = words("at least", ">=", "a minimum of");
const LTE = words("at most", "<=", "up to", "a maximum of");
const EQ = words("=", "==", "equal to", "exactly", "at exactly");
export const CMP = alt(
  tag("op", "gt", GT),
  tag("op", "lt", LT),
  tag("op", "gte", GTE),
  tag("op", "lte", LTE),
  tag("op", "eq", EQ),
);
export const POSTFIX = alt(
  tag(
    "op",
    "gte",
    words("or more", "or above", "or over", "and up", "and above", "and over", "or higher", "+"),
  ),
  tag(
    "op",
    "lte",
    words(
      "or less",
      "or fewer",
      "or below",
      "or under",
      "and under",
      "and below",
      "or lower",
      "or cheaper",
    ),
  ),
);

/** Words that say a comparison is about the price: "priced under $20", "that cost over 30". */
export const PRICE_MARKER = words(
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
  // "deals worth more than 20k", "policies valued at 1M".
  "worth",
  "valued at",
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
export const PREFIX = words(
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
export const IS = words("is", "are", "was", "is equal to", "equals", "=", ":", "of", "is set to");

export const ROWS = words(
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

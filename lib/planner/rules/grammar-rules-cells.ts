import type { ItemPayload, Rule } from "./grammar";
import { PREFIX } from "./grammar-lexicon";
import { normPhrase } from "./grammar-words";
import {
  alt,
  anyWord,
  type Caps,
  column,
  opt,
  quoted,
  type Scan,
  seq,
  tag,
  words,
} from "./patterns";

/**
 * Rules of the grammar (grammar.ts) about a cell's text or its absence where no text column is
 * named: an empty cell of any column ("an empty sale price"), and the rows' name starting with
 * or containing a word ("products starting with 'Wool'"). Among the scope rules, after the
 * rules for named text columns.
 */
export const CELL_RULES: Rule[] = [
  {
    // "items with an empty sale price", "where the due date is blank": any column can be empty.
    name: "any-column-empty",
    pattern: seq(
      opt(PREFIX),
      alt(
        seq(words("an empty", "a blank", "a missing", "empty", "blank", "missing"), column("c")),
        seq(
          opt(words("the")),
          column("c"),
          words("is", "are"),
          words("empty", "blank", "missing", "not set"),
        ),
      ),
    ),
    build: (caps) => {
      const ref = caps.c as { column?: string };
      if (ref.column === undefined) return undefined;
      return { kind: "scope", cond: { type: "empty", column: ref.column, empty: true } };
    },
  },
  {
    // "products starting with 'Wool'", "items whose name contains Runner": the rows' name.
    name: "named-rows-text",
    pattern: seq(
      opt(words("whose name", "with a name", "named", "called")),
      alt(
        tag("op", "starts_with", words("starting with", "beginning with", "starts with")),
        tag("op", "contains", words("containing the word", "containing", "contains")),
      ),
      alt(quoted("t"), anyWord("t")),
    ),
    build: (caps, scan) => nameText(caps, scan),
  },
];

/** The condition on the one text column that names the rows (a name or a title), if any. */
function nameText(caps: Caps, scan: Scan): ItemPayload | undefined {
  const names = [...scan.vocabulary.columns.values()].filter(
    (column) =>
      column.type === "text" &&
      column.name !== scan.vocabulary.keyColumn &&
      /(?:^| )(?:name|title)$/.test(normPhrase(column.name)),
  );
  if (names.length !== 1) return undefined;
  return {
    kind: "scope",
    cond: {
      type: "text",
      column: names[0].name,
      op: caps.op as "contains" | "starts_with",
      value: caps.t as string,
    },
  };
}

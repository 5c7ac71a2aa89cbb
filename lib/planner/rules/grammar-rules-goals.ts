import type { ItemPayload, Rule } from "./grammar";
import { n } from "./grammar-builders";
import { alt, type Caps, opt, type Scan, seq, subject, tag, words } from "./patterns";
import { num } from "./patterns-number";
import { isNumeric } from "./vocabulary";

/**
 * Rules of the grammar (grammar.ts) for goals: what values should end up no lower or no higher
 * than. In priority order, as they stand among the limit rules (grammar-rules-limits.ts).
 */
export const GOAL_RULES: Rule[] = [
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
    build: goal,
  },
  {
    // "cap scores at 100", "limit the estimate to 8": what is above the number comes down to it.
    name: "goal-cap",
    pattern: seq(
      words("cap", "limit", "clamp"),
      opt(words("the", "all", "all the", "every", "each")),
      subject("s", 5),
      words("at", "to"),
      num("n"),
    ),
    build: (caps, scan) => goal({ ...caps, op: "gt" }, scan),
  },
  {
    // "list price should be at least 400,000", "the fee must be no more than 50": a floor or a
    // cap said of what the value should be.
    name: "goal-should-be",
    pattern: seq(
      opt(words("the", "all", "every", "each", "any")),
      subject("s", 5),
      words(
        ...["should be", "must be", "needs to be", "has to be", "should cost", "must cost"],
        ...["should be priced", "must be priced"],
      ),
      alt(
        tag("op", "lt", words("at least", "no less than", "not less than", "a minimum of")),
        tag("op", "gt", words("at most", "no more than", "not more than", "a maximum of")),
      ),
      num("n"),
    ),
    build: goal,
  },
];

/** A goal on the one numeric column the subject names (or on the price, when it names none). */
function goal(caps: Caps, scan: Scan): ItemPayload | undefined {
  const value = n(caps);
  if (value.unit === "percent") return undefined;
  const numeric = (caps.s as string[]).filter((name) => isNumeric(scan.vocabulary, name));
  if (numeric.length > 1) return undefined;
  return { kind: "goal", op: caps.op as "lt" | "gt", num: value, column: numeric[0] ?? null };
}

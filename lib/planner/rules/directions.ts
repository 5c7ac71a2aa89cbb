import type { ItemPayload, Rule } from "./grammar";
import { normPhrase } from "./grammar-words";
import { rowNoun, seq, value, words } from "./patterns";
import type { ValueRef } from "./vocabulary";

/**
 * Columns of where things start and end (origin and destination, from and to, pickup and
 * dropoff) hold the same values: "from JFK", "out of JFK" name the first, "to LAX", "bound for
 * LAX" the second.
 */

const ORIGIN =
  /^(?:origin|from|source|start|departure|departs?|pickup|pick up)\b|\b(?:origin|from)$/;
const DESTINATION =
  /^(?:destination|dest|to|end|arrival|arrives?|dropoff|drop off)\b|\b(?:destination|dest|to)$/;

/** The one column of `refs` that says where things start (`from`) or end (`to`), if any. */
export function directedColumn(refs: ValueRef[], direction: "from" | "to"): string | undefined {
  const test = direction === "from" ? ORIGIN : DESTINATION;
  const columns = [...new Set(refs.map((ref) => ref.column))].filter((column) =>
    test.test(normPhrase(column)),
  );
  return columns.length === 1 ? columns[0] : undefined;
}

/** Words before a value that say where things start, or where they end. */
const FROM_WORDS = ["from", "out of", "leaving", "departing", "departing from", "flying from"];
const TO_WORDS = [
  "bound for",
  "headed to",
  "heading to",
  "going to",
  "flying to",
  "arriving",
].concat(["arriving at", "arriving in", "destined for", "into"]);

/**
 * "fares out of JFK", "flights bound for LAX": a value both kinds of column hold, read as the
 * one its words point to. (Plain "to LAX" is also where a set goes; it is read so only when
 * the value names rows, in `setTextScope`.)
 */
export const DIRECTION_RULES: Rule[] = [
  {
    name: "value-from",
    pattern: seq(words(...FROM_WORDS), value("v")),
    build: (caps) => directedScope(caps.v as ValueRef[], "from"),
  },
  {
    name: "value-to",
    pattern: seq(words(...TO_WORDS), value("v")),
    build: (caps) => directedScope(caps.v as ValueRef[], "to"),
  },
  {
    // "flights to LAX": after the rows' own noun, plain "to" says where they go.
    name: "rows-to-value",
    pattern: seq(rowNoun(), words("to"), value("v")),
    build: (caps) => directedScope(caps.v as ValueRef[], "to"),
  },
];

function directedScope(refs: ValueRef[], direction: "from" | "to"): ItemPayload | undefined {
  const column = directedColumn(refs, direction);
  if (column === undefined) return undefined;
  const values = [...new Set(refs.filter((ref) => ref.column === column).map((ref) => ref.value))];
  return { kind: "scope", cond: { type: "values", column, values } };
}

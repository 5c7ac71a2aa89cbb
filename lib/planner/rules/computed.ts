import type { ColumnProfile } from "@/lib/dataset/types";
import type { Action } from "@/lib/plan/schema";
import { columnPattern, foldKeepingLength } from "./column-words";
import { patterns } from "./computed-patterns";
import { combineReading, Found, SEPARATOR_PHRASE } from "./computed-readings";
import { EVERY_ROW } from "./the-rest";
import type { Vocabulary } from "./vocabulary";

/**
 * Actions computed from the row or rewriting text (docs/planner.md "Formulas and text"): "set
 * price to cost × 1.4", "make compare-at price equal to price", "fill empty descriptions with
 * Coming soon", "uppercase every SKU", "replace 'Ltd' with 'Limited' in supplier".
 *
 * The phrase that says what to do is read here, by patterns over the instruction; the rows it
 * applies to are read by the same grammar as every other instruction. The planner swaps the
 * phrase for a plain "set <column> to <marker>" (`stand-in`), plans that, and puts the action
 * read here in place of the marker's: every way of choosing rows ("for Provence", "where price is
 * over 20", "except Acme") works with these actions without a second grammar.
 */

export interface ComputedReading {
  /** The characters of the instruction the phrase takes. */
  from: number;
  to: number;
  column: string;
  action: Action;
  /** The operation's description, before its rows ("Write name in capitals"). */
  words: string;
  /** For the execution id: "name_upper". */
  slug: string;
  /** Whether it writes numbers (so rounding and limits apply). */
  numeric: boolean;
  /** Words between the column and its formula that choose rows ("of Greenleaf items"). */
  middle?: string;
  /** Words of the phrase found apart from it (", separated by a dash" after the rows). */
  extra?: { from: number; to: number };
}

/** The "set <column> to <value>" that stands in for the computed phrase while rows are read. */
export interface StandIn {
  column: string;
  /** As written in the instruction. */
  text: string;
  /** As the interpreter reads it back. */
  value: number | string;
}

/**
 * Which column and value the stand-in sets. Only its rows are kept, so the column need not be
 * the target: a number column is used when there is one, because the grammar takes "set <number
 * column> to <number>" whatever the rows are chosen by, while it will not set a text column its
 * filter also reads ("set department to … for Support").
 */
export function standInFor(target: ColumnProfile, vocabulary: Vocabulary): StandIn | undefined {
  const numeric = (column: ColumnProfile) =>
    (column.type === "number" || column.type === "integer") && column.name !== vocabulary.keyColumn;
  const column = numeric(target) ? target : vocabulary.profile.columns.find(numeric);
  if (column) return { column: column.name, text: String(STAND_IN_NUMBER), value: STAND_IN_NUMBER };
  if (target.type !== "text") return undefined;
  return { column: target.name, text: `"${STAND_IN_TEXT}"`, value: STAND_IN_TEXT };
}

/**
 * The instruction with the computed phrase replaced by "set <column> to <stand-in>" and any
 * words it took elsewhere ("…, separated by a dash") removed.
 */
export function standInInstruction(
  instruction: string,
  reading: ComputedReading,
  standIn: StandIn,
): string {
  // "round all rents …": the rows it says stay said (a change after another shares its rows).
  const said = instruction
    .slice(reading.from, reading.to)
    .toLowerCase()
    .split(/[^\p{L}]+/u);
  const every = said.some((word) => EVERY_ROW.has(word));
  const phrase = `set ${every ? "all " : ""}${standIn.column}${reading.middle ?? ""} to ${standIn.text}`;
  const spans = [
    { from: reading.from, to: reading.to, text: phrase },
    ...(reading.extra ? [{ ...reading.extra, text: "" }] : []),
  ].sort((a, b) => b.from - a.from);
  let text = instruction;
  for (const span of spans) text = text.slice(0, span.from) + span.text + text.slice(span.to);
  return text;
}

const STAND_IN_NUMBER = 987654321;
const STAND_IN_TEXT = "signoff stand-in value";

/** The first computed phrase of the instruction, at its start or after a comma. */
export function readComputedAction(
  instruction: string,
  vocabulary: Vocabulary,
): ComputedReading | undefined {
  const text = foldKeepingLength(instruction);
  const columns = columnPattern(vocabulary);
  if (!columns) return undefined;
  const separator = SEPARATOR_PHRASE.exec(text);
  const starts = [0];
  for (let k = 0; k < text.length; k++) if (text[k] === "," || text[k] === ":") starts.push(k + 1);
  for (const start of starts) {
    const lead = /^\s*(?:(?:please|then|also|and)\s+)*/.exec(text.slice(start))?.[0] ?? "";
    const at = start + lead.length;
    for (const pattern of patterns(columns)) {
      pattern.regex.lastIndex = at;
      const match = pattern.regex.exec(text);
      if (!match?.indices?.groups) continue;
      const found = new Found(instruction, match, vocabulary);
      const to = match.indices[0][1];
      const apart =
        separator && separator.index >= to && pattern.read === combineReading
          ? separator
          : undefined;
      if (apart) found.separator = instruction.slice(apart.index, apart.index + apart[0].length);
      const reading = pattern.read(found);
      if (!reading) continue;
      return {
        ...reading,
        from: at,
        to,
        ...(apart ? { extra: { from: apart.index, to: apart.index + apart[0].length } } : {}),
      };
    }
  }
  return undefined;
}

import { type LexItem, readInParts } from "./lex";
import { isTimeUnit, timeUnitOf, unitsPer } from "./name-forms";
import type { Scan } from "./patterns";
import { isNumeric } from "./vocabulary";

/**
 * "add 5 minutes to the prep time", "cut the cook time by 1 hour": an amount said in a unit of
 * time, of the one column named in the sentence that counts in a unit of time (prep_minutes),
 * is that many of the column's own units (an hour is 60 of cook_minutes). Read before the
 * clauses are built (interpret.ts).
 */
export function readDurationAmounts(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (sentence) => inColumnUnits(scan, sentence));
}

function inColumnUnits(scan: Scan, sentence: LexItem[]): LexItem[] {
  const unitOf = (column: string | null | undefined) => {
    const unit = column ? timeUnitOf(column) : undefined;
    return unit && isNumeric(scan.vocabulary, column ?? "") ? unit : undefined;
  };
  const units = new Set<string>();
  for (const item of sentence) {
    const unit =
      item.kind === "column" && "column" in item.ref ? unitOf(item.ref.column) : undefined;
    if (unit) units.add(unit);
  }
  // With no such column named, "over 2 hours" is of the table's one column of durations.
  const only = units.size === 0 ? onlyDurationColumn(scan) : undefined;
  const named = units.size === 1 ? [...units][0] : only && timeUnitOf(only);
  // The unit after the number: a word no rule took, or the column's own unit word after its
  // comparison ("on the lot more than 60 days" of days_on_lot), which is no second column.
  const saidUnit = (item: LexItem | undefined, after: LexItem) => {
    const ownUnit =
      item?.kind === "column" &&
      "column" in item.ref &&
      after.kind === "scope" &&
      "column" in after.cond &&
      after.cond.column === item.ref.column;
    const unitWord = (item?.kind === "unknown" || ownUnit) && item?.to === item.from + 1;
    const word = unitWord ? scan.tokens[item.from]?.norm : "";
    return word && isTimeUnit(word) ? word : undefined;
  };
  const read: LexItem[] = [];
  for (let at = 0; at < sentence.length; at++) {
    const item = sentence[at];
    const next = sentence[at + 1];
    const said = next?.from === item.to ? saidUnit(next, item) : undefined;
    const converted = said ? inUnitsOf(item, said, unitOf, named, only) : undefined;
    if (!converted) {
      read.push(item);
      continue;
    }
    // "set Balayage to 3.5 hours": the amount, and the unit naming its column.
    const column: LexItem | undefined =
      only && converted.kind === "amount"
        ? { kind: "column", ref: { column: only }, from: next.from, to: next.to }
        : undefined;
    read.push(column ? converted : { ...converted, to: next.to }, ...(column ? [column] : []));
    at++;
  }
  return read;
}

/**
 * The amount, or the comparison with a column of durations, with its number turned from the
 * unit said into the column's; undefined when it is neither.
 */
function inUnitsOf(
  item: LexItem,
  said: string,
  unitOf: (column: string | null | undefined) => string | undefined,
  named: string | undefined,
  only: string | undefined,
): LexItem | undefined {
  const convert = (value: number, unit: string) => value * unitsPer(unit, said);
  if (item.kind === "amount" && item.num.unit === "plain" && named) {
    const value = convert(item.num.value, named);
    return { ...item, num: { ...item.num, value, text: String(value) } };
  }
  if (item.kind !== "scope") return undefined;
  const cond =
    only && item.cond.type === "compare" && item.cond.column === null
      ? { ...item.cond, column: only }
      : item.cond;
  const unit = "column" in cond ? unitOf(cond.column) : undefined;
  if (!unit) return undefined;
  if (cond.type === "compare" && cond.unit === "plain") {
    return { ...item, cond: { ...cond, value: convert(cond.value, unit) } };
  }
  if (cond.type === "between" && cond.unit === "plain") {
    const low = convert(cond.low, unit);
    return { ...item, cond: { ...cond, low, high: convert(cond.high, unit) } };
  }
  return undefined;
}

/** The table's one numeric column counted in a unit of time (duration_min), if it has one. */
function onlyDurationColumn(scan: Scan): string | undefined {
  const durations = [...scan.vocabulary.columns.keys()].filter(
    (name) => timeUnitOf(name) !== undefined && isNumeric(scan.vocabulary, name),
  );
  return durations.length === 1 ? durations[0] : undefined;
}

import { asSetText, type Norm, setVerbAt, textValue } from "./clause-items";
import { refuse } from "./draft";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { sourceText } from "./tokenize";

/** Verbs of giving: "give a B to …", "assign Marco to Sara Holt". */
export const GIVE_VERBS = new Set(["give", "award", "assign", "offer"]);

/**
 * "assign Marco to Sara Holt": a value given to a value of a column that names each row once (a
 * member's name) gives it to that row. Read as "move Sara to premium" is, every row with Marco
 * would have been renamed Sara Holt; after another verb ("move Lena to Max Duran") that reading
 * is refused instead, since the verb may mean either.
 */
export function valueToOneRow(scan: Scan, items: LexItem[], norm: Norm): LexItem[] | undefined {
  const [verb, given, to, ...rest] = items;
  if (verb?.kind !== "verb" || to?.kind !== "setText" || norm(to) !== "to") return;
  const value = textValue(scan, given);
  const columns = new Set(to.refs.map((ref) => ref.column));
  const [column] = columns;
  if (!value || columns.size !== 1 || value.cond.column === column) return;
  if (!namesEachRow(scan, column) || namesEachRow(scan, value.cond.column)) return;
  if (rest.some((item) => item.kind !== "stop")) return;
  const values = [...new Set(to.refs.map((ref) => ref.value))];
  if (!GIVE_VERBS.has(norm(verb))) {
    const clause = sourceText(scan.instruction, scan.tokens, verb.from, items[items.length - 1].to);
    refuse(
      `${JSON.stringify(clause)} would give the rows with ${value.cond.values[0]} the ${column} of another row, ${values.join(", ")}. Say which column changes, e.g. "set ${values[0]}'s ${value.cond.column} to ${value.cond.values[0]}".`,
      [clause],
    );
  }
  const rows: LexItem = {
    kind: "scope",
    cond: { type: "values", column, values },
    from: to.from,
    to: to.to,
  };
  return [setVerbAt(verb), rows, asSetText(value), ...rest];
}

/** Whether every row has its own value in a text column, or it is the key. */
export function namesEachRow({ vocabulary }: Scan, name: string): boolean {
  if (name === vocabulary.keyColumn) return true;
  const column = vocabulary.columns.get(name);
  return (
    column?.type === "text" &&
    column.emptyCount === 0 &&
    column.distinctCount === vocabulary.profile.rowCount
  );
}

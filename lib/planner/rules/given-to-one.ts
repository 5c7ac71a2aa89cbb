import {
  asSetText,
  givesValue,
  type Norm,
  namesRows,
  newValueNote,
  setVerbAt,
  textValue,
} from "./clause-items";
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

const LETTER_GRADE = /^[A-F][+-]?$/;

/**
 * "give Dev a C" where no student has a C yet: a letter grade no row holds, given to the rows,
 * goes into the one column of letter grades.
 */
export function givenNewGrade(scan: Scan, items: LexItem[], norm: Norm): LexItem[] | undefined {
  const [verb] = items;
  if (verb?.kind !== "verb" || !GIVE_VERBS.has(norm(verb))) return undefined;
  // "a B-": a sign the lexer left on its own, straight after the letter.
  const signItem = items.at(-1)?.kind === "unknown" && SIGNS.has(norm(items.at(-1) as LexItem));
  const end = items.length - (signItem ? 1 : 0);
  const grade = items[end - 1];
  const article = items[end - 2];
  // A grade the table holds is a value, read with its sign (`readSignedValues`) or where it is.
  if (grade?.kind !== "unknown" || grade.to !== grade.from + 1) return undefined;
  // "a C+": the sign is a token of its own, written straight after the letter.
  const sign = scan.tokens[grade.to];
  const signed = sign && !sign.spaceBefore && SIGNS.has(sign.text);
  const text = `${scan.tokens[grade.from]?.text ?? ""}${signed ? sign.text : ""}`;
  if (!LETTER_GRADE.test(text)) return undefined;
  if (article?.kind !== "stop" || (norm(article) !== "a" && norm(article) !== "an")) return;
  const columns = letterGradeColumns(scan);
  const held = scan.vocabulary.valuePhrases
    .get(text.toLowerCase())
    ?.find((ref) => ref.column === columns[0]);
  const rows = items.slice(1, end - 2);
  if (columns.length !== 1 || !namesRows(rows) || givesValue(rows)) return undefined;
  const given: LexItem = {
    kind: "setText",
    refs: held ? [held] : [],
    text,
    ...(held ? {} : { column: columns[0], note: newValueNote(text, columns[0]) }),
    from: grade.from,
    to: signed ? grade.to + 1 : grade.to,
  };
  return [setVerbAt(verb), ...rows, given];
}

const SIGNS = new Set(["+", "-"]);

/** The text columns whose values are all letter grades, as the table holds them. */
function letterGradeColumns({ vocabulary }: Scan): string[] {
  const values = new Map<string, string[]>();
  for (const refs of vocabulary.valuePhrases.values()) {
    for (const { column, value } of refs)
      values.set(column, [...(values.get(column) ?? []), value]);
  }
  return [...values]
    .filter(([column, held]) => vocabulary.columns.get(column)?.type === "text" && held.length > 1)
    .filter(([, held]) => held.every((value) => LETTER_GRADE.test(value)))
    .map(([column]) => column);
}

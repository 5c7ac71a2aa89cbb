/**
 * Values said tersely: a grade with its sign ("B+"), the next value of a list ("… and 139 for
 * doubles").
 */

import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/**
 * "set Dev's grade to B+", "Dev gets an A-": a sign written straight after a value, ending the
 * clause, is part of the value. The grammar reads a lone "+" as "and", which had set a B.
 */
export function readSignedValues(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const item = lexed[at];
    const sign = lexed[at + 1];
    const next = lexed[at + 2];
    const token = sign ? scan.tokens[sign.from] : undefined;
    const signed =
      token !== undefined &&
      !token.spaceBefore &&
      sign.to === sign.from + 1 &&
      (token.text === "+" || token.text === "-") &&
      (next === undefined || next.kind === "boundary" || next.kind === "join");
    const withSign = signed ? signedValue(item, token.text) : undefined;
    if (!withSign) {
      read.push(item);
      continue;
    }
    read.push({ ...withSign, to: sign.to } as LexItem);
    at++;
  }
  return read;
}

function signedValue(item: LexItem, sign: string): LexItem | undefined {
  if (item.kind === "setText" && item.refs.length > 0) {
    const refs = item.refs.map((ref) => ({ ...ref, value: `${ref.value}${sign}` }));
    const columns = new Set(refs.map((ref) => ref.column));
    if (columns.size !== 1) return undefined;
    return { ...item, refs: [], column: refs[0].column, text: refs[0].value };
  }
  if (item.kind === "scope" && item.cond.type === "values" && item.cond.values.length === 1) {
    return { ...item, cond: { ...item.cond, values: [`${item.cond.values[0]}${sign}`] } };
  }
  return undefined;
}

/**
 * "set rate to 99 for singles and 139 for doubles": where the rows are numbered (rooms), a number
 * no row has, opening a clause after "and" and a change that set a value, is that change's next
 * value, not a room that is not there.
 */
export function readListedAmounts(scan: Scan, lexed: LexItem[]): LexItem[] {
  return lexed.map((item, at) => {
    const token = scan.tokens[item.from];
    if (item.kind !== "unknownKey" || token?.kind !== "number" || !token.number) return item;
    if (lexed[at - 1]?.kind !== "join" || lexed[at + 1]?.kind !== "scope") return item;
    const setBefore = lexed
      .slice(0, at - 1)
      .some((before) => before.kind === "amount" && before.mode === "to");
    if (!setBefore) return item;
    const num = { value: token.number.value, unit: "plain" as const, text: token.text };
    return { kind: "amount", mode: "bare", num, from: item.from, to: item.to } as LexItem;
  });
}

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

import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { isNumeric } from "./vocabulary";

/**
 * "Add 10 seats to C0005": a number and a numeric column straight after a step verb are the
 * amount and the column to step. The grammar reads "10 seats" as rows with ten seats ("units
 * with 2 bedrooms"), which is what it means everywhere else.
 */
export function readCountedSteps(scan: Scan, lexed: LexItem[]): LexItem[] {
  return lexed.flatMap((item, at): LexItem[] => {
    const verb = lexed[at - 1];
    if (item.kind !== "scope" || item.cond.type !== "compare") return [item];
    const { column, op, unit, value } = item.cond;
    const counted =
      verb?.kind === "verb" &&
      (verb.verb === "increase" || verb.verb === "decrease") &&
      verb.to === item.from &&
      op === "eq" &&
      unit === "plain" &&
      scan.tokens[item.from].kind === "number" &&
      item.to - item.from >= 2 &&
      column !== null &&
      isNumeric(scan.vocabulary, column);
    if (!counted || column === null) return [item];
    const amount = { value, unit: "plain" as const, text: scan.tokens[item.from].text };
    return [
      { kind: "amount", mode: "by", num: amount, from: item.from, to: item.from + 1 },
      { kind: "column", ref: { column }, from: item.from + 1, to: item.to },
    ];
  });
}

/** Words after which a bare percentage is what the rows receive: "R&D gets 4%". */
const RECEIVE = new Set(["get", "gets", "getting", "receive", "receives"]);

/**
 * "R&D gets 4%", "Lisbon staff receive 2%": a percentage with no direction of its own, straight
 * after get or receive, is a rise ("gets 4% off" and "gets 4% more" are read by the grammar).
 */
export function readReceivedSteps(scan: Scan, lexed: LexItem[]): LexItem[] {
  return lexed.map((item, at) => {
    const before = lexed[at - 1];
    if (item.kind !== "amount" || item.mode !== "bare" || item.num.unit !== "percent") return item;
    const received =
      before?.kind === "stop" &&
      before.to === item.from &&
      RECEIVE.has(scan.tokens[before.from].norm);
    return received ? { ...item, mode: "noun", direction: "up" } : item;
  });
}

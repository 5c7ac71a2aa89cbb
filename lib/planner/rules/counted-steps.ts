import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { isNumeric } from "./vocabulary";

/**
 * "Add 10 seats to C0005", "give gold members 100 points": a number and a numeric column right
 * after a step verb are the amount and the column to step. The grammar reads "10 seats" as rows
 * with ten seats ("units with 2 bedrooms"), which is what it means everywhere else; only
 * straight after "add" / "remove" and their kin is it the step itself.
 */
export function readCountedSteps(scan: Scan, lexed: LexItem[]): LexItem[] {
  const read: LexItem[] = [];
  for (const [at, item] of lexed.entries()) {
    const verb = lexed[at - 1];
    const counted =
      verb?.kind === "verb" &&
      (verb.verb === "increase" || verb.verb === "decrease") &&
      verb.to === item.from &&
      item.kind === "scope" &&
      item.cond.type === "compare" &&
      item.cond.op === "eq" &&
      item.cond.unit === "plain" &&
      scan.tokens[item.from].kind === "number" &&
      item.to - item.from >= 2 &&
      item.cond.column !== null &&
      isNumeric(scan.vocabulary, item.cond.column);
    if (!counted || item.kind !== "scope" || item.cond.type !== "compare" || !item.cond.column) {
      read.push(item);
      continue;
    }
    const number = scan.tokens[item.from];
    read.push(
      {
        kind: "amount",
        mode: "by",
        num: { value: item.cond.value, unit: "plain", text: number.text },
        from: item.from,
        to: item.from + 1,
      },
      { kind: "column", ref: { column: item.cond.column }, from: item.from + 1, to: item.to },
    );
  }
  return read;
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
    const received =
      item.kind === "amount" &&
      item.mode === "bare" &&
      item.num.unit === "percent" &&
      before?.kind === "stop" &&
      before.to === item.from &&
      RECEIVE.has(scan.tokens[before.from].norm);
    return received && item.kind === "amount" ? { ...item, mode: "noun", direction: "up" } : item;
  });
}

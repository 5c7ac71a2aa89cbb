import { lastPlaced, namesRows } from "./clause-items";
import { type LexItem, readInParts } from "./lex";
import type { Scan } from "./patterns";

/**
 * "move Chloe to L3 with a 5% raise", "promote Femi to L3 with a 10% raise": a step said after
 * "with", behind a new value, is a second change of the same rows, as "and give her a 5% raise"
 * is. Read as one change, "to L3" had become the rows (people already at L3), so the raise went
 * to no one and the move was lost.
 */
export function readStepsWith(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => stepWith(scan, clause) ?? clause, { clauses: true });
}

function stepWith(scan: Scan, items: LexItem[]): LexItem[] | undefined {
  const at = items.findIndex(
    (item) => item.kind === "stop" && scan.tokens[item.from]?.norm === "with",
  );
  const [verb, step] = [items[0], items[at + 1]];
  if (at < 1 || lastPlaced(items) !== at + 1) return undefined;
  if (step?.kind !== "amount" || step.mode !== "noun") return undefined;
  const before = items.slice(1, at);
  const newValue = before.some((item) => item.kind === "setText");
  if (verb.kind !== "verb" || verb.verb !== "set" || !newValue || !namesRows(before)) return;
  const here = { from: items[at].from, to: items[at].from };
  return [
    ...items.slice(0, at),
    { kind: "join", word: "and", ...here },
    { kind: "verb", verb: "apply", word: "give", from: items[at].from, to: items[at].to },
    { kind: "pronoun", ...here },
    ...items.slice(at + 1),
  ];
}

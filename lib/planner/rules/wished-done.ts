import { givesValue, type Norm, namesRows, setVerbAt } from "./clause-items";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";

/** What opens a wish that something be done to rows: "I need …", "get …", "have …". */
const WISHES = new Set(["i need", "we need", "i want", "we want", "i'd like", "we'd like", "get"])
  .add("have")
  .add("i would like")
  .add("we would like");

/** Participles of setting, said after the rows in a wish: "… marked out of stock". */
const DONE = new Set(["marked", "flagged", "switched", "turned"]);

/**
 * "I need all accessories marked out of stock", "have every yoga item flagged as featured": after
 * a wish and the rows, a participle of setting is the set verb. Without the wish, "accessories
 * marked out of stock" names rows ("… get 10% off"), so it is left alone.
 */
export function wishedDone(scan: Scan, items: LexItem[], norm: Norm): LexItem[] | undefined {
  const [wish] = items;
  if (!wish || (wish.kind !== "stop" && wish.kind !== "unknown")) return undefined;
  const words = scan.tokens.slice(wish.from, wish.to).map((token) => token.norm);
  if (!WISHES.has(words.join(" "))) return undefined;
  // "flagged" is read as the set verb already; "have" before it is still a wish.
  const at = items.findIndex(
    (item) => (item.kind === "unknown" || item.kind === "verb") && DONE.has(norm(item)),
  );
  const others = items.filter((item, k) => item.kind === "verb" && k !== at);
  if (at < 2 || others.length > 0) return undefined;
  const rows = items.slice(1, at);
  // "… marked out of stock": the yes/no phrase right after is what the rows become.
  const rest = items
    .slice(at + 1)
    .map((item, k) =>
      k === 0 && item.kind === "flag" && item.marker === null
        ? { ...item, marker: "as" as const }
        : item,
    );
  if (!namesRows(rows) || givesValue(rows) || !givesValue(rest)) return undefined;
  const done = items[at];
  return [...rows, done.kind === "verb" ? done : setVerbAt(done), ...rest];
}

/**
 * "items marked out of stock get 10% off", "raise prices of items flagged as featured": in a
 * clause that changes something else, a participle of setting before a yes/no phrase only says
 * which rows have it.
 */
export function markedRows(items: LexItem[], norm: Norm): LexItem[] | undefined {
  const at = items.findIndex(
    (item, k) => item.kind === "unknown" && DONE.has(norm(item)) && items[k + 1]?.kind === "flag",
  );
  if (at < 0 || !items.some((item) => item.kind === "verb" || item.kind === "amount")) return;
  const marked = items[at];
  const flag = items[at + 1] as Extract<LexItem, { kind: "flag" }>;
  return [
    ...items.slice(0, at),
    { ...flag, from: marked.from, marker: null },
    ...items.slice(at + 2),
  ];
}

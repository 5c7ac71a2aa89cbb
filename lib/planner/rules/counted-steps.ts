import { INDEFINITE } from "./grammar-nouns";
import { RELATIVE_WORDS } from "./grammar-words";
import type { LexItem } from "./lex";
import type { Scan } from "./patterns";
import { NUMBER_WORDS } from "./patterns";
import { soldFromStock } from "./stock-counts";
import { isNumeric } from "./vocabulary";

/**
 * "Add 10 seats to C0005": a number and a numeric column straight after a step verb are the
 * amount and the column to step. The grammar reads "10 seats" as rows with ten seats ("units
 * with 2 bedrooms"), which is what it means everywhere else.
 */
export function readCountedSteps(scan: Scan, lexed: LexItem[]): LexItem[] {
  return lexed.flatMap((item, at): LexItem[] => {
    const verb = lexed[at - 1];
    const stepVerb =
      verb?.kind === "verb" &&
      (verb.verb === "increase" || verb.verb === "decrease") &&
      verb.to === item.from;
    // "raise a midterm score by 5": with an amount of its own, "a" is only an article.
    if (stepVerb && !lexed.some((other) => other.kind === "amount")) {
      const one = oneOfColumn(scan, item, lexed[at + 1]);
      if (one) return one;
    }
    if (item.kind !== "scope" || item.cond.type !== "compare") return [item];
    const { column, op, unit, value } = item.cond;
    const token = scan.tokens[item.from];
    const counted =
      stepVerb &&
      op === "eq" &&
      unit === "plain" &&
      (token.kind === "number" || NUMBER_WORDS.has(token.norm)) &&
      item.to - item.from >= 2 &&
      column !== null &&
      isNumeric(scan.vocabulary, column);
    if (!counted || column === null) return [item];
    // The number ends where the words of the column begin ("twenty five goals").
    let numberEnd = item.from + 1;
    while (numberEnd < item.to - 1 && NUMBER_WORDS.has(scan.tokens[numberEnd].norm)) numberEnd++;
    const text = scan.instruction.slice(token.start, scan.tokens[numberEnd - 1].end);
    const amount = { value, unit: "plain" as const, text };
    return [
      { kind: "amount", mode: "by", num: amount, from: item.from, to: numberEnd },
      { kind: "column", ref: { column }, from: numberEnd, to: item.to },
    ];
  });
}

/** "10 seats" read as a condition: a number and a numeric column's words, in that order. */
function countedColumn(scan: Scan, item: LexItem | undefined): boolean {
  if (item?.kind !== "scope" || item.cond.type !== "compare") return false;
  const { column, op, unit } = item.cond;
  const token = scan.tokens[item.from];
  return (
    op === "eq" &&
    unit === "plain" &&
    token.kind === "number" &&
    item.to - item.from >= 2 &&
    column !== null &&
    isNumeric(scan.vocabulary, column)
  );
}

/**
 * "bump BUG-103 down to high", "move Ana up to senior": "up" or "down" after the rows and before
 * "to" and the new value say which way the value goes, whatever the step verb said ("bump" is
 * up); the value says the rest.
 */
export function readStepParticles(scan: Scan, lexed: LexItem[]): LexItem[] {
  const [verb] = lexed;
  if (verb?.kind !== "verb") return lexed;
  const at = lexed.findIndex((item, k) => {
    const word = scan.tokens[item.from]?.norm;
    if (k < 2 || item.to !== item.from + 1 || (word !== "up" && word !== "down")) return false;
    const after = lexed[k + 1];
    const toValue = after?.kind === "setText" && scan.tokens[after.from]?.norm === "to";
    return toValue && lexed[k - 1].kind === "scope";
  });
  if (at < 0) return lexed;
  const step = verb.verb === "increase" || verb.verb === "decrease";
  const way = scan.tokens[lexed[at].from].norm === "up" ? "increase" : "decrease";
  const turned: LexItem = step ? { ...verb, verb: way } : verb;
  return [turned, ...lexed.slice(1, at), ...lexed.slice(at + 1)];
}

/**
 * "Add a goal to Marco Rossi", "give every driver an extra day": one of what a numeric column
 * counts, said with "a" or "an" straight after a step verb.
 */
function oneOfColumn(scan: Scan, item: LexItem, next: LexItem | undefined): LexItem[] | null {
  if (item.kind !== "stop" || item.to !== item.from + 1) return null;
  if (!INDEFINITE.has(scan.tokens[item.from].norm)) return null;
  if (next?.kind !== "column" || next.from !== item.to || !("column" in next.ref)) return null;
  if (!isNumeric(scan.vocabulary, next.ref.column)) return null;
  const amount = { value: 1, unit: "plain" as const, text: scan.tokens[item.from].text };
  return [{ kind: "amount", mode: "by", num: amount, from: item.from, to: item.to }];
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

/**
 * Words for a measure going up or down by an amount: "Rex gained 3 kg", "Bella lost 2 kilos",
 * "Globex added 10 seats", "Hooli dropped 50 seats", "Sam used 2 sick days".
 */
const GAINS = new Map<string, "increase" | "decrease">([
  ..."gain gains gained added".split(" ").map((word) => [word, "increase"] as const),
  // "we bought 2 more copies of The Hobbit": what comes in adds to the count.
  ..."bought received acquired".split(" ").map((word) => [word, "increase"] as const),
  // "V-04 did another 2000 miles": distance covered adds to the mileage.
  ..."did drove covered logged".split(" ").map((word) => [word, "increase"] as const),
  // "Sam used 2 sick days": what is used comes off the balance.
  ..."lose loses lost dropped used uses".split(" ").map((word) => [word, "decrease"] as const),
]);

/**
 * "Rex gained 3 kg", "Bella lost 2 kilos", "Rex put on 1.5 kg": a number and a numeric column
 * straight after gaining, losing or "put on" step the column. Elsewhere "lost" is a state ("lost
 * deals") and "put" sets.
 */
export function readGainsAndLosses(scan: Scan, lexed: LexItem[]): LexItem[] {
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from].norm : "");
  const read: LexItem[] = [];
  for (let at = 0; at < lexed.length; at++) {
    const item = lexed[at];
    const putOn = item.kind === "verb" && norm(item) === "put" && norm(lexed[at + 1]) === "on";
    // "accounts that added 10 seats" says which rows, not what to do with them.
    const relative = RELATIVE_WORDS.has(norm(lexed[at - 1]));
    const worded = item.kind === "unknown" || item.kind === "stop";
    const gain = worded && !relative ? GAINS.get(norm(item)) : undefined;
    const amountAt = putOn ? at + 2 : at + 1;
    const column = lexed[amountAt + 1];
    const amount = gain
      ? (oneOfColumn(scan, lexed[amountAt], column)?.[0] ?? lexed[amountAt])
      : lexed[amountAt];
    // "we sold 20 more tickets": a count named for the sales themselves (tickets_sold) grows.
    const sold = item.kind === "unknown" && !relative && norm(item) === "sold";
    const sales = sold ? salesColumn(scan, column) : undefined;
    const stockSold = sold && !sales ? soldFromStock(scan, amount, column) : undefined;
    if (stockSold) {
      read.push({ kind: "verb", verb: "decrease", word: "decrease", from: item.from, to: item.to });
      read.push(amount, stockSold);
      at = stockSold.to > amount.to ? amountAt + 1 : amountAt;
      continue;
    }
    const step = putOn || sales ? "increase" : gain;
    const stepped =
      step !== undefined &&
      ((amount?.kind === "amount" &&
        // "2 more copies", "a copy": the verb says which way.
        ["bare", "noun", "by"].includes(amount.mode) &&
        column !== undefined &&
        (sales !== undefined ||
          (column.kind === "column" &&
            "column" in column.ref &&
            isNumeric(scan.vocabulary, column.ref.column)))) ||
        // "added 10 seats", read as rows with ten seats until the step verb is known.
        countedColumn(scan, amount));
    if (!stepped) {
      read.push(item);
      continue;
    }
    const to = lexed[amountAt - 1].to;
    read.push({ kind: "verb", verb: step, word: step, from: item.from, to });
    if (sales) {
      const ref = { column: sales };
      read.push(amount, { kind: "column", ref, from: column.from, to: column.to });
      at = amountAt + 1;
      continue;
    }
    at = amountAt - 1;
  }
  return read;
}

/** The numeric column of sales the item names: "tickets" for tickets_sold, or that column. */
function salesColumn(scan: Scan, item: LexItem | undefined): string | undefined {
  if (item?.kind === "column" && "column" in item.ref) {
    return /sold|sales/.test(item.ref.column.toLowerCase()) ? item.ref.column : undefined;
  }
  if (item?.kind !== "stop") return undefined;
  const word = scan.tokens[item.from].norm.replace(/s$/, "");
  const columns = [...scan.vocabulary.columns.values()].filter((column) => {
    const name = column.name.toLowerCase();
    return (
      isNumeric(scan.vocabulary, column.name) && /sold|sales/.test(name) && name.includes(word)
    );
  });
  return columns.length === 1 ? columns[0].name : undefined;
}

/** Words that charge a fee, read as "get" in "charge a 1.00 late fee on returned books". */
const CHARGE = new Set(["charge", "charges"]);

/**
 * "parts counted before 2026 get a reorder point of 30": with no verb, "get" or "receive" then
 * a column and a number (after "of") sets the column to it, as "give … a reorder point of 30"
 * does. So does "a" number then the column: "books on loan get a 0.25 late fee", "charge a 1.00
 * late fee on returned books" ("get 2 copies" without "a" may add them, so it is left alone).
 */
export function readGetsColumnOf(scan: Scan, lexed: LexItem[]): LexItem[] {
  if (lexed.some((item) => item.kind === "verb")) return lexed;
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from].norm : "");
  const bareNumber = (item: LexItem | undefined) =>
    item?.kind === "amount" && item.mode === "bare" && item.num.unit !== "percent";
  const at = lexed.findIndex((item, k) => {
    const gets =
      (item.kind === "stop" && RECEIVE.has(norm(item))) ||
      (item.kind === "unknown" && CHARGE.has(norm(item)));
    if (!gets) return false;
    let next = k + 1;
    const article = lexed[next]?.kind === "stop" && INDEFINITE.has(norm(lexed[next]));
    if (article) next++;
    if (article && bareNumber(lexed[next]) && lexed[next + 1]?.kind === "column") return true;
    if (lexed[next]?.kind !== "column") return false;
    next++;
    if (lexed[next]?.kind === "stop" && norm(lexed[next]) === "of") next++;
    return bareNumber(lexed[next]);
  });
  if (at < 0) return lexed;
  const gets = lexed[at];
  const set: LexItem = { kind: "verb", verb: "set", word: "set", from: gets.from, to: gets.to };
  return [...lexed.slice(0, at), set, ...lexed.slice(at + 1)];
}

/** Words for "times" after a number: "1.5 times", "2x", "3×". */
const TIMES = new Set(["times", "x", "×", "fold"]);

/**
 * "raise search budgets by 1.5x", "prices go up 2 times": a number of times, with a verb (or a
 * direction) that raises, multiplies by it. A number of times down ("cut by 2 times") is left
 * alone: whether it halves or means something else is a guess.
 */
export function readTimesSteps(scan: Scan, lexed: LexItem[]): LexItem[] {
  const at = lexed.findIndex((item, k) => {
    const next = lexed[k + 1];
    return (
      item.kind === "amount" &&
      item.num.unit === "plain" &&
      item.num.value > 0 &&
      (item.mode === "by" || item.mode === "bare" || item.direction === "up") &&
      next !== undefined &&
      next.from === item.to &&
      next.to === next.from + 1 &&
      TIMES.has(scan.tokens[next.from].norm)
    );
  });
  if (at < 0) return lexed;
  const amount = lexed[at] as Extract<LexItem, { kind: "amount" }>;
  const verbs = lexed.filter((item) => item.kind === "verb");
  const verb = verbs.length === 1 ? verbs[0] : undefined;
  const raises = verb?.kind === "verb" && (verb.verb === "increase" || verb.verb === "multiply");
  if (verbs.length > 1 || (verb && !raises) || (!verb && amount.direction !== "up")) return lexed;
  const multiply: LexItem = {
    kind: "verb",
    verb: "multiply",
    factor: amount.num.value,
    word: "multiply",
    from: verb?.from ?? amount.from,
    to: verb?.to ?? amount.from,
  };
  const times = lexed[at + 1];
  const rest = lexed.filter((item) => item !== amount && item !== times && item !== verb);
  // Where the verb was, or where the amount was when the clause has none.
  const place = verb ? lexed.indexOf(verb) : at;
  const before = lexed.slice(0, place).filter((item) => rest.includes(item));
  return [...before, multiply, ...rest.slice(before.length)];
}

/** Signs and words for "times" between a column and its factor: "price x1.1", "price * 0.9". */
const TIMES_SIGNS = new Set(["times", "x", "×", "*"]);

/**
 * "price x1.1 for shoes", "price * 0.9 where …", "price times 1.1", "prices on yoga × 1.1": a
 * numeric column, a sign of times and a number, in a clause with no verb, multiply the column by
 * that number. The column comes first, straight before the sign or before the rows that do.
 */
export function readColumnTimes(scan: Scan, lexed: LexItem[]): LexItem[] {
  if (lexed.some((item) => item.kind === "verb")) return lexed;
  const at = lexed.findIndex((item, k) => {
    const rowsBetween = lexed.slice(0, k).findLastIndex((before) => before.kind !== "scope");
    const column = lexed[rowsBetween];
    const amount = lexed[k + 1];
    return (
      (item.kind === "unknown" || item.kind === "stop") &&
      item.to === item.from + 1 &&
      TIMES_SIGNS.has(scan.tokens[item.from].norm) &&
      column?.kind === "column" &&
      "column" in column.ref &&
      isNumeric(scan.vocabulary, column.ref.column) &&
      amount?.kind === "amount" &&
      amount.from === item.to &&
      amount.mode === "bare" &&
      amount.num.unit === "plain" &&
      amount.num.value > 0
    );
  });
  if (at < 0) return lexed;
  const amount = lexed[at + 1] as Extract<LexItem, { kind: "amount" }>;
  const sign = lexed[at];
  const multiply: LexItem = {
    kind: "verb",
    verb: "multiply",
    factor: amount.num.value,
    word: "multiply",
    from: sign.from,
    to: amount.to,
  };
  return [...lexed.slice(0, at), multiply, ...lexed.slice(at + 2)];
}

/**
 * "listings on the market for more than 60 days": a column named after "on the" or "in the",
 * whose own condition follows (after "for"), is said once by that condition; it is not a second
 * column to change.
 */
export function readColumnsOfTheirScope(scan: Scan, lexed: LexItem[]): LexItem[] {
  const norm = (item: LexItem | undefined) => (item ? scan.tokens[item.from].norm : "");
  return lexed.filter((item, at) => {
    if (item.kind !== "column" || !("column" in item.ref)) return true;
    const before = lexed[at - 1];
    const placed =
      before?.kind === "stop" &&
      norm(before) === "the" &&
      lexed[at - 2]?.kind === "stop" &&
      (norm(lexed[at - 2]) === "on" || norm(lexed[at - 2]) === "in");
    let next = at + 1;
    if (lexed[next]?.kind === "stop" && norm(lexed[next]) === "for") next++;
    const scope = lexed[next];
    const own =
      scope?.kind === "scope" && "column" in scope.cond && scope.cond.column === item.ref.column;
    return !(placed && own);
  });
}

/**
 * "promote Cho Lin to level 4", "move the room to floor 3": a numeric column between "to" and a
 * number names the column the number is the new value of, as "set level to 4" does.
 */
export function readToColumnNumber(scan: Scan, lexed: LexItem[]): LexItem[] {
  const at = lexed.findIndex((item, k) => {
    const column = lexed[k + 1];
    const amount = lexed[k + 2];
    return (
      item.kind === "to" &&
      column?.kind === "column" &&
      "column" in column.ref &&
      isNumeric(scan.vocabulary, column.ref.column) &&
      column.from === item.to &&
      amount?.kind === "amount" &&
      amount.mode === "bare" &&
      amount.num.unit !== "percent" &&
      amount.from === column.to
    );
  });
  if (at < 0) return lexed;
  const column = lexed[at + 1];
  const amount = lexed[at + 2] as Extract<LexItem, { kind: "amount" }>;
  return [...lexed.slice(0, at), column, { ...amount, mode: "to" }, ...lexed.slice(at + 3)];
}

/**
 * "bump all midterms under 60 up to 60": with a verb that raises and no amount, "up to 60" is
 * where the values go, not the rows at or below 60.
 */
export function readUpToAmounts(scan: Scan, lexed: LexItem[]): LexItem[] {
  const raises = lexed.some((item) => item.kind === "verb" && item.verb === "increase");
  if (!raises || lexed.some((item) => item.kind === "amount")) return lexed;
  const at = lexed.findIndex(
    (item) =>
      item.kind === "scope" &&
      item.cond.type === "compare" &&
      item.cond.op === "lte" &&
      item.cond.column === null &&
      scan.tokens[item.from]?.norm === "up" &&
      scan.tokens[item.from + 1]?.norm === "to",
  );
  const upTo = lexed[at];
  if (upTo?.kind !== "scope" || upTo.cond.type !== "compare") return lexed;
  const { value, unit } = upTo.cond;
  const text = scan.instruction.slice(
    scan.tokens[upTo.from + 2].start,
    scan.tokens[upTo.to - 1].end,
  );
  const amount: LexItem = {
    kind: "amount",
    mode: "to",
    direction: "up",
    num: { value, unit, text },
    from: upTo.from,
    to: upTo.to,
  };
  return [...lexed.slice(0, at), amount, ...lexed.slice(at + 1)];
}

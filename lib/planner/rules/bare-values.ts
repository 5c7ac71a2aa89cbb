import { refuseTimedChange } from "./change-timing";
import {
  ARTICLES,
  asSetText,
  BEING_WORDS,
  givesValue,
  lastPlaced,
  type Norm,
  namesRows,
  newValueNote,
  setVerbAt,
  statedAmount,
  statedNumber,
  textValue,
  type ValueScope,
  wordsBetween,
} from "./clause-items";
import { GIVE_VERBS, givenNewGrade, namesEachRow, valueToOneRow } from "./given-to-one";
import { type LexItem, readInParts } from "./lex";
import type { Scan } from "./patterns";
import { END_UP_WORDS, onlyValueWithWord, toWordOfValue } from "./to-word-values";
import { sourceText } from "./tokenize";
import { markedRows, wishedDone } from "./wished-done";

/**
 * New values said without "to" or "as", read before the clauses are built (interpret.ts): a value
 * of a text column that the grammar read as one more condition on the rows is, by where it
 * stands, the value those rows get. Each reading needs the rows named besides, and the clause to
 * give no other new value.
 */

/**
 * Set verbs that take their new value without "to" or "as": "make room 202 available", "put all
 * pending orders on hold".
 */
const BARE_VALUE_VERBS = new Set(["make", "mark", "turn", "render", "set", "get", "put"]);
/** Words of losing what rows had: "… loses parking". */
const LOSING = new Set(["lose", "loses", "lost", "losing"]);
/** Words that move rows onto or off a yes/no phrase: "… comes off display". */
const MOVING_WORDS = new Set(["go", "goes", "come", "comes"]);
const DETERMINERS = new Set([...ARTICLES, "his", "her", "their", "its"]);
const NEEDING = /^(?:needs?|requires?) /;
/** Words opening a clause that says when a change applies. */
const CONDITIONAL = new Set(["if", "when", "whenever", "wherever"]);

/** Values that are also the imperative making them: "void all draft invoices". */
const IMPERATIVE_VALUES = new Set([
  "void",
  "archive",
  "complete",
  "hold",
  "pause",
  "block",
  "refund",
  "reject",
  "approve",
  "close",
  "lock",
  "suspend",
  "cancel",
  "publish",
  "return",
]);

/**
 * "make room 202 available", "students who scored 58 get a C", "rooms on floor 3 go to
 * maintenance", "orders … should be cancelled", "give a B to …", "mark sold out every event …",
 * "void all draft invoices".
 */
export function readBareSetValues(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => bareSetClause(scan, clause), { clauses: true });
}

/** One clause's items, with its bare new value read as one. */
function bareSetClause(scan: Scan, clause: LexItem[]): LexItem[] {
  const items = withoutNewsDay(scan, clause);
  const norm: Norm = (item) => scan.tokens[item.from]?.norm ?? "";
  // "if a yoga product is out of stock, cut …": a condition, not news of a change.
  if (items[0]?.kind === "stop" && CONDITIONAL.has(norm(items[0]))) return items;
  refuseTimedChange(scan, items);
  return (
    takingOver(scan, items, norm) ??
    givenNewGrade(scan, items, norm) ??
    givenValue(scan, items, norm) ??
    givenToRows(items, norm) ??
    valueToOneRow(scan, items, norm) ??
    wishedDone(scan, items, norm) ??
    markedRows(items, norm) ??
    valueBeforeRows(scan, items, norm) ??
    endingUpAs(scan, items, norm) ??
    gettingFlag(scan, items, norm) ??
    valueEndingClause(scan, items, norm) ??
    valueAsImperative(scan, items, norm) ??
    countEndingClause(scan, items, norm) ??
    statedNumber(scan, items, norm) ??
    statedAmount(scan, items, norm) ??
    toWordOfValue(scan, items, norm) ??
    items
  );
}

/** Words of taking something over, after who takes it: "Clara Jensen takes over …". */
const TAKING_OVER = [
  ["takes", "over"],
  ["take", "over"],
  ["took", "over"],
  ["has", "taken", "over"],
  // "Dev Rao is picking up BUG-102": work taken on.
  ["picks", "up"],
  ["picked", "up"],
  ["is", "picking", "up"],
  ["will", "take", "over"],
  ["is", "taking", "over"],
];

/**
 * "Clara Jensen takes over all the rooms on floor 2", "Jean-Luc takes over the Pad Thai": a
 * value of a text column opening the clause, then "takes over" and the rows, sets that column
 * to the value for them.
 */
function takingOver(scan: Scan, items: LexItem[], norm: Norm) {
  const who = textValue(scan, items[0]) ?? onlyValueWithWord(scan, items[0]);
  if (!who) return undefined;
  const words = TAKING_OVER.find((phrase) =>
    phrase.every((word, k) => {
      const item = items[1 + k];
      return item !== undefined && item.kind !== "scope" && norm(item) === word;
    }),
  );
  if (!words) return undefined;
  const rest = items.slice(1 + words.length);
  if (!namesRows(rest) || givesValue(rest)) return undefined;
  // The verb goes first (clauses split before verbs), as wide as nothing.
  const verb: LexItem = { kind: "verb", verb: "set", word: "set", from: who.from, to: who.from };
  const taking: LexItem = { kind: "stop", from: items[1].from, to: items[words.length].to };
  return [verb, asSetText(who), taking, ...rest];
}

/**
 * "give a B to students who …", "give Ana a B": the value given, after an article, by a verb of
 * giving; the other conditions name the rows.
 */
function givenValue(scan: Scan, items: LexItem[], norm: Norm) {
  const verb = items[0];
  if (verb?.kind !== "verb" || !GIVE_VERBS.has(norm(verb))) return undefined;
  const at = items.findIndex(
    (item, k) =>
      k > 1 &&
      textValue(scan, item) !== undefined &&
      items[k - 1].kind === "stop" &&
      (norm(items[k - 1]) === "a" || norm(items[k - 1]) === "an"),
  );
  const value = textValue(scan, items[at]);
  if (!value || !namesRows(items.filter((item) => item !== value))) return undefined;
  // "… a B to students": the "to" only leads to the rows.
  const to = items[at + 1]?.kind === "to" ? items[at + 1] : undefined;
  return items
    .filter((item) => item !== to)
    .map((item) => (item === verb ? setVerbAt(verb) : item === value ? asSetText(value) : item));
}

/**
 * "give free shipping to Acme Corp", "offer a 10% discount to Globex": after an amount given,
 * "to" and a value say who gets it, not a second new value; so do they after a yes/no column
 * given ("give parking to Riverside").
 */
function givenToRows(items: LexItem[], norm: Norm) {
  const verb = items[0];
  if (verb?.kind !== "verb" || !GIVE_VERBS.has(norm(verb))) return undefined;
  // "give parking to Riverside": a yes/no column given, switched on for the rows after "to".
  const flag = switchedOn(items[1]) ? items[1] : undefined;
  if (!flag && !items.some((item) => item.kind === "amount")) return undefined;
  const to = items.find(
    (item): item is Extract<LexItem, { kind: "setText" }> =>
      item.kind === "setText" &&
      item.refs.length > 0 &&
      new Set(item.refs.map((ref) => ref.column)).size === 1 &&
      norm(item) === "to",
  );
  if (!to) return undefined;
  const rows: LexItem = {
    kind: "scope",
    cond: {
      type: "values",
      column: to.refs[0].column,
      values: [...new Set(to.refs.map((ref) => ref.value))],
    },
    from: to.from,
    to: to.to,
  };
  if (flag)
    return [
      setVerbAt(verb),
      rows,
      ...items.slice(2).filter((item) => item !== to),
      { ...flag, marker: "as" as const },
    ];
  return items.map((item) => (item === to ? rows : item));
}

/**
 * "mark sold out every event where …", "mark shipped all orders from Acme": a value straight
 * after "mark" or "make", before "every" or "all" and the rows, is the new value.
 */
function valueBeforeRows(scan: Scan, items: LexItem[], norm: Norm) {
  const [verb, second, determiner] = items;
  if (verb?.kind !== "verb" || (norm(verb) !== "mark" && norm(verb) !== "make")) return undefined;
  const value = textValue(scan, second);
  if (!value || determiner?.kind !== "stop") return undefined;
  if (!["every", "all", "each"].includes(norm(determiner))) return undefined;
  const rows = items.slice(3);
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  return items.map((item) => (item === value ? asSetText(value) : item));
}

/**
 * "rooms on the 3rd floor go to maintenance": the grammar read "to maintenance" as the new
 * value, and the clause needs the verb its rows and "go" or "get" say.
 */
function endingUpAs(scan: Scan, items: LexItem[], norm: Norm) {
  const last = lastPlaced(items);
  const endUp = items[last - 1];
  const value = items[last];
  if (value?.kind !== "setText" || items.some((item) => item.kind === "verb")) return;
  if (endUp?.kind !== "stop" || !END_UP_WORDS.has(norm(endUp))) return undefined;
  // "Tailspin goes to Contoso" does not rename Tailspin after another row.
  if (value.refs.some((ref) => namesEachRow(scan, ref.column))) return undefined;
  if (!namesRows(items.slice(0, last - 1))) return undefined;
  return items.map((item) => (item === endUp ? setVerbAt(endUp) : item));
}

/**
 * "all 3 bedroom units get parking", "give parking to every 3 bedroom unit", "give Marta's
 * clients a locker": a yes/no column named by what the rows get or are given is switched on.
 */
function gettingFlag(scan: Scan, items: LexItem[], norm: Norm) {
  const [verb, named, to, ...given] = items;
  if (verb?.kind === "verb" && GIVE_VERBS.has(norm(verb)) && to?.kind === "to") {
    if (!switchedOn(named) || givesValue(given) || !namesRows(given)) return undefined;
    return [setVerbAt(verb), ...given, { ...named, marker: "as" as const }];
  }
  const last = lastPlaced(items);
  const flag = items[last];
  // "Dev gets a locker", "Gia loses her locker": an article or a possessive before the flag.
  const before = items[last - 1];
  const article = before && DETERMINERS.has(norm(before)) && before.kind !== "scope" ? 1 : 0;
  const getting = items[last - 1 - article];
  // "give Marta's clients a locker": the rows, then what they are given.
  if (verb?.kind === "verb" && GIVE_VERBS.has(norm(verb)) && switchedOn(flag)) {
    const rows = items.slice(1, last - article);
    if (givesValue(rows) || !namesRows(rows)) return undefined;
    return [setVerbAt(verb), ...rows, { ...flag, marker: "as" as const }];
  }
  if (items.some((item) => item.kind === "verb")) return undefined;
  // "services over 2 hours need a deposit": what rows need, said of them, they are set to.
  if (flag?.kind === "flag" && getting?.kind === "scope" && NEEDING.test(wordsOf(scan, flag))) {
    const rows = items.slice(0, last);
    if (givesValue(rows)) return undefined;
    const verb = { ...setVerbAt(flag), to: flag.from };
    return [...rows, verb, { ...flag, marker: "as" as const }, ...items.slice(last + 1)];
  }
  // "… get parking", and, as for a value, "PR-03 is at risk" or "is not at risk"; as news,
  // "T102 has been vaccinated", "got vaccinated".
  const not = getting?.kind === "except" && NOT_BEING.has(norm(getting));
  const being =
    not ||
    (getting?.kind === "stop" && BEING_WORDS.has(norm(getting))) ||
    ((getting?.kind === "stop" || getting?.kind === "unknown") &&
      stated(wordsOf(scan, getting), flag === undefined ? "" : wordsOf(scan, flag)));
  const endUp = getting?.kind === "stop" && END_UP_WORDS.has(norm(getting));
  // "… comes off display", "goes back on display": the phrase says which way.
  const moving =
    (getting?.kind === "stop" || getting?.kind === "unknown") && MOVING_WORDS.has(norm(getting));
  // "anyone with a balance over 1000 loses parking": what the rows had is switched off.
  const losing =
    (getting?.kind === "stop" || getting?.kind === "unknown") &&
    LOSING.has(norm(getting)) &&
    switchedOn(flag);
  if (flag?.kind !== "flag" || (flag.marker !== null && flag.marker !== "back")) return undefined;
  const switched = !endUp || !switchedOn(flag) || flag.marker !== null;
  if (!being && !moving && !losing && switched) return undefined;
  const rows = items.slice(0, last - 1 - article);
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  const ref = not || losing ? { ...flag.ref, value: !flag.ref.value } : flag.ref;
  return [
    ...rows,
    setVerbAt(getting),
    { ...flag, ref, marker: "as" as const },
    ...items.slice(last + 1),
  ];
}

/**
 * Words that tell what rows have come to be, before a yes/no phrase or a value: "has been
 * vaccinated"; "was" and "were" only before a participle ("were insured", "was called off"), as
 * "was for sale" may say that it no longer is.
 */
function stated(words: string, flag: string): boolean {
  if (words === "was" || words === "were") return isParticiple(flag);
  return ["has been", "have been", "has", "have", "got", "gets"].includes(words);
}

/** Whether words open with a past participle: "called off", "sold". */
export function isParticiple(words: string): boolean {
  return /^(?:\S+ed|sold|paid|won|lost|taken|bought|sent|shut|withdrawn|done)\b/.test(words);
}

/** Words between the rows and what became of them: "12 Oak St just sold". */
const NEWS_ADVERBS = new Set(["just", "finally", "already"]);

/**
 * "12 Oak St sold", "BUG-104 just closed": a value of a text column that is a past participle,
 * straight after the rows and ending the clause, is news of it.
 */
function participleAfterRows(scan: Scan, items: LexItem[], last: number, value: ValueScope) {
  if (!isParticiple(wordsOf(scan, value))) return undefined;
  let at = last - 1;
  while (at > 0 && items[at].kind === "stop" && NEWS_ADVERBS.has(wordsOf(scan, items[at]))) at--;
  const rows = items.slice(0, at + 1);
  if (at < 0 || items[at].kind === "stop" || givesValue(rows) || !namesRows(rows)) return undefined;
  const verb = setVerbAt({ kind: "stop", from: value.from, to: value.from });
  return [...items.slice(0, last), verb, asSetText(value), ...items.slice(last + 1)];
}

/**
 * "Biscuit was adopted today", "mark Biscuit as adopted today": the day after the yes/no phrase
 * a clause sets is when it came about, which no yes/no column keeps, not which rows.
 */
function withoutNewsDay(scan: Scan, items: LexItem[]): LexItem[] {
  const last = lastPlaced(items);
  const [day, flag] = [items[last], items[last - 1]];
  if (day?.kind !== "scope" || flag?.kind !== "flag") return items;
  if (!/^(?:today|yesterday)$/.test(wordsOf(scan, day))) return items;
  // "archive tickets closed today": after a verb, a plain yes/no phrase and its day say which.
  if (flag.marker === null && items.some((item) => item.kind === "verb")) return items;
  return items.map((item, at) =>
    at === last ? { kind: "stop", from: item.from, to: item.to } : item,
  );
}

/** An item's words, normalised. */
function wordsOf(scan: Scan, item: LexItem): string {
  return wordsBetween(scan, item.from, item.to);
}

/** A verb of being with its negation, read as one item ("is not", "isn't"). */
const NOT_BEING = new Set(["is", "are", "isn't", "aren't", "isnt", "arent"]);

/** A yes/no phrase that says yes ("parking"), as a condition, not yet a new value. */
function switchedOn(item: LexItem | undefined): item is Extract<LexItem, { kind: "flag" }> {
  return item?.kind === "flag" && item.marker === null && item.ref.value;
}

/**
 * A value of a text column ending the clause: after a set verb that opens it and the rows
 * ("make room 202 available"), after the rows and a word for ending up as ("students who scored
 * 58 get a C"), or after the rows and a verb of being ("… still pending should be cancelled").
 */
function valueEndingClause(scan: Scan, items: LexItem[], norm: Norm) {
  const last = lastPlaced(items);
  const value = textValue(scan, items[last]);
  if (!value) return undefined;
  const verbAt = items.findIndex((item) => item.kind === "verb");
  // "… should be cancelled", "Tara is now a manager": a set verb right before the value (or its
  // article), after the rows.
  const being = items[verbAt];
  const article = items[last - 1]?.kind === "stop" && ARTICLES.has(norm(items[last - 1])) ? 1 : 0;
  if (
    verbAt > 0 &&
    verbAt === last - 1 - article &&
    being?.kind === "verb" &&
    being.verb === "set"
  ) {
    if (!namesRows(items.slice(0, verbAt))) return undefined;
    return items.map((item) => (item === value ? asSetText(value) : item));
  }
  if (verbAt === 0 && BARE_VALUE_VERBS.has(norm(items[0]))) {
    const modified = modifiedValue(scan, items, last, norm);
    if (modified) return modified;
    const rows = items.slice(1, last);
    if (givesValue(rows) || !namesRows(rows)) return undefined;
    return items.map((item) => (item === value ? asSetText(value) : item));
  }
  if (verbAt >= 0) return undefined;
  const afterRows = participleAfterRows(scan, items, last, value);
  if (afterRows) return afterRows;
  // The word for ending up, then perhaps "to" and an article, then the value.
  let at = last - 1;
  while (at > 0 && items[at].kind === "stop" && ARTICLES.has(norm(items[at]))) at--;
  if (items[at]?.kind === "to") at--;
  const endUp = items[at];
  // As news, "the Lyon show was called off": a participle after "was", "got" ….
  const news =
    (endUp?.kind === "stop" || endUp?.kind === "unknown") &&
    stated(wordsOf(scan, endUp), wordsOf(scan, value));
  if (at <= 0 || (endUp.kind !== "stop" && !news)) return undefined;
  if (!END_UP_WORDS.has(norm(endUp)) && !BEING_WORDS.has(norm(endUp)) && !news) return undefined;
  const rows = items.slice(0, at);
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  return [...rows, setVerbAt(endUp), asSetText(value), ...items.slice(last + 1)];
}

/**
 * "make Ana Ruiz a Senior Account Executive": after an article, a word of the column's values
 * ("Senior", of Senior Engineer) right before one of its values makes a new value of both, not
 * a condition that the rows already have the word.
 */
function modifiedValue(scan: Scan, items: LexItem[], last: number, norm: Norm) {
  const value = textValue(scan, items[last]);
  const modifier = items[last - 1];
  if (!value || modifier?.kind !== "scope" || modifier.to !== value.from) return undefined;
  const cond = modifier.cond;
  const sameColumn =
    (cond.type === "text" && cond.op === "contains") || cond.type === "values"
      ? cond.column === value.cond.column
      : false;
  const article = items[last - 2];
  if (!sameColumn || article?.kind !== "stop" || !ARTICLES.has(norm(article))) return undefined;
  const rows = items.slice(1, last - 2);
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  const text = sourceText(scan.instruction, scan.tokens, modifier.from, value.to);
  const { column } = value.cond;
  // Were both one value, the grammar would have read them as it.
  const made: LexItem = {
    kind: "setText",
    refs: [],
    text,
    column,
    from: modifier.from,
    to: value.to,
    note: newValueNote(text, column),
  };
  return [...items.slice(0, last - 1), made, ...items.slice(last + 1)];
}

/**
 * "void all draft invoices for Acme Ltd", "archive project P-7": a value of a text column that
 * is also the verb making it, opening a clause that has no verb, with its rows named after it.
 */
function valueAsImperative(scan: Scan, items: LexItem[], norm: Norm) {
  const [first] = items;
  const value = textValue(scan, first);
  if (!value || value.to !== value.from + 1 || !IMPERATIVE_VALUES.has(norm(first))) return;
  const rest = items.slice(1);
  if (givesValue(rest) || !namesRows(rest)) return undefined;
  const verb: LexItem = {
    kind: "verb",
    verb: "set",
    word: "set",
    from: first.from,
    to: first.from,
  };
  return [verb, asSetText(value), ...rest];
}

/**
 * "make all spring courses 4 credits": a number and a numeric column ending a clause opened by a
 * set verb, after the rows, are the column's new value (elsewhere "4 credits" names rows).
 */
function countEndingClause(scan: Scan, items: LexItem[], norm: Norm) {
  const last = lastPlaced(items);
  const count = items[last];
  const verb = items[0];
  // "CS240 is now 5 credits": the verb of being after the rows, straight before the count.
  const stated =
    items[last - 1]?.kind === "verb" &&
    last > 1 &&
    !items.slice(0, last - 1).some((item) => item.kind === "verb");
  const leading = verb?.kind === "verb" && BARE_VALUE_VERBS.has(norm(verb));
  if (!leading && !(stated && (items[last - 1] as { verb?: string }).verb === "set")) return;
  if (count?.kind !== "scope" || count.cond.type !== "compare" || count.cond.op !== "eq") return;
  const { column, value, unit } = count.cond;
  if (column === null || scan.tokens[count.from]?.kind !== "number") return undefined;
  const rows = leading ? items.slice(1, last) : items.slice(0, last - 1);
  if (givesValue(rows) || !namesRows(rows)) return undefined;
  const text = scan.tokens[count.from].text;
  return [
    ...(leading ? items.slice(0, last) : [items[last - 1], ...rows]),
    {
      kind: "amount",
      mode: "to",
      num: { value, unit, text },
      from: count.from,
      to: count.from + 1,
    },
    { kind: "column", ref: { column }, from: count.from + 1, to: count.to },
    ...items.slice(last + 1),
  ] satisfies LexItem[];
}

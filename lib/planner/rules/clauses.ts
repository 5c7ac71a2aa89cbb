import type { Clause, Entry, ItemText, Segment } from "./draft";
import { refuse } from "./draft";
import type { Item } from "./lex";

/**
 * Splitting an instruction's items into clauses: sentences at ". ; ! ?", segments at list joins
 * ("and", commas) and before action verbs, and segments merged into one clause per action
 * ("increase fitness by 10%"), elliptical clauses borrowing the previous verb ("… and yoga by
 * 5%"), and exclusion clauses ("do not change out-of-stock items").
 */

export function splitSentences(items: Item[]): Item[][] {
  const sentences: Item[][] = [[]];
  for (const item of items) {
    if (item.kind === "boundary") sentences.push([]);
    else if (item.kind !== "option" && item.kind !== "guard") sentences.at(-1)!.push(item);
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

export function splitSegments(sentence: Item[]): Segment[] {
  const segments: Segment[] = [{ items: [] }];
  for (const item of sentence) {
    const current = segments.at(-1)!;
    const startsNew =
      item.kind === "join" ||
      (item.kind === "except" && item.global) ||
      (item.kind === "verb" &&
        current.items.some((entry) => entry.kind === "verb" || isValue(entry)));
    if (startsNew && current.items.some((entry) => !isFiller(entry))) segments.push({ items: [] });
    segments.at(-1)!.items.push(item);
  }
  return segments.filter((segment) => segment.items.length > 0);
}

interface SegmentInfo {
  hasVerb: boolean;
  hasValue: boolean;
  hasScope: boolean;
  exceptGlobal: boolean;
  exceptLocal: boolean;
}

function describeSegment(segment: Segment): SegmentInfo {
  const significant = segment.items.filter((item) => !isFiller(item) && item.kind !== "join");
  const first = significant[0];
  return {
    hasVerb: segment.items.some((item) => item.kind === "verb"),
    hasValue: segment.items.some(isValue),
    hasScope: segment.items.some(isScopeLike),
    exceptGlobal: first?.kind === "except" && first.global,
    exceptLocal: first?.kind === "except" && !first.global,
  };
}

export function mergeSegments(segments: Segment[], itemText: ItemText): Clause[] {
  const clauses: Clause[] = [];
  const infos = segments.map(describeSegment);
  let current: Clause | undefined;
  let pending: Entry[] = [];
  let negating = false;

  const clauseHas = (clause: Clause, test: (item: Item) => boolean) =>
    clause.entries.some((entry) => test(entry.item));
  const entriesOf = (segment: Segment, negate: boolean): Entry[] => {
    const entries: Entry[] = [];
    let negatedNow = negate;
    for (const item of segment.items) {
      if (item.kind === "except" && !item.global) negatedNow = true;
      else if (item.kind === "verb" || isValue(item)) negatedNow = false;
      entries.push({ item, negated: negatedNow && isScopeLike(item) });
    }
    negating = negatedNow;
    return entries;
  };
  const start = (kind: Clause["kind"], entries: Entry[]) => {
    current = { kind, entries };
    clauses.push(current);
  };
  /** "Raise fitness by 10% or yoga by 5%" offers a choice; a plan cannot take one. */
  const assertNotAlternative = (segment: Segment) => {
    const [first] = segment.items;
    if (current?.kind === "action" && first?.kind === "join" && first.word === "or") {
      refuse(
        `${JSON.stringify(itemText(first))} joins two changes as alternatives; say which one to make.`,
        [itemText(first)],
      );
    }
  };

  segments.forEach((segment, index) => {
    const info = infos[index];
    if (info.exceptGlobal) {
      if (current && pending.length > 0) current.entries.push(...pending);
      pending = [];
      start("exclusion", entriesOf(segment, false));
      negating = false;
      return;
    }
    if (info.exceptLocal) {
      const entries = entriesOf(segment, true);
      if (current) current.entries.push(...entries);
      else pending.push(...entries);
      return;
    }
    if (info.hasVerb) {
      assertNotAlternative(segment);
      const entries = entriesOf(segment, false);
      if (
        current?.kind === "action" &&
        !clauseHas(current, (item) => item.kind === "verb") &&
        !clauseHas(current, isValue)
      ) {
        current.entries.push(...pending, ...entries);
      } else {
        start("action", [...pending, ...entries]);
      }
      pending = [];
      return;
    }
    if (info.hasValue) {
      if (current && clauseHas(current, isValue)) assertNotAlternative(segment);
      const entries = entriesOf(segment, false);
      if (current?.kind === "action" && !clauseHas(current, isValue))
        current.entries.push(...pending, ...entries);
      else start("action", [...pending, ...entries]);
      pending = [];
      return;
    }
    // A segment of scope words only.
    if (current?.kind === "exclusion") {
      current.entries.push(...entriesOf(segment, false));
      return;
    }
    if (negating && current) {
      current.entries.push(...entriesOf(segment, true));
      return;
    }
    const entries = entriesOf(segment, false);
    if (current && clauseHas(current, isValue)) {
      const nextIndex = infos.findIndex(
        (other, otherIndex) =>
          otherIndex > index &&
          (other.hasVerb || other.hasValue || other.exceptGlobal || other.exceptLocal),
      );
      const next = nextIndex >= 0 ? infos[nextIndex] : undefined;
      const forward =
        next !== undefined &&
        !next.exceptGlobal &&
        !next.exceptLocal &&
        ((next.hasValue && !next.hasVerb) || (next.hasVerb && !next.hasScope));
      if (forward) pending.push(...entries);
      else current.entries.push(...entries);
      return;
    }
    if (current) current.entries.push(...entries);
    else start("action", entries);
  });
  if (pending.length > 0) {
    if (current) (current as Clause).entries.push(...pending);
    // A sentence of its own such as "Except yoga." leaves those rows alone everywhere.
    else start("exclusion", pending);
  }
  return clauses;
}

// ---------------------------------------------------------------------------------------------
// Item classes

export function isFiller(item: Item): boolean {
  return (
    item.kind === "stop" ||
    item.kind === "join" ||
    item.kind === "boundary" ||
    item.kind === "pronoun"
  );
}

export function isValue(item: Item): boolean {
  return (
    item.kind === "amount" ||
    item.kind === "bool" ||
    item.kind === "setText" ||
    item.kind === "goal" ||
    (item.kind === "flag" && item.marker !== null) ||
    (item.kind === "verb" && (item.factor !== undefined || item.verb === "restock"))
  );
}

export function isScopeLike(item: Item): boolean {
  return item.kind === "scope" || item.kind === "flag" || item.kind === "setText";
}

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
  const merge = new SegmentMerge(segments.map(describeSegment), itemText);
  for (let index = 0; index < segments.length; index++) merge.add(segments[index], index);
  return merge.finish();
}

/**
 * Segments joined into clauses, one at a time: a segment with a verb or a value starts an action
 * (or completes one that has neither yet), "except …" starts an exclusion or negates what
 * follows, and scope words join the clause they belong to (or wait for the next one).
 */
class SegmentMerge {
  private readonly clauses: Clause[] = [];
  private current: Clause | undefined;
  /** Entries waiting for the clause they belong to. */
  private pending: Entry[] = [];
  /** Whether scope words that follow are still negated by a local "except". */
  private negating = false;

  constructor(
    private readonly infos: SegmentInfo[],
    private readonly itemText: ItemText,
  ) {}

  add(segment: Segment, index: number): void {
    const info = this.infos[index];
    if (info.exceptGlobal) this.addExclusion(segment);
    // "Everyone except Engineering gets 2.5% more": the except negates what it names, and the
    // segment is still an action.
    else if (info.exceptLocal && !info.hasVerb && !info.hasValue) this.addLocalExcept(segment);
    else if (info.hasVerb || info.hasValue) this.addAction(segment, info);
    else this.addScope(segment, index);
  }

  finish(): Clause[] {
    if (this.pending.length > 0) {
      if (this.current) this.current.entries.push(...this.pending);
      // A sentence of its own such as "Except yoga." leaves those rows alone everywhere.
      else this.start("exclusion", this.pending);
    }
    return this.clauses;
  }

  private addExclusion(segment: Segment): void {
    if (this.current && this.pending.length > 0) this.current.entries.push(...this.pending);
    this.pending = [];
    this.start("exclusion", this.entriesOf(segment, false));
    this.negating = false;
  }

  private addLocalExcept(segment: Segment): void {
    const entries = this.entriesOf(segment, true);
    if (this.current) this.current.entries.push(...entries);
    else this.pending.push(...entries);
  }

  /** A segment with a verb, or a value without one ("… and yoga by 5%"). */
  private addAction(segment: Segment, info: SegmentInfo): void {
    const { current } = this;
    if (info.hasVerb || (current && this.has(current, isValue))) this.assertNotAlternative(segment);
    const entries = this.entriesOf(segment, false);
    const completes = info.hasVerb
      ? current?.kind === "action" &&
        !this.has(current, (item) => item.kind === "verb") &&
        !this.has(current, isValue)
      : current?.kind === "action" && !this.has(current, isValue);
    if (completes && current) current.entries.push(...this.pending, ...entries);
    else this.start("action", [...this.pending, ...entries]);
    this.pending = [];
  }

  /** A segment of scope words only. */
  private addScope(segment: Segment, index: number): void {
    const { current } = this;
    if (current?.kind === "exclusion") {
      current.entries.push(...this.entriesOf(segment, false));
      return;
    }
    if (this.negating && current) {
      current.entries.push(...this.entriesOf(segment, true));
      return;
    }
    const entries = this.entriesOf(segment, false);
    if (current && this.has(current, isValue)) {
      if (this.belongsToNext(index)) this.pending.push(...entries);
      else current.entries.push(...entries);
      return;
    }
    if (current) current.entries.push(...entries);
    else this.start("action", entries);
  }

  /**
   * Whether scope words after a complete action describe the next one: it has a value but no
   * verb, or a verb but no scope of its own.
   */
  private belongsToNext(index: number): boolean {
    const next = this.infos.find(
      (other, otherIndex) =>
        otherIndex > index &&
        (other.hasVerb || other.hasValue || other.exceptGlobal || other.exceptLocal),
    );
    return (
      next !== undefined &&
      !next.exceptGlobal &&
      !next.exceptLocal &&
      ((next.hasValue && !next.hasVerb) || (next.hasVerb && !next.hasScope))
    );
  }

  private has(clause: Clause, test: (item: Item) => boolean): boolean {
    return clause.entries.some((entry) => test(entry.item));
  }

  private entriesOf(segment: Segment, negate: boolean): Entry[] {
    const entries: Entry[] = [];
    let negatedNow = negate;
    for (const item of segment.items) {
      if (item.kind === "except" && !item.global) negatedNow = true;
      else if (item.kind === "verb" || isValue(item)) negatedNow = false;
      entries.push({ item, negated: negatedNow && isScopeLike(item) });
    }
    this.negating = negatedNow;
    return entries;
  }

  private start(kind: Clause["kind"], entries: Entry[]): void {
    this.current = { kind, entries };
    this.clauses.push(this.current);
  }

  /** "Raise fitness by 10% or yoga by 5%" offers a choice; a plan cannot take one. */
  private assertNotAlternative(segment: Segment): void {
    const [first] = segment.items;
    if (this.current?.kind === "action" && first?.kind === "join" && first.word === "or") {
      refuse(
        `${JSON.stringify(this.itemText(first))} joins two changes as alternatives; say which one to make.`,
        [this.itemText(first)],
      );
    }
  }
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

function isScopeLike(item: Item): boolean {
  return item.kind === "scope" || item.kind === "flag" || item.kind === "setText";
}

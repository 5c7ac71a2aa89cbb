import type { NumericActionType } from "@/lib/plan/schema";
import type { CompareOp, Cond, GuardSpec, OptionSpec, VerbKind } from "./grammar";
import type { Item, LexItem } from "./lex";
import type { Num, Scan } from "./patterns";
import { sourceText } from "./tokenize";
import { isNumeric } from "./vocabulary";

/**
 * Items → operations. An instruction is split into sentences (". ; ! ?"), each sentence into
 * segments at list joins ("and", commas) and before action verbs, and segments are merged into
 * clauses: one clause per action ("increase fitness by 10%"), elliptical clauses borrowing the
 * previous verb ("… and yoga by 5%"), and exclusion clauses ("do not change out-of-stock
 * items") that apply to every operation. Options and guards apply to the whole plan.
 *
 * Every item must play a part; anything left over is a refusal, never a guess.
 */

/** A condition with its column resolved. */
export type RowCondition =
  | { type: "values"; column: string; values: string[] }
  | { type: "keys"; column: string; keys: string[] }
  | { type: "flag"; column: string; value: boolean }
  | { type: "compare"; column: string; op: CompareOp; value: number }
  | { type: "between"; column: string; low: number; high: number }
  | { type: "text"; column: string; op: "contains" | "starts_with"; value: string }
  | { type: "empty"; column: string; empty: boolean }
  | { type: "dateRange"; column: string; from?: string; to?: string };

export type DraftAction =
  | { kind: "numeric"; type: NumericActionType; column: string; value: number; unit: Num["unit"] }
  | { kind: "set"; column: string; value: number | string | boolean; unit?: Num["unit"] };

export interface DraftOperation {
  action: DraftAction;
  /** ANDed. */
  all: RowCondition[];
  /** At least one (empty = no such group). */
  any: RowCondition[];
  /** Rows matching any of these are left alone. */
  none: RowCondition[];
}

export type Interpretation =
  | {
      ok: true;
      operations: DraftOperation[];
      options: OptionSpec;
      guards: GuardSpec;
      notes: string[];
    }
  | {
      ok: false;
      code: "unplaced" | "incomplete";
      reason: string;
      unplaced: string[];
      suggestion?: string;
    };

type Refusal = Extract<Interpretation, { ok: false }>;

class RefusalError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

function refuse(reason: string, unplaced: string[], code: Refusal["code"] = "incomplete"): never {
  throw new RefusalError({ ok: false, code, reason, unplaced });
}

interface Entry {
  item: Item;
  negated: boolean;
}

interface Clause {
  kind: "action" | "exclusion";
  entries: Entry[];
}

interface Segment {
  items: Item[];
}

export function interpret(scan: Scan, items: LexItem[]): Interpretation {
  try {
    return interpretOrThrow(scan, items);
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal;
    throw error;
  }
}

function interpretOrThrow(scan: Scan, lexed: LexItem[]): Interpretation {
  const text = (from: number, to: number) => sourceText(scan.instruction, scan.tokens, from, to);
  const itemText = (item: { from: number; to: number }) => text(item.from, item.to);

  // 1. Words no rule accepted, reported as the runs they form.
  // Runs separated only by filler words ("out of stock") are one phrase.
  const unknownRuns: { from: number; to: number; suggestions: string[] }[] = [];
  let fillerSinceUnknown = true;
  for (const item of lexed) {
    if (item.kind !== "unknown") {
      if (item.kind !== "stop") fillerSinceUnknown = false;
      continue;
    }
    const last = unknownRuns.at(-1);
    const adjacent = last !== undefined && fillerSinceUnknown;
    fillerSinceUnknown = true;
    if (last && adjacent) {
      last.to = item.to;
      if (item.suggestion) last.suggestions.push(item.suggestion);
    } else {
      unknownRuns.push({
        from: item.from,
        to: item.to,
        suggestions: item.suggestion ? [item.suggestion] : [],
      });
    }
  }
  if (unknownRuns.length > 0) {
    const unplaced = unknownRuns.map(itemText);
    const hints = unknownRuns.flatMap((run) =>
      run.suggestions.length > 0
        ? [`${JSON.stringify(itemText(run))}: did you mean ${run.suggestions.join(", ")}?`]
        : [],
    );
    return {
      ok: false,
      code: "unplaced",
      reason: `Could not place ${quoteWords(unplaced)} in a plan for this dataset, so nothing was planned.`,
      unplaced,
      ...(hints.length > 0 ? { suggestion: hints.join(" ") } : {}),
    };
  }
  const items = lexed as Item[];

  // 2. Things that name the dataset wrongly.
  for (const item of items) {
    if (item.kind === "unknownKey") {
      refuse(
        `There is no ${scan.vocabulary.keyColumn} ${JSON.stringify(item.key)} in this dataset.`,
        [itemText(item)],
        "unplaced",
      );
    }
    if (item.kind === "ambiguousValue") {
      const columns = [...new Set(item.refs.map((ref) => ref.column))];
      refuse(
        `${JSON.stringify(itemText(item))} is a value of ${columns.join(" and ")}; name the column (e.g. "${columns[0]} ${item.refs[0].value}").`,
        [itemText(item)],
      );
    }
    if (item.kind === "column" && "ambiguous" in item.ref) {
      refuse(
        `${JSON.stringify(itemText(item))} could mean ${item.ref.ambiguous.join(" or ")}; name the column you mean.`,
        [itemText(item)],
      );
    }
  }

  const notes = items.flatMap((item) => (item.note ? [item.note] : []));

  // 3. Options and guards apply to the whole plan.
  const options: OptionSpec = {};
  const guards: GuardSpec = {};
  const optionItems: Item[] = [];
  for (const item of items) {
    if (item.kind === "option") {
      mergeSpec(options, item.option, itemText(item));
      optionItems.push(item);
    }
    if (item.kind === "guard") mergeSpec(guards, item.guard, itemText(item));
  }

  // 4. Sentences → segments → clauses.
  const clauses: Clause[] = [];
  for (const sentence of splitSentences(items))
    clauses.push(...mergeSegments(splitSegments(sentence), itemText));

  // 5. Clauses → operations.
  const operations: DraftOperation[] = [];
  const exclusions: { conditions: RowCondition[]; column?: string }[] = [];
  let previous: ActionContext | undefined;
  for (const clause of clauses) {
    const meaningful = clause.entries.filter((entry) => !isFiller(entry.item));
    if (meaningful.length === 0) continue;
    const clauseText = text(clause.entries[0].item.from, clause.entries.at(-1)!.item.to);
    if (clause.kind === "exclusion") {
      exclusions.push(interpretExclusion(scan, clause, clauseText, itemText));
      continue;
    }
    const draft = interpretAction(scan, clause, clauseText, itemText, previous);
    operations.push(draft.operation);
    previous = draft.context;
  }

  if (operations.length === 0) {
    const words = items.filter((item) => !isFiller(item)).map(itemText);
    refuse(
      words.length === 0
        ? "The instruction is empty."
        : "The instruction does not say what to change (increase, decrease, set or mark something).",
      words.length === 0 ? [] : [text(items[0].from, items.at(-1)!.to)],
    );
  }

  for (const exclusion of exclusions) {
    for (const operation of operations) {
      if (exclusion.column !== undefined && exclusion.column !== operation.action.column) continue;
      for (const cond of exclusion.conditions) {
        if (alreadyExcluded(operation, cond)) continue;
        operation.none.push(cond);
      }
    }
  }

  const numeric = operations.filter((operation) => isNumericAction(scan, operation.action));
  if (Object.keys(options).length > 0 && numeric.length === 0) {
    refuse(
      "Rounding, price endings and limits apply to numeric changes, and this instruction has none.",
      optionItems.map(itemText),
    );
  }

  return { ok: true, operations, options, guards, notes };
}

// ---------------------------------------------------------------------------------------------
// Splitting

function splitSentences(items: Item[]): Item[][] {
  const sentences: Item[][] = [[]];
  for (const item of items) {
    if (item.kind === "boundary") sentences.push([]);
    else if (item.kind !== "option" && item.kind !== "guard") sentences.at(-1)!.push(item);
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

function splitSegments(sentence: Item[]): Segment[] {
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

function mergeSegments(segments: Segment[], itemText: ItemText): Clause[] {
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

function isFiller(item: Item): boolean {
  return (
    item.kind === "stop" ||
    item.kind === "join" ||
    item.kind === "boundary" ||
    item.kind === "pronoun"
  );
}

function isValue(item: Item): boolean {
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

// ---------------------------------------------------------------------------------------------
// Clauses

type ItemText = (item: { from: number; to: number }) => string;

interface ActionContext {
  verb: VerbKind;
  target?: string;
  factor?: number;
  needsOff?: boolean;
  /** The rows the clause chose, for a pronoun in the next one ("… Also set their …"). */
  scope?: Pick<DraftOperation, "all" | "any" | "none">;
}

function interpretAction(
  scan: Scan,
  clause: Clause,
  clauseText: string,
  itemText: ItemText,
  previous: ActionContext | undefined,
): { operation: DraftOperation; context: ActionContext } {
  const { vocabulary } = scan;
  const positive = clause.entries.filter((entry) => !entry.negated).map((entry) => entry.item);
  const negative = clause.entries.filter((entry) => entry.negated).map((entry) => entry.item);

  const verbItem = positive.find(
    (item): item is Extract<Item, { kind: "verb" }> => item.kind === "verb",
  );
  const amounts = positive.filter(
    (item): item is Extract<Item, { kind: "amount" }> => item.kind === "amount",
  );
  const bools = positive.filter(
    (item): item is Extract<Item, { kind: "bool" }> => item.kind === "bool",
  );
  const setTexts = positive.filter(
    (item): item is Extract<Item, { kind: "setText" }> => item.kind === "setText",
  );
  const flags = positive.filter(
    (item): item is Extract<Item, { kind: "flag" }> => item.kind === "flag",
  );
  const columnItems = positive.filter(
    (item): item is Extract<Item, { kind: "column" }> => item.kind === "column",
  );
  const tails = clause.entries
    .filter((entry) => entry.item.kind === "tail")
    .map((entry) => entry.item);
  const tos = positive.filter((item) => item.kind === "to");
  const goals = positive.filter(
    (item): item is Extract<Item, { kind: "goal" }> => item.kind === "goal",
  );
  const pronouns = clause.entries.filter((entry) => entry.item.kind === "pronoun");

  if (tails.length > 0)
    refuse(
      `${quoteWords(tails.map(itemText))} only fits after "leave" or "do not change".`,
      tails.map(itemText),
    );

  let context: ActionContext;
  if (verbItem) {
    context = { verb: verbItem.verb, factor: verbItem.factor, needsOff: verbItem.needsOff };
  } else if (previous) {
    context = { ...previous };
  } else {
    const directed = amounts.find((amount) => amount.direction !== undefined);
    if (directed) context = { verb: directed.direction === "up" ? "increase" : "decrease" };
    else if (flags.some((item) => item.marker === "as") || goals.length > 0)
      context = { verb: "set" };
    else if (amounts.length > 0) {
      refuse(
        `${JSON.stringify(clauseText)} gives an amount but no action (increase, decrease, set …).`,
        [clauseText],
      );
    } else {
      refuse(`${JSON.stringify(clauseText)} says which rows but not what to do with them.`, [
        clauseText,
      ]);
    }
  }
  // "take V02 off hold": taking off a flag sets it, it does not subtract.
  if (context.needsOff && amounts.length === 0 && flags.length > 0) context = { verb: "set" };
  if (context.verb === "apply") {
    const directed = amounts.find((amount) => amount.direction !== undefined);
    if (!directed)
      refuse(`${JSON.stringify(clauseText)} does not say whether prices go up or down.`, [
        clauseText,
      ]);
    context = { verb: directed.direction === "up" ? "increase" : "decrease" };
  }

  // Target column: named columns that are not scope nouns.
  const scopeColumns = new Set(
    positive.flatMap((item) => (item.kind === "scope" ? [condColumn(scan, item.cond)] : [])),
  );
  // A number changes only a numeric column: "Enterprise customers go up 5%" names the rows with
  // a text column's word, and "customers on auto renew" a yes/no column's, which is a condition.
  const numericVerb =
    context.verb === "increase" || context.verb === "decrease" || context.verb === "multiply";
  const impliedFlags: { cond: RowCondition; item: Item }[] = [];
  const named = [
    ...new Set(
      columnItems
        .filter((item) => {
          const name = (item.ref as { column: string }).column;
          // Keys identify rows; naming the key column is naming the rows.
          if (name === vocabulary.keyColumn) return false;
          if (!numericVerb || isNumeric(vocabulary, name)) return true;
          if (vocabulary.columns.get(name)?.type === "boolean") {
            impliedFlags.push({ cond: { type: "flag", column: name, value: true }, item });
          }
          return false;
        })
        .map((item) => (item.ref as { column: string }).column)
        .filter((name) => !scopeColumns.has(name) || isNumeric(vocabulary, name)),
    ),
  ];

  // The value.
  let action: DraftAction | undefined;
  /** "Raise yoga to $15" only raises: rows already at or above 15 are left alone. */
  const directional: RowCondition[] = [];
  const usedFlags = new Set<Item>();
  const usedSetTexts = new Set<Item>();
  const priceColumn = () => defaultPriceColumn(scan, clauseText);

  const numericTarget = (verbWord: string): string => {
    if (named.length > 1)
      refuse(
        `${JSON.stringify(clauseText)} names ${named.join(" and ")}; change one column per action.`,
        [clauseText],
      );
    const column = named[0] ?? (verbItem ? undefined : previous?.target) ?? priceColumn();
    if (!isNumeric(vocabulary, column)) {
      refuse(`Cannot ${verbWord} ${column}: it does not hold numbers.`, [clauseText]);
    }
    return column;
  };

  const verb = context.verb;
  if (goals.length > 0) {
    // "No salary should be under 50,000": the rows below are raised to it, no others.
    if (goals.length > 1 || amounts.length > 0 || (verbItem && verbItem.verb !== "set")) {
      refuse(`${JSON.stringify(clauseText)} gives more than one new value.`, [clauseText]);
    }
    const goal = goals[0];
    const column = goal.column ?? numericTarget("set");
    if (!isNumeric(vocabulary, column)) {
      refuse(`Cannot compare ${column}: it does not hold numbers.`, [clauseText]);
    }
    action = { kind: "set", column, value: goal.num.value, unit: goal.num.unit };
    directional.push({ type: "compare", column, op: goal.op, value: goal.num.value });
  } else if (verb === "increase" || verb === "decrease") {
    if (amounts.length !== 1) {
      refuse(
        amounts.length === 0
          ? `${JSON.stringify(clauseText)} does not say by how much.`
          : `${JSON.stringify(clauseText)} gives ${amounts.length} amounts (${amounts.map(itemText).join(", ")}); give one.`,
        [clauseText],
      );
    }
    const amount = amounts[0];
    if (context.needsOff && amount.mode !== "off") {
      refuse(`${JSON.stringify(clauseText)}: "take" needs an amount "off", e.g. "take 20% off".`, [
        clauseText,
      ]);
    }
    if (amount.direction !== undefined && (amount.direction === "up") !== (verb === "increase")) {
      refuse(`${JSON.stringify(clauseText)} says both up and down.`, [clauseText]);
    }
    const column = numericTarget(verb);
    if (amount.mode === "to") {
      if (amount.num.unit === "percent")
        refuse(`${JSON.stringify(itemText(amount))} sets a value to a percentage; say "by".`, [
          clauseText,
        ]);
      action = { kind: "set", column, value: amount.num.value, unit: amount.num.unit };
      directional.push({
        type: "compare",
        column,
        op: verb === "increase" ? "lt" : "gt",
        value: amount.num.value,
      });
    } else {
      action = numericAction(verb, column, amount.num, clauseText);
    }
  } else if (verb === "multiply") {
    const column = numericTarget("multiply");
    if (context.factor !== undefined && amounts.length > 0) {
      refuse(`${JSON.stringify(clauseText)} gives a factor twice.`, [clauseText]);
    }
    const factor = context.factor ?? amounts[0]?.num.value;
    if (
      factor === undefined ||
      amounts.length > 1 ||
      (amounts[0] &&
        (amounts[0].num.unit === "percent" ||
          (amounts[0].mode !== "by" && amounts[0].mode !== "bare")))
    ) {
      refuse(`${JSON.stringify(clauseText)} needs one factor, e.g. "multiply by 1.1".`, [
        clauseText,
      ]);
    }
    action = { kind: "numeric", type: "multiply", column, value: factor, unit: "plain" };
  } else if (verb === "restock") {
    const stock = roleColumn(scan, "stock", clauseText);
    if (amounts.length + bools.length + setTexts.length > 0)
      refuse(`${JSON.stringify(clauseText)}: restock takes no value.`, [clauseText]);
    for (const item of flags)
      if (item.marker !== null)
        refuse(`${JSON.stringify(clauseText)}: restock takes no value.`, [clauseText]);
    action = { kind: "set", column: stock, value: true };
  } else {
    // set / make / mark / put / change
    const directed = amounts.filter(
      (amount) => amount.mode === "noun" || amount.mode === "off" || amount.mode === "by",
    );
    const absolute = amounts.filter((amount) => amount.mode === "to" || amount.mode === "bare");
    const markedFlags = flags.filter((item) => item.marker !== null);
    const kinds = [
      absolute.length > 0,
      bools.length > 0,
      markedFlags.length > 0,
      directed.length > 0,
    ].filter(Boolean).length;
    if (
      kinds + (setTexts.length > 0 ? 1 : 0) > 1 ||
      absolute.length > 1 ||
      bools.length > 1 ||
      markedFlags.length > 1 ||
      directed.length > 1 ||
      setTexts.length > 1
    ) {
      refuse(`${JSON.stringify(clauseText)} gives more than one new value.`, [clauseText]);
    }
    if (directed.length === 1) {
      const amount = directed[0];
      if (amount.direction === undefined) {
        refuse(
          `${JSON.stringify(clauseText)} does not say whether to go up or down; use increase or decrease.`,
          [clauseText],
        );
      }
      const column = numericTarget("change");
      action = numericAction(
        amount.direction === "up" ? "increase" : "decrease",
        column,
        amount.num,
        clauseText,
      );
    } else if (absolute.length === 1) {
      const amount = absolute[0];
      if (amount.num.unit === "percent") {
        refuse(
          `${JSON.stringify(clauseText)} sets a value to a percentage; say "increase by" or "decrease by".`,
          [clauseText],
        );
      }
      if (
        named.length === 1 &&
        vocabulary.columns.get(named[0])?.type === "boolean" &&
        (amount.num.value === 0 || amount.num.value === 1)
      ) {
        action = { kind: "set", column: named[0], value: amount.num.value === 1 };
      } else {
        const column = numericTarget("set");
        const profile = vocabulary.columns.get(column);
        if (profile?.type === "integer" && !Number.isInteger(amount.num.value)) {
          refuse(`${column} holds whole numbers; ${amount.num.text} is not one.`, [clauseText]);
        }
        action = { kind: "set", column, value: amount.num.value, unit: amount.num.unit };
      }
    } else if (bools.length === 1) {
      // "set in-stock to false": the flag right before the value names the column.
      const bool = bools[0];
      const before = flags.find((item) => item.to === bool.from && item.marker === null);
      if (before) usedFlags.add(before);
      const candidates = [...new Set([...named, ...(before ? [before.ref.column] : [])])];
      if (candidates.length !== 1) {
        refuse(
          `${JSON.stringify(clauseText)} does not say which column to set to ${itemText(bool)}.`,
          [clauseText],
        );
      }
      const column = candidates[0];
      if (vocabulary.columns.get(column)?.type !== "boolean")
        refuse(`${column} does not hold true/false values.`, [clauseText]);
      action = { kind: "set", column, value: bool.value };
    } else if (markedFlags.length === 1) {
      const flagItem = markedFlags[0];
      usedFlags.add(flagItem);
      assertNoOtherTarget(named, flagItem.ref.column, clauseText);
      action = { kind: "set", column: flagItem.ref.column, value: flagItem.ref.value };
    } else if (setTexts.length === 1) {
      const setText = setTexts[0];
      usedSetTexts.add(setText);
      let column: string | undefined;
      if (setText.refs.length > 0) {
        const columns = [...new Set(setText.refs.map((ref) => ref.column))];
        column =
          named.length === 1 && columns.includes(named[0])
            ? named[0]
            : columns.length === 1
              ? columns[0]
              : undefined;
        if (named.length > 0 && column !== named[0]) column = undefined;
      } else if (named.length === 1 && vocabulary.columns.get(named[0])?.type === "text") {
        column = named[0];
      }
      if (column === undefined)
        refuse(
          `${JSON.stringify(clauseText)} does not say which column gets ${itemText(setText)}.`,
          [clauseText],
        );
      action = {
        kind: "set",
        column,
        value: setText.refs.find((ref) => ref.column === column)?.value ?? setText.text,
      };
    } else {
      // "mark accessories out of stock": the last flag after the verb is the new value.
      const verbAt = verbItem ? verbItem.from : -1;
      const candidate = [...flags].reverse().find((item) => item.from > verbAt);
      if (!candidate)
        refuse(`${JSON.stringify(clauseText)} does not say what to set.`, [clauseText]);
      usedFlags.add(candidate);
      assertNoOtherTarget(named, candidate.ref.column, clauseText);
      action = { kind: "set", column: candidate.ref.column, value: candidate.ref.value };
    }
  }

  if (verb !== "set" && bools.length > 0) {
    refuse(
      `${quoteWords(bools.map(itemText))} does not fit ${JSON.stringify(clauseText)}.`,
      bools.map(itemText),
    );
  }
  // "to" is a preposition of "add $5 to yoga", "apply 10% off to yoga" — not of anything else.
  if (
    tos.length > 0 &&
    !(action.kind === "numeric" && (verb === "increase" || verb === "decrease"))
  ) {
    refuse(
      `Could not place ${quoteWords(tos.map(itemText))} in ${JSON.stringify(clauseText)}.`,
      tos.map(itemText),
      "unplaced",
    );
  }
  for (const item of setTexts) {
    if (!usedSetTexts.has(item) && !(action.kind === "numeric" || verb === "restock")) {
      refuse(`${JSON.stringify(itemText(item))} is not a value this action can take.`, [
        itemText(item),
      ]);
    }
  }
  const stray = named.filter((name) => name !== action.column);
  if (stray.length > 0) {
    const strayItems = columnItems.filter((item) =>
      stray.includes((item.ref as { column: string }).column),
    );
    refuse(
      `${quoteWords(strayItems.map(itemText))} does not fit ${JSON.stringify(clauseText)}.`,
      strayItems.map(itemText),
    );
  }

  // Scope.
  const positiveConds: { cond: RowCondition; item: Item }[] = [];
  for (const item of positive) {
    if (item.kind === "scope")
      positiveConds.push({ cond: resolveCond(scan, item.cond, clauseText), item });
    else if (item.kind === "flag" && !usedFlags.has(item)) {
      if (item.marker !== null)
        refuse(`${JSON.stringify(clauseText)} gives more than one new value.`, [clauseText]);
      positiveConds.push({
        cond: { type: "flag", column: item.ref.column, value: item.ref.value },
        item,
      });
    } else if (item.kind === "setText" && !usedSetTexts.has(item)) {
      for (const cond of setTextScope(item)) positiveConds.push({ cond, item });
    }
  }
  positiveConds.push(...impliedFlags);
  const negativeConds: RowCondition[] = [];
  for (const item of negative) {
    if (item.kind === "scope") negativeConds.push(resolveCond(scan, item.cond, clauseText));
    else if (item.kind === "flag")
      negativeConds.push({ type: "flag", column: item.ref.column, value: item.ref.value });
    else if (item.kind === "setText") negativeConds.push(...setTextScope(item));
  }
  const exceptItems = clause.entries
    .filter((entry) => entry.item.kind === "except")
    .map((entry) => entry.item);
  if (exceptItems.length > 0 && negativeConds.length === 0) {
    refuse(
      `${quoteWords(exceptItems.map(itemText))} is not followed by anything to leave out.`,
      exceptItems.map(itemText),
    );
  }

  if (!verbItem && previous && positiveConds.length === 0 && negativeConds.length === 0) {
    refuse(`${JSON.stringify(clauseText)} does not say which rows it is about.`, [clauseText]);
  }
  let { all, any } = combine(clause, positiveConds, clauseText);
  let none = mergeSameColumn(negativeConds);
  // "them", "their": the rows of the clause before, when this one names none of its own.
  if (
    pronouns.length > 0 &&
    positiveConds.length === 0 &&
    negativeConds.length === 0 &&
    previous?.scope
  ) {
    all = structuredClone(previous.scope.all);
    any = structuredClone(previous.scope.any);
    none = structuredClone(previous.scope.none);
  }
  all.push(...directional);
  assertSatisfiable(all, clauseText);
  const newContext: ActionContext = {
    ...context,
    target: action.column,
    scope: { all: all.filter((cond) => !directional.includes(cond)), any, none },
  };
  if (verbItem === undefined && previous) newContext.factor = previous.factor;
  return { operation: { action, all, any, none }, context: newContext };
}

function setTextScope(item: Extract<Item, { kind: "setText" }>): RowCondition[] {
  if (item.refs.length === 0) return [];
  const column = item.refs[0].column;
  return [
    {
      type: "values",
      column,
      values: item.refs.filter((ref) => ref.column === column).map((ref) => ref.value),
    },
  ];
}

function assertNoOtherTarget(named: string[], column: string, clauseText: string): void {
  if (named.some((name) => name !== column)) {
    refuse(
      `${JSON.stringify(clauseText)} names ${[...new Set([...named, column])].join(" and ")}; set one column per action.`,
      [clauseText],
    );
  }
}

function interpretExclusion(
  scan: Scan,
  clause: Clause,
  clauseText: string,
  itemText: ItemText,
): { conditions: RowCondition[]; column?: string } {
  const conditions: RowCondition[] = [];
  const columns = new Set<string>();
  for (const { item } of clause.entries) {
    switch (item.kind) {
      case "scope":
        conditions.push(resolveCond(scan, item.cond, clauseText));
        break;
      case "flag":
        conditions.push({ type: "flag", column: item.ref.column, value: item.ref.value });
        break;
      case "setText":
        conditions.push(...setTextScope(item));
        break;
      case "column":
        if ("column" in item.ref) columns.add(item.ref.column);
        break;
      case "except":
      case "tail":
      case "stop":
      case "join":
      case "to":
        break;
      default:
        refuse(`${JSON.stringify(itemText(item))} does not fit in ${JSON.stringify(clauseText)}.`, [
          itemText(item),
        ]);
    }
  }
  if (conditions.length === 0) {
    refuse(`${JSON.stringify(clauseText)} does not say which rows to leave alone.`, [clauseText]);
  }
  const scopeColumns = new Set(conditions.map((cond) => cond.column));
  const targets = [...columns].filter((column) => !scopeColumns.has(column));
  if (targets.length > 1)
    refuse(`${JSON.stringify(clauseText)} names ${targets.join(" and ")}; name one column.`, [
      clauseText,
    ]);
  return { conditions: mergeSameColumn(conditions), column: targets[0] };
}

// ---------------------------------------------------------------------------------------------
// Conditions

function condColumn(scan: Scan, cond: Cond): string {
  switch (cond.type) {
    case "keys":
      return scan.vocabulary.keyColumn;
    case "compare":
    case "between":
      return cond.column ?? priceRole(scan) ?? "";
    default:
      return cond.column;
  }
}

function priceRole(scan: Scan): string | undefined {
  const role = scan.vocabulary.roles.price;
  return role && "column" in role ? role.column : undefined;
}

function defaultPriceColumn(scan: Scan, clauseText: string): string {
  return roleColumn(scan, "price", clauseText);
}

function roleColumn(scan: Scan, role: "price" | "stock", clauseText: string): string {
  const resolved = scan.vocabulary.roles[role];
  if (resolved && "column" in resolved) return resolved.column;
  if (resolved) {
    refuse(
      `${JSON.stringify(clauseText)} does not name a column, and this dataset has several ${role} columns (${resolved.ambiguous.join(", ")}); name one.`,
      [clauseText],
    );
  }
  refuse(
    `${JSON.stringify(clauseText)} does not name a column, and this dataset has no ${role} column; name one.`,
    [clauseText],
  );
}

function resolveCond(scan: Scan, cond: Cond, clauseText: string): RowCondition {
  switch (cond.type) {
    case "keys":
      return { type: "keys", column: scan.vocabulary.keyColumn, keys: cond.keys };
    case "compare":
      return {
        type: "compare",
        column: cond.column ?? defaultPriceColumn(scan, clauseText),
        op: cond.op,
        value: cond.value,
      };
    case "between":
      return {
        type: "between",
        column: cond.column ?? defaultPriceColumn(scan, clauseText),
        low: cond.low,
        high: cond.high,
      };
    default:
      return cond;
  }
}

/** Values of one column are alternatives: "fitness and yoga" → category in [fitness, yoga]. */
function mergeSameColumn(conditions: RowCondition[]): RowCondition[] {
  const merged: RowCondition[] = [];
  for (const cond of conditions) {
    const previous = merged.find(
      (other) =>
        other.type === cond.type &&
        other.column === cond.column &&
        (cond.type === "values" || cond.type === "keys"),
    );
    if (previous?.type === "values" && cond.type === "values") {
      previous.values = [...new Set([...previous.values, ...cond.values])];
    } else if (previous?.type === "keys" && cond.type === "keys") {
      previous.keys = [...new Set([...previous.keys, ...cond.keys])];
    } else if (!merged.some((other) => JSON.stringify(other) === JSON.stringify(cond))) {
      merged.push(structuredClone(cond));
    }
  }
  return merged;
}

/**
 * How a clause's conditions combine. Values of one column are alternatives. Conditions on
 * different columns narrow each other ("in-stock fitness"), except naming conditions joined by
 * "and"/"or"/a comma ("A101 and yoga products"), which are alternatives; comparisons joined by
 * "or" are alternatives too.
 */
function combine(
  clause: Clause,
  conds: { cond: RowCondition; item: Item }[],
  clauseText: string,
): { all: RowCondition[]; any: RowCondition[] } {
  const naming = conds.filter(({ cond }) => cond.type === "values" || cond.type === "keys");
  const namingColumns = new Set(naming.map(({ cond }) => cond.column));
  const joinBetween = (a: Item, b: Item) =>
    clause.entries.some(
      (entry) => entry.item.kind === "join" && entry.item.from >= a.to && entry.item.to <= b.from,
    );
  const joinWordBetween = (a: Item, b: Item) =>
    clause.entries.find(
      (entry) => entry.item.kind === "join" && entry.item.from >= a.to && entry.item.to <= b.from,
    )?.item;

  const flags = conds.filter(({ cond }) => cond.type === "flag");
  for (const a of flags) {
    for (const b of flags) {
      if (
        a.cond.type === "flag" &&
        b.cond.type === "flag" &&
        a.cond.column === b.cond.column &&
        a.cond.value !== b.cond.value
      ) {
        refuse(
          `${JSON.stringify(clauseText)} asks for rows that are both ${a.cond.column} true and false.`,
          [clauseText],
        );
      }
    }
  }

  let namingUnion = false;
  if (namingColumns.size > 1) {
    const ordered = [...naming].sort((a, b) => a.item.from - b.item.from);
    const kinds = new Set<boolean>();
    for (let index = 1; index < ordered.length; index++) {
      const a = ordered[index - 1];
      const b = ordered[index];
      if (a.cond.column !== b.cond.column) kinds.add(joinBetween(a.item, b.item));
    }
    if (kinds.size > 1) {
      refuse(
        `${JSON.stringify(clauseText)} mixes "and" lists with narrowing words across columns; split it into separate instructions.`,
        [clauseText],
      );
    }
    namingUnion = kinds.has(true);
  }

  const comparisons = conds.filter(
    ({ cond }) => cond.type === "compare" || cond.type === "between",
  );
  if (naming.length > 1 && comparisons.length > 1) {
    // "fitness over $30 and yoga under $20": which range goes with which rows is not ours to guess.
    refuse(
      `${JSON.stringify(clauseText)} pairs several groups with several ranges; give each group its own instruction.`,
      [clauseText],
    );
  }
  const orComparisons =
    comparisons.length > 1 &&
    comparisons.slice(1).some((entry, index) => {
      const join = joinWordBetween(comparisons[index].item, entry.item);
      return join?.kind === "join" && join.word === "or";
    });
  if (namingUnion && orComparisons) {
    refuse(
      `${JSON.stringify(clauseText)} combines two lists of alternatives; split it into separate instructions.`,
      [clauseText],
    );
  }

  const rest = conds.filter(
    (entry) => !naming.includes(entry) && !(orComparisons && comparisons.includes(entry)),
  );
  const namingConds = mergeSameColumn(naming.map(({ cond }) => cond));
  const all = [
    ...(namingUnion ? [] : namingConds),
    ...mergeSameColumn(rest.map(({ cond }) => cond)),
  ];
  const any = namingUnion ? namingConds : orComparisons ? comparisons.map(({ cond }) => cond) : [];
  return { all, any };
}

/** Refuses ranges no row can satisfy ("over 30 and under 20"): a plan that could change nothing. */
function assertSatisfiable(conditions: RowCondition[], clauseText: string): void {
  const columns = new Set(conditions.map((cond) => cond.column));
  for (const column of columns) {
    let low = Number.NEGATIVE_INFINITY;
    let lowStrict = false;
    let high = Number.POSITIVE_INFINITY;
    let highStrict = false;
    const atLeast = (value: number, strict: boolean) => {
      if (value > low || (value === low && strict)) [low, lowStrict] = [value, strict];
    };
    const atMost = (value: number, strict: boolean) => {
      if (value < high || (value === high && strict)) [high, highStrict] = [value, strict];
    };
    for (const cond of conditions) {
      if (cond.column !== column) continue;
      if (cond.type === "between") {
        atLeast(cond.low, false);
        atMost(cond.high, false);
      } else if (cond.type === "compare") {
        if (cond.op === "gt" || cond.op === "gte" || cond.op === "eq")
          atLeast(cond.value, cond.op === "gt");
        if (cond.op === "lt" || cond.op === "lte" || cond.op === "eq")
          atMost(cond.value, cond.op === "lt");
      }
    }
    if (low > high || (low === high && (lowStrict || highStrict))) {
      refuse(`${JSON.stringify(clauseText)} asks for ${column} values no row can have.`, [
        clauseText,
      ]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

/** "Do not change out-of-stock items" adds nothing to an operation already limited to in-stock. */
function alreadyExcluded(operation: DraftOperation, cond: RowCondition): boolean {
  if (cond.type !== "flag") return false;
  return operation.all.some(
    (other) => other.type === "flag" && other.column === cond.column && other.value !== cond.value,
  );
}

function numericAction(
  verb: "increase" | "decrease",
  column: string,
  amount: Num,
  clauseText: string,
): DraftAction {
  if (amount.unit === "percent") {
    if (verb === "decrease" && amount.value > 100) {
      refuse(`${JSON.stringify(clauseText)} takes off more than 100%.`, [clauseText]);
    }
    return {
      kind: "numeric",
      type: verb === "increase" ? "percent_increase" : "percent_decrease",
      column,
      value: amount.value,
      unit: "percent",
    };
  }
  return {
    kind: "numeric",
    type: verb === "increase" ? "fixed_increase" : "fixed_decrease",
    column,
    value: amount.value,
    unit: amount.unit,
  };
}

function isNumericAction(scan: Scan, action: DraftAction): boolean {
  if (action.kind === "numeric") return true;
  return typeof action.value === "number" && isNumeric(scan.vocabulary, action.column);
}

function mergeSpec<T extends object>(target: T, addition: T, words: string): void {
  for (const [name, value] of Object.entries(addition)) {
    const existing = (target as Record<string, unknown>)[name];
    if (existing !== undefined && existing !== value) {
      refuse(
        `${JSON.stringify(words)} contradicts an earlier ${name.replace(/_/g, " ")} of ${existing}.`,
        [words],
      );
    }
    (target as Record<string, unknown>)[name] = value;
  }
}

export function quoteWords(words: string[]): string {
  const quoted = words.map((word) => `“${word}”`);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

import { type ActionContext, interpretAction } from "./action";
import { readBareSetValues } from "./bare-values";
import { readTerseAssignments } from "./clause-items";
import { isFiller, mergeSegments, splitSegments, splitSentences } from "./clauses";
import { readLevelComparisons } from "./coded-levels";
import { readColumnVerbValues } from "./column-verb-values";
import {
  readColumnVerbs,
  readManaging,
  readSetToNothing,
  readToldMoves,
  readUndoingVerbs,
} from "./column-verbs";
import { alreadyExcluded } from "./conditions";
import { readCountedRows, readMoreOfCompared, readPeopleJoining } from "./counted-rows";
import {
  readColumnsOfTheirScope,
  readColumnTimes,
  readCountedSteps,
  readGainsAndLosses,
  readGetsColumnOf,
  readReceivedSteps,
  readStepParticles,
  readTimesSteps,
  readToColumnNumber,
  readUpToAmounts,
} from "./counted-steps";
import {
  type Clause,
  type DraftOperation,
  type Interpretation,
  quoteWords,
  RefusalError,
  type RowCondition,
  refuse,
  writesNumber,
} from "./draft";
import { readDurationAmounts } from "./duration-amounts";
import { interpretExclusion } from "./exclusion";
import { readFlagMemberships } from "./flag-memberships";
import { readFlagPrices } from "./flag-prices";
import type { GuardSpec, OptionSpec } from "./grammar";
import { INDEFINITE, ROW_NOUN_SET } from "./grammar-nouns";
import { readKindAges } from "./kind-ages";
import type { Item, LexItem } from "./lex";
import {
  readNewTextValues,
  readPluralValueWords,
  readValueVerbs,
  readVerbsAsValues,
} from "./new-values";
import { readFlagNews, readOutcomes } from "./outcome-words";
import { readParticipleConditions } from "./participles";
import type { Scan } from "./patterns";
import { readPayments, readWaived } from "./payments";
import { orderChangesOfSameRows, shareRows } from "./shared-rows";
import { readCountedComparisons, readStockCounts } from "./stock-counts";
import {
  readListedAmounts,
  readPeriodColumns,
  readSignedValues,
  readYearsOfNamedRows,
} from "./terse-values";
import { leaveOutEarlierRows, saysEveryRow, saysTheRest } from "./the-rest";
import { sourceText } from "./tokenize";
import { isNumeric } from "./vocabulary";
import { readStepsWith } from "./with-steps";

export type { DraftAction, DraftOperation, Interpretation, RowCondition } from "./draft";

/**
 * Items → operations. An instruction is split into clauses (`clauses.ts`), each clause becomes
 * an operation (`action.ts`) with its conditions (`conditions.ts`), exclusions apply to every
 * operation, and options and guards to the whole plan.
 *
 * Every item must play a part; anything left over is a refusal, never a guess.
 */

export function interpret(scan: Scan, items: LexItem[]): Interpretation {
  try {
    return interpretOrThrow(scan, items);
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal;
    throw error;
  }
}

type ItemText = (item: { from: number; to: number }) => string;

/** A reading of the items, returning them as read. */
type Reader = (scan: Scan, lexed: LexItem[]) => LexItem[];

/** Readers of items in their context, in the order they run. */
const IN_CONTEXT: Reader[] = [
  readLevelComparisons,
  readStockCounts,
  readCountedComparisons,
  readStepsWith,
  readStepParticles,
  readToldMoves,
  readNewTextValues,
  readColumnsOfTheirScope,
  readToColumnNumber,
  readUpToAmounts,
  readGainsAndLosses,
  readCountedSteps,
  readPeopleJoining,
  readCountedRows,
  readMoreOfCompared,
  readReceivedSteps,
  readGetsColumnOf,
  readColumnTimes,
  readTimesSteps,
  readParticipleConditions,
  readColumnVerbValues,
  readFlagMemberships,
  readDurationAmounts,
  readKindAges,
  readTerseAssignments,
  readBareSetValues,
  readFlagPrices,
  readOutcomes,
  readFlagNews,
  readPayments,
  readWaived,
];

/**
 * Readings of single words first, in this order, before those of words in context: a sign kept
 * with its value, a number listed after "and", "un-" verbs, "set … to blank", "X manages Y", a
 * verb that names a column, a value said as its verb, a plural of a value's word.
 */
const FIRST_READ: Reader[] = [
  readSignedValues,
  readListedAmounts,
  readYearsOfNamedRows,
  readPeriodColumns,
  readUndoingVerbs,
  readSetToNothing,
  readManaging,
  readColumnVerbs,
  readVerbsAsValues,
  readValueVerbs,
  readPluralValueWords,
];

function interpretOrThrow(scan: Scan, lexedItems: LexItem[]): Interpretation {
  const text = (from: number, to: number) => sourceText(scan.instruction, scan.tokens, from, to);
  const itemText: ItemText = (item) => text(item.from, item.to);

  // 1. Words no rule accepted, less those read again in context (a verb that names a column,
  // "set discount"; a verb made of a value, "cancel"; a plural of a value's word; a text
  // column's new value; "add 10 seats" and "gets 4%" as steps; "to level 4"). 2. Things that name the
  // dataset wrongly.
  const reread = FIRST_READ.reduce((items, read) => read(scan, items), lexedItems);
  const lexed = IN_CONTEXT.reduce((items, read) => read(scan, items), reread);
  const unplaced = unplacedWords(lexed, itemText);
  if (unplaced) return unplaced;
  const items = lexed as Item[];
  refuseMisnamed(scan, items, itemText);
  const notes = items.flatMap((item) => (item.note ? [item.note] : []));

  // 3. Options and guards apply to the whole plan.
  const { options, guards, optionItems } = wholePlanSettings(items, itemText);

  // 4. Sentences → segments → clauses. 5. Clauses → operations.
  const clauses: Clause[] = [];
  for (const sentence of splitSentences(items))
    clauses.push(
      ...shareRows(
        mergeSegments(splitSegments(sentence), itemText),
        (clause) => saysTheRest(scan, clause) || saysEveryRow(scan, clause),
      ),
    );
  const { operations, exclusions } = clauseOperations(scan, clauses, text, itemText);

  if (operations.length === 0) {
    const words = items.filter((item) => !isFiller(item)).map(itemText);
    refuse(
      words.length === 0
        ? "The instruction is empty."
        : "The instruction does not say what to change (increase, decrease, set or mark something).",
      words.length === 0 ? [] : [text(items[0].from, items.at(-1)!.to)],
    );
  }
  applyExclusions(scan, exclusions, operations);
  orderChangesOfSameRows(operations);
  refuseSpansLeftOutWithTimes(scan, operations);

  const numeric = operations.filter((operation) => writesNumber(scan.vocabulary, operation.action));
  if (Object.keys(options).length > 0 && numeric.length === 0) {
    refuse(
      "Rounding, price endings and limits apply to numeric changes, and this instruction has none.",
      optionItems.map(itemText),
    );
  }

  return { ok: true, operations, options, guards, notes };
}

/**
 * The refusal for words no rule accepted, reported as the runs they form (runs separated only by
 * filler words, "out of stock", are one phrase), with any "did you mean"; null when every word
 * was placed.
 */
function unplacedWords(lexed: LexItem[], itemText: ItemText): Interpretation | null {
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
  if (unknownRuns.length === 0) return null;
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

/** Refuses a key the dataset lacks, a value or column name that could mean two columns. */
function refuseMisnamed(scan: Scan, items: Item[], itemText: ItemText): void {
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
}

function wholePlanSettings(items: Item[], itemText: ItemText) {
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
  return { options, guards, optionItems };
}

interface Exclusion {
  conditions: RowCondition[];
  column?: string;
}

/** Each clause as an operation, or as rows every operation leaves out ("except …"). */
function clauseOperations(
  scan: Scan,
  clauses: Clause[],
  text: (from: number, to: number) => string,
  itemText: ItemText,
): { operations: DraftOperation[]; exclusions: Exclusion[] } {
  const operations: DraftOperation[] = [];
  const exclusions: Exclusion[] = [];
  let previous: ActionContext | undefined;
  for (const clause of clauses) {
    const meaningful = clause.entries.filter((entry) => !isFiller(entry.item));
    if (meaningful.length === 0) continue;
    // Rows shared from an earlier change come after the clause's own entries (`shareRows`), but
    // stand before them in the text: the clause is quoted from its first word to its last.
    const from = clause.entries[0].item.from;
    const to = Math.max(...clause.entries.map(({ item }) => (item.from >= from ? item.to : from)));
    const clauseText = text(from, to);
    if (clause.kind === "exclusion") {
      exclusions.push(interpretExclusion(scan, clause, clauseText, itemText));
      continue;
    }
    const draft = interpretAction(scan, clause, clauseText, itemText, previous);
    const { all, any } = draft.operation;
    const unsaid = oneUnsaidRow(scan, clause);
    // "One player" read as an amount of one makes other words the rows; said with "a", the
    // rows are those other words say ("a player named Marco Rossi").
    if (unsaid && (unsaid.counted || (all.length === 0 && any.length === 0))) {
      refuse(
        `"${unsaid.words}" does not say which ${unsaid.noun}; name it, or say "every ${unsaid.noun}".`,
        [unsaid.words],
      );
    }
    operations.push(draft.operation);
    if (saysTheRest(scan, clause))
      leaveOutEarlierRows(operations, operations.length - 1, clauseText);
    previous = draft.context;
  }
  return { operations, exclusions };
}

/**
 * "Add a player to the Reds", "mark an employee as on leave": one row left unnamed, which no
 * plan can pick (read as every row, it would change them all).
 */
function oneUnsaidRow(
  scan: Scan,
  clause: Clause,
): { words: string; noun: string; counted: boolean } | null {
  const { tokens, vocabulary } = scan;
  const items = clause.entries.map((entry) => entry.item);
  const stops = items.filter((item) => item.kind === "stop");
  for (const item of items) {
    if (item.kind !== "stop" && item.kind !== "amount") continue;
    for (let at = item.from; at < item.to; at++) {
      if (!INDEFINITE.has(tokens[at].norm)) continue;
      const noun = tokens[at + 1];
      const covered = stops.some((next) => next.from <= at + 1 && at + 1 < next.to);
      if (!noun || !covered) continue;
      if (!ROW_NOUN_SET.has(noun.norm) && !vocabulary.rowNouns.has(noun.norm)) continue;
      const counted = item.kind === "amount";
      return { words: `${tokens[at].text} ${noun.text}`, noun: noun.text, counted };
    }
  }
  return null;
}

/**
 * An exclusion applies to every operation (that writes its column, when it names one a step
 * writes). A text column no step writes names the rows ("leave wines from Rioja alone", of the
 * column wine); a number column no step writes is refused rather than the exclusion dropped.
 */
function applyExclusions(scan: Scan, exclusions: Exclusion[], operations: DraftOperation[]): void {
  for (const exclusion of exclusions) {
    const { column } = exclusion;
    const written = operations.some((operation) => operation.action.column === column);
    if (column !== undefined && !written && isNumeric(scan.vocabulary, column)) {
      refuse(
        `No step changes ${column}, so it is left alone already. To leave rows out of the change, say only which rows ("but leave Rioja alone").`,
        [column],
      );
    }
    for (const operation of operations) {
      if (column !== undefined && written && column !== operation.action.column) continue;
      for (const cond of exclusion.conditions) {
        if (alreadyExcluded(operation, cond)) continue;
        operation.none.push(cond);
      }
    }
  }
}

/**
 * Days left out are one condition from the first day to the last (build.ts), which holds for a
 * column of days; where a column also holds times of day, the last day's later times would not
 * be left out, so that is refused.
 */
function refuseSpansLeftOutWithTimes(scan: Scan, operations: DraftOperation[]): void {
  for (const operation of operations) {
    for (const cond of operation.none) {
      if (cond.type !== "dateRange" || cond.from === undefined || cond.to === undefined) continue;
      const column = scan.vocabulary.columns.get(cond.column);
      const days = [column?.min, column?.max].every((cell) => cell !== undefined && DAY.test(cell));
      if (days) continue;
      refuse(
        `${cond.column} holds times of day, so leaving out the days from ${cond.from} to before ${cond.to} cannot be said exactly; say the rows to change instead.`,
        [],
      );
    }
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

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

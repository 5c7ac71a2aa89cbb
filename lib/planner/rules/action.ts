import type { ClauseItems, ItemOf, Reading } from "./action-reading";
import { readAction } from "./action-values";
import {
  assertSatisfiable,
  combine,
  comparesWhatChanges,
  condColumn,
  mergeSameColumn,
  resolveCond,
} from "./conditions";
import type { Clause, DraftAction, DraftOperation, ItemText, RowCondition } from "./draft";
import { quoteWords, refuse } from "./draft";
import { refuseJointException, setTextScope } from "./exclusion";
import type { VerbKind } from "./grammar";
import { normPhrase } from "./grammar-words";
import type { Item } from "./lex";
import type { Scan } from "./patterns";
import { saysTheRest } from "./the-rest";
import { isNumeric } from "./vocabulary";

/**
 * One clause → one operation: the action (a verb and its amount, a value to set, a flag to
 * mark, a goal), the column it changes, and the rows it applies to.
 */

export interface ActionContext {
  verb: VerbKind;
  target?: string;
  factor?: number;
  needsOff?: boolean;
  /** A set said as a step to a value ("bump the priority to high"), and which way. */
  steppedTo?: "increase" | "decrease";
  /** The rows the clause chose, for a pronoun in the next one ("… Also set their …"). */
  scope?: Pick<DraftOperation, "all" | "any" | "none">;
}

export function interpretAction(
  scan: Scan,
  clause: Clause,
  clauseText: string,
  itemText: ItemText,
  previous: ActionContext | undefined,
): { operation: DraftOperation; context: ActionContext } {
  const items = sortItems(clause);
  const tails = clause.entries
    .filter((entry) => entry.item.kind === "tail")
    .map((entry) => entry.item);
  if (tails.length > 0)
    refuse(
      `${quoteWords(tails.map(itemText))} only fits after "leave" or "do not change".`,
      tails.map(itemText),
    );
  const context = actionContext(items, clauseText, previous);
  const reading: Reading = {
    scan,
    clauseText,
    itemText,
    items,
    context,
    previous,
    ...targetColumns(scan, items, context),
    directional: [],
    usedFlags: new Set(),
    usedSetTexts: new Set(),
    usedScopes: new Set(),
  };
  const action = readAction(reading);
  refuseLeftovers(reading, action);
  const { all, any, none } = readScope(reading, clause, action.column);
  const newContext: ActionContext = {
    ...context,
    target: action.column,
    scope: { all: all.filter((cond) => !reading.directional.includes(cond)), any, none },
  };
  if (items.verbItem === undefined && previous) newContext.factor = previous.factor;
  return { operation: { action, all, any, none }, context: newContext };
}

function sortItems(clause: Clause): ClauseItems {
  const positive = clause.entries.filter((entry) => !entry.negated).map((entry) => entry.item);
  const negative = clause.entries.filter((entry) => entry.negated).map((entry) => entry.item);
  const ofKind = <K extends Item["kind"]>(kind: K) =>
    positive.filter((item): item is ItemOf<K> => item.kind === kind);
  return {
    positive,
    negative,
    verbItem: ofKind("verb")[0],
    amounts: ofKind("amount"),
    bools: ofKind("bool"),
    setTexts: ofKind("setText"),
    flags: ofKind("flag"),
    columnItems: ofKind("column"),
    tos: ofKind("to"),
    goals: ofKind("goal"),
  };
}

/** The verb: the clause's own, the previous clause's, or what its amounts and values imply. */
function actionContext(
  { verbItem, amounts, bools, flags, goals, columnItems, setTexts, tos }: ClauseItems,
  clauseText: string,
  previous: ActionContext | undefined,
): ActionContext {
  let context: ActionContext;
  if (verbItem) {
    context = { verb: verbItem.verb, factor: verbItem.factor, needsOff: verbItem.needsOff };
  } else if (flags.some((flag) => flag.ref.verb)) {
    // "… and vaccinate them": a verb made of a yes/no column is the clause's own.
    context = { verb: "set" };
  } else if (previous) {
    // "Shoes +4%, Hats -2%": a step's own direction wins over the one borrowed.
    const directed = amounts.find((amount) => amount.direction !== undefined);
    const step = previous.verb === "increase" || previous.verb === "decrease";
    context =
      directed && step
        ? { verb: directed.direction === "up" ? "increase" : "decrease" }
        : { ...previous };
  } else {
    const directed = amounts.find((amount) => amount.direction !== undefined);
    if (directed) context = { verb: directed.direction === "up" ? "increase" : "decrease" };
    // "marked as sold", "no salary under 50,000", "sales gets no bonus", "price all accessories
    // at 9.99", "on_sale = true for …": what the rows end up as.
    else if (
      flags.some((item) => item.marker === "as") ||
      bools.some((bool) => flags.some((flag) => flag.to === bool.from)) ||
      goals.length > 0 ||
      amounts.some((amount) => amount.mode === "to")
    )
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
  if (context.needsOff && amounts.length === 0 && flags.length > 0)
    context = { verb: "set", needsOff: true };
  // "bump the priority to high", "lower the tier to bronze": a step to a word sets it.
  const step = context.verb === "increase" || context.verb === "decrease";
  if (step && amounts.length === 0 && setTexts.length > 0) {
    context = { verb: "set", steppedTo: context.verb as "increase" | "decrease" };
  }
  // "make vegetarian dishes 10% cheaper", "charge 2 more dollars": an amount that says which way
  // moves the value rather than sets it.
  if (
    context.verb === "set" &&
    amounts.some(
      (amount) =>
        (amount.mode === "noun" || amount.mode === "bare") && amount.direction !== undefined,
    )
  ) {
    context = { verb: "apply" };
  }
  // "give Li's open tickets to Sam": given to someone, not by an amount.
  if (context.verb === "apply" && amounts.length === 0 && tos.length + setTexts.length > 0)
    context = { verb: "set" };
  if (context.verb === "apply") {
    const columnNamed = columnItems.length > 0;
    const directed = amounts.find((amount) => amount.direction !== undefined);
    // "give sales no bonus", "give engineering a 10% bonus" (a column of bonuses): given a
    // value, not a step.
    const given = columnNamed ? amounts.length > 0 : amounts.some((a) => a.mode === "to");
    if (!directed && given) return { verb: "set" };
    if (!directed)
      refuse(`${JSON.stringify(clauseText)} does not say whether the values go up or down.`, [
        clauseText,
      ]);
    context = { verb: directed.direction === "up" ? "increase" : "decrease" };
  }
  return context;
}

/** Named columns that are not scope nouns, and yes/no columns that only name rows. */
function targetColumns(
  scan: Scan,
  { positive, columnItems, verbItem, flags, setTexts }: ClauseItems,
  context: ActionContext,
): Pick<Reading, "named" | "impliedFlags"> {
  const { vocabulary } = scan;
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
        // The column right after the verb is its target ("set status to lost for loaned
        // books"), even when a value of it also names the rows.
        .filter(
          (item) =>
            !scopeColumns.has((item.ref as { column: string }).column) ||
            isNumeric(vocabulary, (item.ref as { column: string }).column) ||
            (verbItem !== undefined && rightAfter(scan, verbItem, item)),
        )
        .map((item) => (item.ref as { column: string }).column),
    ),
  ];
  // "set grade to D for students whose …": a column named like the rows (student, for the
  // rows of student_id) is the rows when another column is named as the one to change.
  // With a yes/no phrase or a value to set, that is the target ("mark every product with 0
  // units as on sale").
  const otherTarget = flags.length > 0 || setTexts.length > 0;
  if (named.length > 1 || (named.length === 1 && otherTarget)) {
    const rowWords = rowWordItems(scan, positive, columnItems);
    const rest = named.filter(
      (name) => !rowWords.some((item) => (item.ref as { column: string }).column === name),
    );
    if (rest.length === 1 || (rest.length === 0 && otherTarget)) {
      return { named: rest, impliedFlags };
    }
  }
  return { named, impliedFlags };
}

/**
 * Column words that say what the rows are rather than what changes: the key column's noun
 * ("students" for student_id); a text column named in the plural ("for patients without
 * insurance" where a patient column holds names); a text column's name right after a value of
 * another ("every Atlassian product"); a column's name after "every" or "each", values between
 * ("every Enterprise customer", "every Napa Valley bottle").
 */
function rowWordItems(
  scan: Scan,
  positive: Item[],
  columnItems: ItemOf<"column">[],
): ItemOf<"column">[] {
  const { vocabulary } = scan;
  const key = normPhrase(vocabulary.keyColumn);
  return columnItems.filter((item) => {
    const norm = scan.tokens[item.from].norm;
    const word = norm.replace(/s$/, "");
    const column = (item.ref as { column: string }).column;
    const text = vocabulary.columns.get(column)?.type === "text";
    const plural = norm !== word && text && normPhrase(column) === word;
    const afterValue = positive.some(
      (scope) =>
        scope.kind === "scope" &&
        scope.to === item.from &&
        scope.cond.type === "values" &&
        scope.cond.column !== column &&
        text,
    );
    const oneWord = item.to === item.from + 1;
    return (
      (oneWord && (key.startsWith(`${word} `) || plural)) ||
      afterValue ||
      afterEvery(scan, positive, item)
    );
  });
}

/** Whether "every" or "each" comes before a word, with only values between. */
function afterEvery(scan: Scan, positive: Item[], item: Item): boolean {
  let at = item.from;
  for (;;) {
    const before = positive.find(
      (scope): scope is ItemOf<"scope"> => scope.kind === "scope" && scope.to === at,
    );
    if (!before || (before.cond.type !== "values" && before.cond.type !== "text")) break;
    at = before.from;
  }
  return EVERY.has(scan.tokens[at - 1]?.norm ?? "");
}

const EVERY = new Set(["every", "each"]);

/** Whether an item follows the verb, with at most "the" between ("change the brand from …"). */
function rightAfter(scan: Scan, verbItem: Item, item: Item): boolean {
  let at = verbItem.to;
  while (at < item.from && scan.tokens[at].norm === "the") at++;
  return at === item.from;
}

const IS_WORDS = new Set(["is", "are", "=", "equals"]);

/** Words the action did not use and that cannot name rows either are refused, by name. */
function refuseLeftovers(reading: Reading, action: DraftAction): void {
  const { bools, tos, setTexts, columnItems } = reading.items;
  const { clauseText, itemText, named } = reading;
  const verb = reading.context.verb;
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
    if (!reading.usedSetTexts.has(item) && !(action.kind === "numeric" || verb === "restock")) {
      refuse(`${JSON.stringify(itemText(item))} is not a value this action can take.`, [
        itemText(item),
      ]);
    }
  }
  // "… where tier is all": a column said to be something no value of it is.
  const unsaid = columnItems.find(
    (item) =>
      "column" in item.ref &&
      item.ref.column !== action.column &&
      IS_WORDS.has(reading.scan.tokens[item.to]?.norm ?? "") &&
      reading.items.positive.every((other) => other.from !== item.to + 1 || other.kind === "stop"),
  );
  if (unsaid) {
    refuse(
      `${JSON.stringify(clauseText)} says what ${itemText(unsaid)} is, but not as a value it has.`,
      [itemText(unsaid)],
    );
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
}

/** Words that say a comparison is of the value being changed: "unless they're already above 10". */
const ALREADY = new Set(["already", "they're", "theyre", "it's"]);

/**
 * A comparison that names no column, said of what the clause changes ("bump bonuses by 2 unless
 * they're already above 10"), compares that column rather than the price; so does one in a table
 * with no price at all ("cut calories by 10% for everything over 700").
 */
function ofTheChangedValue(
  scan: Scan,
  item: Extract<Item, { kind: "scope" }>,
  changed: string,
): Extract<Item, { kind: "scope" }>["cond"] {
  const { cond } = item;
  if ((cond.type !== "compare" && cond.type !== "between") || cond.column) return cond;
  if (!isNumeric(scan.vocabulary, changed)) return cond;
  if (comparesWhatChanges(scan, cond)) return { ...cond, column: changed };
  const before = scan.tokens.slice(Math.max(0, item.from - 3), item.from);
  return before.some((token) => ALREADY.has(token.norm)) ? { ...cond, column: changed } : cond;
}

/**
 * The rows: scope words, flags and text values the action did not use, less the excluded ones;
 * a pronoun with nothing else takes the previous clause's rows.
 */
function readScope(reading: Reading, clause: Clause, changed: string) {
  const { scan, clauseText, itemText, items, previous } = reading;
  const resolve = (item: Extract<Item, { kind: "scope" }>) =>
    resolveCond(scan, ofTheChangedValue(scan, item, changed), clauseText);
  const positiveConds: { cond: RowCondition; item: Item }[] = [];
  for (const item of items.positive) {
    if (item.kind === "scope" && reading.usedScopes.has(item)) continue;
    if (item.kind === "scope") positiveConds.push({ cond: resolve(item), item });
    else if (item.kind === "flag" && !reading.usedFlags.has(item)) {
      if (item.marker !== null)
        refuse(`${JSON.stringify(clauseText)} gives more than one new value.`, [clauseText]);
      positiveConds.push({
        cond: { type: "flag", column: item.ref.column, value: item.ref.value },
        item,
      });
    } else if (item.kind === "setText" && !reading.usedSetTexts.has(item)) {
      for (const cond of setTextScope(item)) positiveConds.push({ cond, item });
    }
  }
  positiveConds.push(...reading.impliedFlags);
  const negativeConds: RowCondition[] = [];
  for (const item of items.negative) {
    if (item.kind === "scope") negativeConds.push(resolve(item));
    else if (item.kind === "flag")
      negativeConds.push({ type: "flag", column: item.ref.column, value: item.ref.value });
    else if (item.kind === "setText") negativeConds.push(...setTextScope(item));
  }
  refuseJointException(scan, clause, clauseText, itemText, (entry) => entry.negated);
  const exceptItems = clause.entries
    .filter((entry) => entry.item.kind === "except")
    .map((entry) => entry.item);
  if (exceptItems.length > 0 && negativeConds.length === 0) {
    refuse(
      `${quoteWords(exceptItems.map(itemText))} is not followed by anything to leave out.`,
      exceptItems.map(itemText),
    );
  }
  const namesNoRows = positiveConds.length === 0 && negativeConds.length === 0;
  // "… and costs by 5%" names its column: it is about the rows of the change before it (see
  // shared-rows.ts), all of them when that one named none.
  // "them", "their": the rows of the clause before, when this one names none of its own.
  const pronoun = clause.entries.some((entry) => entry.item.kind === "pronoun");
  // "… and cap salaries at 90000" names its column in the goal, and is about the rows before.
  const goalColumn = clause.entries.some(
    (entry) => entry.item.kind === "goal" && entry.item.column !== null,
  );
  if (
    !items.verbItem &&
    previous &&
    namesNoRows &&
    !pronoun &&
    !goalColumn &&
    items.columnItems.length === 0 &&
    !saysTheRest(scan, clause)
  ) {
    refuse(`${JSON.stringify(clauseText)} does not say which rows it is about.`, [clauseText]);
  }
  let { all, any } = combine(clause, positiveConds, clauseText);
  let none = mergeSameColumn(negativeConds);
  if ((pronoun || goalColumn) && namesNoRows && previous?.scope) {
    all = structuredClone(previous.scope.all);
    any = structuredClone(previous.scope.any);
    none = structuredClone(previous.scope.none);
  }
  // "raise salaries below 40000 to 40000" says the rows twice: once is enough.
  const said = new Set(all.map((cond) => JSON.stringify(cond)));
  all.push(...reading.directional.filter((cond) => !said.has(JSON.stringify(cond))));
  assertSatisfiable(all, clauseText);
  return { all, any, none };
}

import { isIsoDate } from "@/lib/dataset/values";
import type { ItemOf, Reading } from "./action-reading";
import { stockCountColumn } from "./column-captures";
import { defaultPriceColumn, refuseFarAbovePrices, roleColumn } from "./conditions";
import type { DraftAction } from "./draft";
import { numericAction, refuse } from "./draft";
import {
  comparedRightAfterVerb,
  countedOrOrdered,
  onlyCompared,
  scoredPoints,
} from "./implied-target";
import { levelsBeyond } from "./levels";
import { type FlagRef, isNumeric, percentOf } from "./vocabulary";

/**
 * What a clause's action does: its verb read with its amounts and values into one draft action
 * (a step, a factor, a flip, a value to set), the column it changes and, for "raise to $15",
 * the rows it leaves alone. Refusals name the words that do not fit.
 */

/** The one numeric column the action changes: named, carried over, or the price column. */
function numericTarget(reading: Reading, verbWord: string): string {
  const { named, clauseText, scan, items, previous } = reading;
  if (named.length > 1)
    refuse(
      `${JSON.stringify(clauseText)} names ${named.join(" and ")}; change one column per action.`,
      [clauseText],
    );
  const column =
    named[0] ??
    (items.verbItem ? undefined : previous?.target) ??
    comparedRightAfterVerb(reading) ??
    moreInStock(reading) ??
    countedOrOrdered(reading) ??
    scoredPoints(reading) ??
    (scan.vocabulary.roles.price ? undefined : onlyCompared(reading)) ??
    defaultPriceColumn(scan, clauseText);
  if (!isNumeric(scan.vocabulary, column)) {
    refuse(`Cannot ${verbWord} ${column}: it does not hold numbers.`, [clauseText]);
  }
  return column;
}

export function readAction(reading: Reading): DraftAction {
  const verb = reading.context.verb;
  if (reading.items.goals.length > 0) return readGoal(reading);
  if (verb === "increase" || verb === "decrease") return readStep(reading, verb);
  if (verb === "multiply") return readMultiply(reading);
  if (verb === "toggle") return readToggle(reading);
  if (verb === "restock") return readRestock(reading);
  if (verb === "clear") return readClear(reading);
  return readSet(reading);
}

/** "Clear the promo price on accessories": the named column's cells emptied. */
function readClear(reading: Reading): DraftAction {
  const { amounts, bools, setTexts, flags } = reading.items;
  const { clauseText, named } = reading;
  if (amounts.length + bools.length + setTexts.length > 0 || flags.some((f) => f.marker))
    refuse(`${JSON.stringify(clauseText)}: clearing empties a cell and takes no value.`, [
      clauseText,
    ]);
  const column = named.length === 0 ? comparedRightAfterVerb(reading) : named[0];
  if (named.length > 1 || column === undefined)
    refuse(`${JSON.stringify(clauseText)} does not say which one column to clear.`, [clauseText]);
  return { kind: "set", column, value: "" };
}

/** "No salary should be under 50,000": the rows below are raised to it, no others. */
function readGoal(reading: Reading): DraftAction {
  const { goals, amounts, verbItem } = reading.items;
  const { clauseText, scan } = reading;
  if (goals.length > 1 || amounts.length > 0 || (verbItem && verbItem.verb !== "set")) {
    refuse(`${JSON.stringify(clauseText)} gives more than one new value.`, [clauseText]);
  }
  const goal = goals[0];
  const column = goal.column ?? numericTarget(reading, "set");
  if (!isNumeric(scan.vocabulary, column)) {
    refuse(`Cannot compare ${column}: it does not hold numbers.`, [clauseText]);
  }
  reading.directional.push({ type: "compare", column, op: goal.op, value: goal.num.value });
  return { kind: "set", column, value: goal.num.value, unit: goal.num.unit };
}

/** Increase or decrease by an amount, or up or down to a value. */
function readStep(reading: Reading, verb: "increase" | "decrease"): DraftAction {
  const { amounts } = reading.items;
  const { clauseText, itemText } = reading;
  const verbWord = reading.scan.tokens[reading.items.verbItem?.from ?? -1]?.norm;
  // "remove Gia's locker": what the rows named had, which they lose.
  const flag = amounts.length === 0 ? lastFlagAfterVerb(reading) : undefined;
  const owners = reading.items.positive.some(
    (item) => item.kind === "scope" && item.to <= (flag?.from ?? 0),
  );
  if (flag?.ref.value && owners && verbWord === "remove") return setToFlag(reading, flag, true);
  const participle = amounts.length === 0 ? participleFlag(reading) : undefined;
  if (participle) return { kind: "set", column: participle.column, value: true };
  if (amounts.length === 0 && verbWord === "remove") {
    refuse(
      `${JSON.stringify(clauseText)}: a plan changes the values in rows and never removes rows. To lower a value, say by how much ("remove 5 from the stock").`,
      [clauseText],
    );
  }
  if (amounts.length !== 1) {
    refuse(
      amounts.length === 0
        ? `${JSON.stringify(clauseText)} does not say by how much.`
        : `${JSON.stringify(clauseText)} gives ${amounts.length} amounts (${amounts.map(itemText).join(", ")}); give one.`,
      [clauseText],
    );
  }
  const amount = amounts[0];
  // "take a 10% pay cut" says which way as "off" does.
  if (reading.context.needsOff && amount.mode !== "off" && amount.direction !== "down") {
    refuse(`${JSON.stringify(clauseText)}: "take" needs an amount "off", e.g. "take 20% off".`, [
      clauseText,
    ]);
  }
  if (amount.direction !== undefined && (amount.direction === "up") !== (verb === "increase")) {
    refuse(`${JSON.stringify(clauseText)} says both up and down.`, [clauseText]);
  }
  const column = numericTarget(reading, verb);
  if (amount.mode !== "to") return numericAction(verb, column, amount.num, clauseText);
  // "raise the bonus to 12%": a column of percentages is raised to 12.
  const percent = percentOf(reading.scan.vocabulary, column, amount.num);
  if (amount.num.unit === "percent" && percent === undefined)
    refuse(`${JSON.stringify(itemText(amount))} sets a value to a percentage; say "by".`, [
      clauseText,
    ]);
  const value = percent ?? amount.num.value;
  reading.directional.push({
    type: "compare",
    column,
    op: verb === "increase" ? "lt" : "gt",
    value,
  });
  return { kind: "set", column, value, unit: percent === undefined ? amount.num.unit : "plain" };
}

function readMultiply(reading: Reading): DraftAction {
  const { amounts } = reading.items;
  const { clauseText, context } = reading;
  const column = numericTarget(reading, "multiply");
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
    refuse(`${JSON.stringify(clauseText)} needs one factor, e.g. "multiply by 1.1".`, [clauseText]);
  }
  return { kind: "numeric", type: "multiply", column, value: factor, unit: "plain" };
}

/** "flip on_sale for Provence": the one yes/no column named (as a column or by its flag word). */
function readToggle(reading: Reading): DraftAction {
  const { amounts, bools, setTexts, flags, verbItem } = reading.items;
  const { clauseText, scan, named, impliedFlags } = reading;
  if (amounts.length + bools.length + setTexts.length > 0)
    refuse(`${JSON.stringify(clauseText)}: flipping takes no value.`, [clauseText]);
  const verbAt = verbItem ? verbItem.from : -1;
  const flagTargets = flags.filter((item) => item.from > verbAt);
  const candidates = [
    ...new Set([
      ...named.filter((name) => scan.vocabulary.columns.get(name)?.type === "boolean"),
      ...impliedFlags.map((implied) => (implied.cond as { column: string }).column),
      ...flagTargets.map((item) => item.ref.column),
    ]),
  ];
  if (candidates.length !== 1) {
    refuse(
      candidates.length === 0
        ? `${JSON.stringify(clauseText)} does not name a yes/no column to flip.`
        : `${JSON.stringify(clauseText)} names ${candidates.join(" and ")}; flip one column per action.`,
      [clauseText],
    );
  }
  for (const item of flagTargets) reading.usedFlags.add(item);
  return { kind: "toggle", column: candidates[0] };
}

function readRestock(reading: Reading): DraftAction {
  const { amounts, bools, setTexts, flags } = reading.items;
  const { clauseText, scan } = reading;
  // A table that counts its stock (qty_on_hand) and flags none: "restock … to 1000" sets the
  // count, "restock … by 500" adds to it.
  const count = scan.vocabulary.roles.stock ? undefined : stockCountColumn(scan);
  if (count !== undefined) return restockCount(reading, count);
  const stock = roleColumn(scan, "stock", clauseText);
  if (amounts.length + bools.length + setTexts.length > 0)
    refuse(`${JSON.stringify(clauseText)}: restock takes no value.`, [clauseText]);
  for (const item of flags)
    if (item.marker !== null)
      refuse(`${JSON.stringify(clauseText)}: restock takes no value.`, [clauseText]);
  return { kind: "set", column: stock, value: true };
}

function restockCount(reading: Reading, count: string): DraftAction {
  const { amounts, bools, setTexts, flags } = reading.items;
  const { clauseText } = reading;
  const [amount] = amounts;
  const valued = bools.length + setTexts.length > 0 || flags.some((item) => item.marker !== null);
  if (amounts.length !== 1 || valued || amount.num.unit === "percent") {
    refuse(
      `${JSON.stringify(clauseText)} does not say how many to restock to ("to 1000") or by ("by 500").`,
      [clauseText],
    );
  }
  if (amount.mode !== "to") return numericAction("increase", count, amount.num, clauseText);
  // Restocking to 1000 brings the counts below it up; it never lowers one above it.
  const value = amount.num.value;
  reading.directional.push({ type: "compare", column: count, op: "lt", value });
  return { kind: "set", column: count, value, unit: "plain" };
}

/** set / make / mark / put / change: exactly one new value, of one kind. */
function readSet(reading: Reading): DraftAction {
  const { amounts, bools, setTexts, flags } = reading.items;
  const { clauseText } = reading;
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
    setTexts.length > 0,
  ].filter(Boolean).length;
  if (
    kinds > 1 ||
    absolute.length > 1 ||
    bools.length > 1 ||
    markedFlags.length > 1 ||
    directed.length > 1 ||
    setTexts.length > 1
  ) {
    refuse(`${JSON.stringify(clauseText)} gives more than one new value.`, [clauseText]);
  }
  if (directed.length === 1) return setByDirectedAmount(reading, directed[0]);
  if (absolute.length === 1) return setToAmount(reading, absolute[0]);
  if (bools.length === 1) return setToBool(reading, bools[0]);
  if (markedFlags.length === 1) return setToFlag(reading, markedFlags[0]);
  if (setTexts.length === 1) return setToText(reading, setTexts[0]);
  const noneLeft = stockNoneAfterFlags(reading);
  if (noneLeft) return noneLeft;
  // "mark accessories out of stock": the last flag after the verb is the new value.
  const candidate = lastFlagAfterVerb(reading);
  if (!candidate) refuse(`${JSON.stringify(clauseText)} does not say what to set.`, [clauseText]);
  return setToFlag(reading, candidate);
}

/**
 * "we need 20 more calatheas in stock": more of the rows "in stock", where the stock is counted,
 * is a rise of that count; "in stock" then says what rises, not which rows.
 */
function moreInStock(reading: Reading): string | undefined {
  const { items, scan } = reading;
  const count = stockCountColumn(scan);
  const amount = items.amounts.find((one) => one.direction === "up" && one.num.unit === "plain");
  if (!count || !amount) return undefined;
  const inStock = items.positive.find(
    (item) =>
      item.kind === "scope" &&
      item.from > amount.from &&
      item.cond.type === "compare" &&
      item.cond.column === count &&
      item.cond.op === "gt" &&
      item.cond.value === 0 &&
      scan.tokens[item.from]?.norm === "in",
  );
  if (!inStock) return undefined;
  reading.usedScopes.add(inStock);
  return count;
}

/**
 * "mark all organic wines out of stock" where the stock is counted: "out of stock" (a count of
 * none) said after the yes/no words is the new value, a count of 0, as the last flag would be.
 */
function stockNoneAfterFlags(reading: Reading): DraftAction | undefined {
  const { items, scan } = reading;
  const count = stockCountColumn(scan);
  const last = items.positive.at(-1);
  if (!count || last?.kind !== "scope" || last.cond.type !== "compare") return undefined;
  const { cond } = last;
  const none = cond.column === count && cond.value === 0 && (cond.op === "lte" || cond.op === "eq");
  if (!none || items.flags.some((flag) => flag.from > last.from)) return undefined;
  if (items.verbItem === undefined || items.verbItem.from > last.from) return undefined;
  reading.usedScopes.add(last);
  return { kind: "set", column: count, value: 0, unit: "plain" };
}

/** "change prices by 5% up": a step with its direction in the amount. */
function setByDirectedAmount(reading: Reading, amount: ItemOf<"amount">): DraftAction {
  const { clauseText } = reading;
  if (amount.direction === undefined) {
    refuse(
      `${JSON.stringify(clauseText)} does not say whether to go up or down; use increase or decrease.`,
      [clauseText],
    );
  }
  const column = numericTarget(reading, "change");
  return numericAction(
    amount.direction === "up" ? "increase" : "decrease",
    column,
    amount.num,
    clauseText,
  );
}

function setToAmount(reading: Reading, amount: ItemOf<"amount">): DraftAction {
  const { clauseText, named, scan } = reading;
  const { vocabulary } = scan;
  // "set discount_pct to 10%": a column of percentages holds 10 (or 0.1, when its values are
  // fractions: none above 1).
  const percent = named.length === 1 ? percentOf(vocabulary, named[0], amount.num) : undefined;
  if (percent !== undefined)
    return { kind: "set", column: named[0], value: percent, unit: "plain" };
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
    return { kind: "set", column: named[0], value: amount.num.value === 1 };
  }
  const column = numericTarget(reading, "set");
  if (named.length === 0) refuseFarAbovePrices(scan, column, amount.num.value, clauseText);
  if (vocabulary.columns.get(column)?.type === "integer" && !Number.isInteger(amount.num.value)) {
    refuse(`${column} holds whole numbers; ${amount.num.text} is not one.`, [clauseText]);
  }
  return { kind: "set", column, value: amount.num.value, unit: amount.num.unit };
}

/** "set in-stock to false": the flag right before the value names the column. */
function setToBool(reading: Reading, bool: ItemOf<"bool">): DraftAction {
  const { clauseText, named, scan, itemText } = reading;
  const before = reading.items.flags.find((item) => item.to === bool.from && item.marker === null);
  if (before) reading.usedFlags.add(before);
  const candidates = [...new Set([...named, ...(before ? [before.ref.column] : [])])];
  if (candidates.length !== 1) {
    refuse(`${JSON.stringify(clauseText)} does not say which column to set to ${itemText(bool)}.`, [
      clauseText,
    ]);
  }
  const column = candidates[0];
  if (scan.vocabulary.columns.get(column)?.type !== "boolean")
    refuse(`${column} does not hold true/false values.`, [clauseText]);
  return { kind: "set", column, value: bool.value };
}

/**
 * "Escalate every urgent ticket" where a yes/no column is named "escalated": a step verb with no
 * amount and nothing to step to, whose participle names the column, switches it on.
 */
function participleFlag({ items, scan }: Reading): FlagRef | undefined {
  const { verbItem, setTexts, tos } = items;
  if (!verbItem || verbItem.to !== verbItem.from + 1 || setTexts.length + tos.length > 0) return;
  const verb = scan.tokens[verbItem.from].norm;
  const ref =
    scan.vocabulary.flagPhrases.get(`${verb}d`) ?? scan.vocabulary.flagPhrases.get(`${verb}ed`);
  return ref?.value === true && !ref.verb ? ref : undefined;
}

/** The clause's last yes/no phrase after its verb (any, without a verb). */
function lastFlagAfterVerb({ items }: Reading): ItemOf<"flag"> | undefined {
  const verbAt = items.verbItem ? items.verbItem.from : -1;
  return [...items.flags].reverse().find((item) => item.from > verbAt);
}

/**
 * A yes/no column set as its phrase says; taken away ("take the soup off the menu", "take away
 * her locker"), what the rows had is switched off, unless the phrase is where they go ("off the
 * menu" of a column `discontinued`).
 */
function setToFlag(
  reading: Reading,
  flag: ItemOf<"flag">,
  takenAway = reading.context.needsOff === true,
): DraftAction {
  reading.usedFlags.add(flag);
  assertNoOtherTarget(reading.named, flag.ref.column, reading.clauseText);
  const { value } = flag.ref;
  const said = takenAway ? value && /\b(?:off|out)\b/.test(reading.itemText(flag)) : value;
  return { kind: "set", column: flag.ref.column, value: said };
}

/** A text value: the column it is known in, or the one text column named. */
function setToText(reading: Reading, setText: ItemOf<"setText">): DraftAction {
  const { clauseText, named, scan, itemText } = reading;
  reading.usedSetTexts.add(setText);
  let column: string | undefined;
  // "to enterprise tier": the value's own column named right after it.
  const after = reading.items.columnItems.find((item) => item.from === setText.to)?.ref;
  const namedAfter =
    after && "column" in after && setText.refs.some((ref) => ref.column === after.column)
      ? after.column
      : undefined;
  if (namedAfter !== undefined) {
    column = namedAfter;
  } else if (setText.refs.length > 0) {
    const columns = [...new Set(setText.refs.map((ref) => ref.column))];
    column =
      named.length === 1 && columns.includes(named[0])
        ? named[0]
        : columns.length === 1
          ? columns[0]
          : undefined;
    if (named.length > 0 && column !== named[0]) {
      column = namedByName(reading) ? named[0] : undefined;
    }
  } else if (named.length === 0 && setText.column !== undefined) {
    column = setText.column;
  } else if (named.length === 1) {
    // Free text goes into a text column; a date (set-date) into a column of dates too.
    const type = scan.vocabulary.columns.get(named[0])?.type;
    if (type === "text" || (type === "date" && isIsoDate(setText.text))) column = named[0];
  } else if (named.length === 0 && isIsoDate(setText.text)) {
    // "move Jazz Night to 2026-12-06": a day goes into the table's one column of dates.
    const dates = [...scan.vocabulary.columns.values()].filter((c) => c.type === "date");
    if (dates.length === 1) column = dates[0].name;
  }
  if (column === undefined)
    refuse(`${JSON.stringify(clauseText)} does not say which column gets ${itemText(setText)}.`, [
      clauseText,
    ]);
  const value = setText.refs.find((ref) => ref.column === column)?.value ?? setText.text;
  const steppedTo = reading.context.steppedTo;
  const beyond = steppedTo && levelsBeyond(scan.vocabulary, column, value, steppedTo);
  if (beyond) reading.directional.push(beyond);
  return { kind: "set", column, value };
}

/**
 * "set manager to Ana Lima": a value of another column goes into the text column named, when the
 * column is named by its name. "Move all Northgate services to Riverside" names the rows with
 * the plural of a column's name ("service"), not the column to write.
 */
function namedByName({ named, scan, items, itemText }: Reading): boolean {
  if (named.length !== 1 || scan.vocabulary.columns.get(named[0])?.type !== "text") return false;
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[\s_]+/g, " ")
      .trim();
  return items.columnItems.some(
    (item) =>
      "column" in item.ref &&
      item.ref.column === named[0] &&
      plain(itemText(item)) === plain(named[0]),
  );
}

function assertNoOtherTarget(named: string[], column: string, clauseText: string): void {
  if (named.some((name) => name !== column)) {
    refuse(
      `${JSON.stringify(clauseText)} names ${[...new Set([...named, column])].join(" and ")}; set one column per action.`,
      [clauseText],
    );
  }
}

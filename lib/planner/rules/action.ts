import {
  assertSatisfiable,
  combine,
  condColumn,
  defaultPriceColumn,
  mergeSameColumn,
  resolveCond,
  roleColumn,
} from "./conditions";
import type { Clause, DraftAction, DraftOperation, ItemText, RowCondition } from "./draft";
import { numericAction, quoteWords, refuse } from "./draft";
import { setTextScope } from "./exclusion";
import type { VerbKind } from "./grammar";
import type { Item } from "./lex";
import type { Scan } from "./patterns";
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
  } else if (verb === "toggle") {
    // "flip on_sale for Provence": the one yes/no column named (as a column or by its flag word).
    if (amounts.length + bools.length + setTexts.length > 0)
      refuse(`${JSON.stringify(clauseText)}: flipping takes no value.`, [clauseText]);
    const verbAt = verbItem ? verbItem.from : -1;
    const flagTargets = flags.filter((item) => item.from > verbAt);
    const candidates = [
      ...new Set([
        ...named.filter((name) => vocabulary.columns.get(name)?.type === "boolean"),
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
    for (const item of flagTargets) usedFlags.add(item);
    action = { kind: "toggle", column: candidates[0] };
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

function assertNoOtherTarget(named: string[], column: string, clauseText: string): void {
  if (named.some((name) => name !== column)) {
    refuse(
      `${JSON.stringify(clauseText)} names ${[...new Set([...named, column])].join(" and ")}; set one column per action.`,
      [clauseText],
    );
  }
}

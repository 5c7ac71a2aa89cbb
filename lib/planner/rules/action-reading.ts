import type { ActionContext } from "./action";
import type { ItemText, RowCondition } from "./draft";
import type { Item } from "./lex";
import type { Scan } from "./patterns";

/** What an action is read from: a clause's items sorted by kind, and what the reading used. */

export type ItemOf<K extends Item["kind"]> = Extract<Item, { kind: K }>;

/** A clause's items sorted by what they can be: the verb, amounts, values, columns, words. */
export interface ClauseItems {
  positive: Item[];
  negative: Item[];
  verbItem: ItemOf<"verb"> | undefined;
  amounts: ItemOf<"amount">[];
  bools: ItemOf<"bool">[];
  setTexts: ItemOf<"setText">[];
  flags: ItemOf<"flag">[];
  columnItems: ItemOf<"column">[];
  tos: Item[];
  goals: ItemOf<"goal">[];
}

/** Everything one clause's reading needs, and what the action has used up so far. */
export interface Reading {
  scan: Scan;
  clauseText: string;
  itemText: ItemText;
  items: ClauseItems;
  context: ActionContext;
  previous: ActionContext | undefined;
  /** Columns the clause names as the one to change. */
  named: string[];
  /** Yes/no columns named next to a number ("customers on auto renew"): conditions, not targets. */
  impliedFlags: { cond: RowCondition; item: Item }[];
  /** "Raise yoga to $15" only raises: rows already at or above 15 are left alone. */
  directional: RowCondition[];
  usedFlags: Set<Item>;
  usedSetTexts: Set<Item>;
  /** Scopes the action took as its value ("out of stock" where stock is counted). */
  usedScopes: Set<Item>;
}

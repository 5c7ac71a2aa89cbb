import type { Clause, DraftOperation, RowCondition } from "./draft";
import { refuse } from "./draft";
import type { Cond } from "./grammar";
import type { Item } from "./lex";
import type { Scan } from "./patterns";

/**
 * Row conditions: resolving a phrase's condition to a column, combining a clause's conditions
 * (values of one column are alternatives, other columns narrow), and refusing conditions no row
 * can meet.
 */

export function condColumn(scan: Scan, cond: Cond): string {
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

/**
 * A comparison that names no column in a table with no price: it compares the column the clause
 * changes (action.ts), so which column it is is known only with the action.
 */
export function comparesWhatChanges(scan: Scan, cond: Cond): boolean {
  return (
    (cond.type === "compare" || cond.type === "between") &&
    !cond.column &&
    !scan.vocabulary.roles.price
  );
}

export function defaultPriceColumn(scan: Scan, clauseText: string): string {
  return roleColumn(scan, "price", clauseText);
}

/**
 * A new value said with no column ("hex bolts are now 480") goes to the price column; one more
 * than ten times the highest price there is more likely a count or another column's value (a
 * bolt's unit cost is 0.12), so the planner asks rather than sets it.
 */
export function refuseFarAbovePrices(
  scan: Scan,
  column: string,
  value: number,
  clauseText: string,
) {
  const price = scan.vocabulary.roles.price;
  if (!price || !("column" in price) || price.column !== column) return;
  const highest = scan.vocabulary.columns.get(column)?.max;
  const max = Number(highest);
  if (!highest || !Number.isFinite(max) || value <= 10 * Math.max(max, 1)) return;
  refuse(
    `${JSON.stringify(clauseText)} does not name a column, and ${value} is far above every ${column} (at most ${highest}); name the column to set.`,
    [clauseText],
  );
}

export function roleColumn(scan: Scan, role: "price" | "stock", clauseText: string): string {
  const resolved = scan.vocabulary.roles[role];
  if (resolved && "column" in resolved) return resolved.column;
  // A table with no price but one column of numbers ("10 extra points" in a list of scores):
  // an amount or a comparison that names no column can only be about that one.
  if (!resolved && role === "price") {
    const numbers = [...scan.vocabulary.columns.values()].filter(
      (column) =>
        column.name !== scan.vocabulary.keyColumn &&
        (column.type === "number" || column.type === "integer"),
    );
    if (numbers.length === 1) return numbers[0].name;
  }
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

export function resolveCond(scan: Scan, cond: Cond, clauseText: string): RowCondition {
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
export function mergeSameColumn(conditions: RowCondition[]): RowCondition[] {
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
export function combine(
  clause: Clause,
  conds: ItemCondition[],
  clauseText: string,
): { all: RowCondition[]; any: RowCondition[] } {
  const naming = conds.filter(({ cond }) => cond.type === "values" || cond.type === "keys");
  const joinBetween = (a: Item, b: Item) =>
    clause.entries.find(
      (entry) => entry.item.kind === "join" && entry.item.from >= a.to && entry.item.to <= b.from,
    )?.item;

  refuseContradictoryFlags(conds, clauseText);
  const namingUnion = namingIsUnion(naming, joinBetween, clauseText);
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
      const join = joinBetween(comparisons[index].item, entry.item);
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
  return any.length === 0 ? wordsAsAlternatives(all) : { all, any };
}

/**
 * "hinges and casters", "the bolt and the washer": words of one column's values name rows of
 * either; no value has both.
 */
function wordsAsAlternatives(all: RowCondition[]): { all: RowCondition[]; any: RowCondition[] } {
  const isWord = (cond: RowCondition) => cond.type === "text" && cond.op === "contains";
  const columns = all.filter(isWord).map((cond) => cond.column);
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated === undefined) return { all, any: [] };
  const words = all.filter((cond) => isWord(cond) && cond.column === repeated);
  return { all: all.filter((cond) => !words.includes(cond)), any: words };
}

type ItemCondition = { cond: RowCondition; item: Item };

/** "in stock and out of stock": a flag cannot be true and false on one row. */
function refuseContradictoryFlags(conds: ItemCondition[], clauseText: string): void {
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
}

/**
 * Whether naming conditions on several columns are alternatives ("A101 and yoga products", joined
 * by a word) rather than narrowing each other ("yoga A101"); a mix of both is refused.
 */
function namingIsUnion(
  naming: ItemCondition[],
  joinBetween: (a: Item, b: Item) => Item | undefined,
  clauseText: string,
): boolean {
  if (new Set(naming.map(({ cond }) => cond.column)).size <= 1) return false;
  const ordered = [...naming].sort((a, b) => a.item.from - b.item.from);
  const kinds = new Set<boolean>();
  for (let index = 1; index < ordered.length; index++) {
    const a = ordered[index - 1];
    const b = ordered[index];
    if (a.cond.column !== b.cond.column) kinds.add(joinBetween(a.item, b.item) !== undefined);
  }
  if (kinds.size > 1) {
    refuse(
      `${JSON.stringify(clauseText)} mixes "and" lists with narrowing words across columns; split it into separate instructions.`,
      [clauseText],
    );
  }
  return kinds.has(true);
}

/** Refuses ranges no row can satisfy ("over 30 and under 20"): a plan that could change nothing. */
export function assertSatisfiable(conditions: RowCondition[], clauseText: string): void {
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

/** "Do not change out-of-stock items" adds nothing to an operation already limited to in-stock. */
export function alreadyExcluded(operation: DraftOperation, cond: RowCondition): boolean {
  if (cond.type !== "flag") return false;
  return operation.all.some(
    (other) => other.type === "flag" && other.column === cond.column && other.value !== cond.value,
  );
}

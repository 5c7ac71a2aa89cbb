import type { ExecutionPlan, Top } from "@/lib/plan/schema";
import { columnNamed, columnPattern, foldKeepingLength } from "./column-words";
import type { Vocabulary } from "./vocabulary";

/**
 * Rows chosen by rank or by their group (docs/planner.md "Ranks and groups"): "the 10 cheapest",
 * "the most expensive wine of each region", "the top 5 by units sold", "prices above their
 * category's average". The phrase is read here and taken out of the instruction (replaced by
 * "everything"); the rest is planned as usual and the plan then gets the rank (`filter.top`) or
 * the per-group aggregate and its comparison.
 */

export type RowChoice =
  | {
      kind: "top";
      from: number;
      to: number;
      top: Top;
      words: string;
      /** The column the rank named as the rows' amount ("the top 10 prices"), as written. */
      said?: string;
    }
  | {
      kind: "group";
      from: number;
      to: number;
      column: string;
      groupBy: string;
      fn: "avg" | "median";
      op: "gt" | "lt";
      words: string;
    };

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  fifty: 50,
  hundred: 100,
};

const COUNT = String.raw`(?<n>\d{1,7}|${Object.keys(NUMBER_WORDS).join("|")})`;
const CHEAP = String.raw`cheapest|least\s+expensive|lowest[\s-]priced|lowest[\s-]paid|least[\s-]paid|worst[\s-]paid`;
const DEAR = String.raw`most\s+expensive|priciest|dearest|highest[\s-]priced|highest[\s-]paid|best[\s-]paid|most[\s-]paid`;
/** Words for the rows a rank picks, dropped along with it. */
const NOUN = String.raw`(?:\s+(?<noun>[a-z]+))?`;

/** The first rank or group comparison in the instruction, if any. */
export function readRowChoice(instruction: string, vocabulary: Vocabulary): RowChoice | undefined {
  const columns = columnPattern(vocabulary);
  if (!columns) return undefined;
  const text = foldKeepingLength(instruction);
  const col = (name: string) => `(?<${name}>(?:the\\s+)?${columns})(?![a-z0-9])`;
  return (
    readRank(instruction, text, vocabulary, col) ??
    readGroupComparison(instruction, text, vocabulary, col)
  );
}

/** A pattern matching a column name, captured as `name`. */
type ColumnGroup = (name: string) => string;

/** "the 3 cheapest", "top 5 by rating per region", "the 2 highest scores". */
function readRank(
  instruction: string,
  text: string,
  vocabulary: Vocabulary,
  col: ColumnGroup,
): RowChoice | undefined {
  for (const { regex, read } of rankPatterns(vocabulary, col)) {
    const m = regex.exec(text);
    if (!m?.indices) continue;
    const noun = m.groups?.noun;
    let [from, to] = m.indices[0];
    if (noun !== undefined) {
      // "the 2 lowest priced bottles" where bottles is a column: which is meant is a guess.
      if (columnNamed(noun, vocabulary)) continue;
      // A value stays for the grammar ("the 3 cheapest Burgundy wines"); a noun for the rows
      // ("wines", "products") goes with the rank.
      if (vocabulary.valuePhrases.has(noun)) {
        const nounAt = m.indices.groups?.noun;
        if (!nounAt || m.groups?.per !== undefined) continue;
        to = nounAt[0] - 1;
      }
    }
    const top = read(m);
    const byAt = m.indices.groups?.by;
    const said = byAt && !/\bby\s/.test(m[0]) ? instruction.slice(...byAt) : undefined;
    if (top) return { kind: "top", from, to, top, words: instruction.slice(from, to), said };
  }
  return undefined;
}

function rankPatterns(
  vocabulary: Vocabulary,
  col: ColumnGroup,
): Array<{ regex: RegExp; read(m: RegExpExecArray): Top | undefined }> {
  const each = String.raw`(?:(?:\s+(?:of|in|per|for|from|within)\s+(?:each|every)|\s+per)\s+${col("per")})?`;
  return [
    {
      regex: new RegExp(
        String.raw`\b(?:the\s+)?(?:${COUNT}\s+)?(?<adj>${CHEAP}|${DEAR})${NOUN}${each}`,
        "d",
      ),
      read: (m) => {
        const price = vocabulary.roles.price;
        if (!price || !("column" in price)) return undefined;
        const order = /^(?:cheapest|least|lowest|worst)/.test(m.groups?.adj ?? "")
          ? "lowest"
          : "highest";
        return rankOf(m, price.column, order, vocabulary);
      },
    },
    {
      regex: new RegExp(
        String.raw`\b(?:the\s+)?(?<dir>top|bottom)\s+${COUNT}(?:\s+[a-z]+)?\s+by\s+${col("by")}${each}`,
        "d",
      ),
      read: (m) => {
        const by = columnNamed(m.groups?.by ?? "", vocabulary);
        const order = m.groups?.dir === "bottom" ? "lowest" : "highest";
        return by ? rankOf(m, by.name, order, vocabulary) : undefined;
      },
    },
    {
      // "the bottom 3 salaries", "the lowest 5 salaries", "the top 3 earners".
      regex: new RegExp(
        String.raw`\b(?:the\s+)?(?<dir>top|bottom|highest|lowest|largest|smallest|biggest)\s+${COUNT}\s+(?:${col("by")}|(?<earners>earners|paid|salaries|wages))${each}`,
        "d",
      ),
      read: (m) => {
        const price = vocabulary.roles.price;
        const named = m.groups?.by;
        const by = named ? columnNamed(named, vocabulary)?.name : undefined;
        const column = by ?? (price && "column" in price ? price.column : undefined);
        const order = /^(?:bottom|lowest|smallest)$/.test(m.groups?.dir ?? "")
          ? "lowest"
          : "highest";
        return column ? rankOf(m, column, order, vocabulary) : undefined;
      },
    },
    {
      regex: new RegExp(
        String.raw`\b(?:the\s+)?${COUNT}\s+(?<dir>highest|lowest|largest|smallest|biggest)\s+${col("by")}${each}`,
        "d",
      ),
      read: (m) => {
        const by = columnNamed(m.groups?.by ?? "", vocabulary);
        const order = /^(?:lowest|smallest)$/.test(m.groups?.dir ?? "") ? "lowest" : "highest";
        return by ? rankOf(m, by.name, order, vocabulary) : undefined;
      },
    },
  ];
}

/** The top-N choice a rank's match names, or undefined when it names none for sure. */
function rankOf(
  m: RegExpExecArray,
  by: string,
  order: "highest" | "lowest",
  vocabulary: Vocabulary,
): Top | undefined {
  const column = vocabulary.columns.get(by);
  if (!column || !["number", "integer", "date"].includes(column.type)) return undefined;
  const words = m.groups?.n;
  const n = words === undefined ? 1 : /^\d+$/.test(words) ? Number(words) : NUMBER_WORDS[words];
  if (!n) return undefined;
  const perPhrase = m.groups?.per;
  const per = perPhrase === undefined ? undefined : columnNamed(perPhrase, vocabulary);
  if (perPhrase !== undefined && !per) return undefined;
  // "the most expensive wines" names no number: how many is a guess.
  const noun = m.groups?.noun ?? "";
  if (words === undefined && per === undefined && /s$/.test(noun) && !/ss$/.test(noun)) {
    return undefined;
  }
  return { n, by, order, ...(per ? { per: per.name } : {}), ties: "all" };
}

/** "priced above their category's average", "with a score below the median score per region". */
function readGroupComparison(
  instruction: string,
  text: string,
  vocabulary: Vocabulary,
  col: ColumnGroup,
): RowChoice | undefined {
  const group = new RegExp(
    String.raw`\b(?:(?:whose|with|where|that\s+are|that's|which\s+are|that\s+is|which\s+is)\s+)?(?:${col("col")}\s+(?:is\s+|are\s+)?)?(?:priced\s+)?(?<cmp>above|over|higher\s+than|more\s+than|greater\s+than|below|under|lower\s+than|less\s+than|cheaper\s+than)\s+(?:the\s+|their\s+|its\s+)?(?:${col("group")}(?:'s|s'|s)?\s+)?(?<fn>average|mean|median)(?:\s+${col("col2")})?(?:\s+(?:for|of|in|within)\s+(?:their|its|the|each)\s+${col("group2")})?`,
    "d",
  );
  const m = group.exec(text);
  if (m?.indices && m.groups) {
    const groupBy = columnNamed(m.groups.group ?? m.groups.group2 ?? "", vocabulary);
    const price = vocabulary.roles.price;
    const named = m.groups.col ?? m.groups.col2;
    const column = named
      ? columnNamed(named, vocabulary)
      : price && "column" in price
        ? vocabulary.columns.get(price.column)
        : undefined;
    if (groupBy && column && (column.type === "number" || column.type === "integer")) {
      const below = /^(?:below|under|lower|less|cheaper)/.test(m.groups.cmp);
      const [from, to] = m.indices[0];
      return {
        kind: "group",
        from,
        to,
        column: column.name,
        groupBy: groupBy.name,
        fn: m.groups.fn === "median" ? "median" : "avg",
        op: below ? "lt" : "gt",
        words: instruction.slice(from, to),
      };
    }
  }
  return undefined;
}

/**
 * The instruction without the phrase, for the grammar ("the 10 cheapest" → "everything"), or
 * with only the column it named left ("discount the top 10 prices" → "discount the prices").
 */
export function withoutRowChoice(
  instruction: string,
  choice: RowChoice,
  keepColumn = false,
): string {
  const filler =
    choice.kind !== "top" ? "" : keepColumn && choice.said ? `the ${choice.said}` : "everything";
  return `${instruction.slice(0, choice.from)}${filler}${instruction.slice(choice.to)}`
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * The plan with the rank or the group comparison put in. A rank applies to the plan's one
 * operation; with several, which one it means is a guess, so undefined.
 */
export function withRowChoice(plan: ExecutionPlan, choice: RowChoice): ExecutionPlan | undefined {
  if (plan.operations.length !== 1) return undefined;
  const [operation] = plan.operations;
  if (choice.kind === "top") {
    if (operation.filter.top) return undefined;
    return {
      ...plan,
      operations: [
        {
          ...operation,
          description: operation.description
            ?.replace(/\.$/, "")
            .concat(
              `; only the ${choice.top.n === 1 ? "one" : choice.top.n} with the ${choice.top.order} ${choice.top.by}${choice.top.per ? ` in each ${choice.top.per}` : ""} (ties included).`,
            ),
          filter: { ...operation.filter, top: choice.top },
        },
      ],
    };
  }
  const variable = `${choice.fn}_${choice.column}_by_${choice.groupBy}`.replace(
    /[^A-Za-z0-9_]/g,
    "_",
  );
  const average = choice.fn === "median" ? "median" : "average";
  return {
    ...plan,
    operations: [
      {
        operation_id: "group_figure",
        description: `Work out the ${average} ${choice.column} of each ${choice.groupBy}.`,
        filter: {},
        action: {
          type: "aggregate",
          fn: choice.fn,
          column: choice.column,
          result_variable: variable,
          group_by: choice.groupBy,
        },
      },
      {
        ...operation,
        depends_on: ["group_figure"],
        description: operation.description
          ?.replace(/\.$/, "")
          .concat(
            `, where ${choice.column} is ${choice.op === "gt" ? "above" : "below"} the ${average} of its ${choice.groupBy}.`,
          ),
        filter: {
          ...operation.filter,
          all: [
            ...(operation.filter.all ?? []),
            { column: choice.column, op: choice.op, value: `\${${variable}}` },
          ],
        },
      },
    ],
  };
}

import { stockCountColumn, stockWord, THRESHOLD, valueWord } from "./column-captures";
import type { CompareOp, ItemPayload, Rule } from "./grammar";
import { valueScope, valueWordScope } from "./grammar-builders";
import { CMP, IS, PREFIX, PRICE_MARKER } from "./grammar-lexicon";
import { nameWords } from "./name-forms";
import {
  alt,
  anyWord,
  type Caps,
  column,
  opt,
  type Scan,
  seq,
  tag,
  value,
  words,
} from "./patterns";
import { type ColumnRef, isNumeric, type ValueRef, type ValueWord } from "./vocabulary";

/**
 * Rules of the grammar (grammar.ts) that compare two columns of the same row: "where qty on hand
 * is below the reorder level", "retail price above msrp", "items below their reorder level" (a
 * stock count against its threshold), "priced above their msrp"; and that read a column from
 * what is said of it: "3 more homework points", "advised by Ms Cole" (the advisor column),
 * "unassigned tickets" (no assignee), "vacant units" (no tenant).
 */

/**
 * Comparisons said with a verb: "stock falls below the reorder level", "cost exceeds price",
 * "tickets sold equals capacity".
 */
const VERB_CMP = alt(
  tag("op", "lt", words("falls below", "fall below", "drops below", "drop below", "dips below")),
  tag("op", "gt", words("exceeds", "exceed", "goes above", "go above", "rises above")),
  // "where tickets sold equals capacity", "stock has reached the reorder level".
  tag(
    "op",
    "eq",
    words("equals", "equal", "is equal to", "are equal to", "matches", "match", "has reached"),
  ),
);

const OTHER = opt(words("its", "their", "the", "his", "her"));

/** Columns of how many a row can take… */
const CAPACITY_NAME =
  /^(?:capacity|max(?:imum)? (?:capacity|seats|attendees|participants)|seats|spots|places|limit)$/;
/** …and of how many it has taken. */
const TAKEN_NAME =
  /^(?:enrolled|enrollment|enrolment|registered|registrations|booked|bookings|sold|tickets sold|attendees|participants|signups|sign ups|occupied|reserved|seats taken|seats sold)$/;

/**
 * "close every course that is full", "events at capacity": the count of places taken at or above
 * the count there are, where the table has one column of each.
 */
function fullScope(scan: Scan, full: boolean): ItemPayload | undefined {
  const numeric = [...scan.vocabulary.columns.keys()].filter((name) =>
    isNumeric(scan.vocabulary, name),
  );
  const named = (pattern: RegExp) =>
    numeric.filter((name) => pattern.test(nameWords(name).join(" ")));
  const capacity = named(CAPACITY_NAME);
  const taken = named(TAKEN_NAME);
  if (capacity.length !== 1 || taken.length !== 1) return undefined;
  return {
    kind: "scope",
    cond: { type: "columns", column: taken[0], op: full ? "gte" : "lt", other: capacity[0] },
  };
}

export const COLUMN_COMPARISON_RULES: Rule[] = [
  {
    name: "full",
    pattern: alt(
      tag("full", true, words("full", "is full", "are full", "at capacity", "fully booked")),
      tag("full", false, words("not full", "is not full", "are not full", "below capacity")),
    ),
    build: (caps, scan) => fullScope(scan, caps.full as boolean),
  },
  {
    name: "compare-columns",
    pattern: seq(
      opt(PREFIX),
      opt(words("the", "its", "their", "has", "have", "had")),
      alt(column("c"), stockWord("c")),
      opt(IS),
      alt(CMP, VERB_CMP),
      OTHER,
      column("o"),
    ),
    build: (caps, scan) => columnsScope(caps, caps.c as ColumnRef, scan),
  },
  {
    // "priced above their msrp": the price against another column.
    name: "price-compare-column",
    pattern: seq(PRICE_MARKER, CMP, OTHER, column("o")),
    build: (caps, scan) => {
      const price = scan.vocabulary.roles.price;
      return price && "column" in price ? columnsScope(caps, price, scan) : undefined;
    },
  },
  {
    // "items below their reorder level", "below reorder level": a threshold names the count it
    // is the threshold of.
    name: "compare-with-threshold",
    pattern: seq(alt(CMP, VERB_CMP), opt(words("its", "their", "the")), column("o")),
    build: (caps, scan) => {
      const other = caps.o as ColumnRef;
      if (!("column" in other) || !THRESHOLD.test(other.column)) return undefined;
      const count = stockCountColumn(scan, other.column);
      return count ? columnsScope(caps, { column: count }, scan) : undefined;
    },
  },
  {
    // "zero the stock of discontinued items", "move Madrid stock": the table's one count of
    // stock (qty_on_hand), where no yes/no column and no column's name says stock.
    name: "stock-word-column",
    pattern: stockWord("c"),
    build: (caps, scan) => {
      const { roles, columnPhrases } = scan.vocabulary;
      if (roles.stock || columnPhrases.has("stock")) return undefined;
      return { kind: "column", ref: caps.c as ColumnRef };
    },
  },
  {
    // "3 more homework points": a numeric column counted in points is that column.
    name: "column-points",
    pattern: seq(column("c"), words("points", "marks", "pts")),
    build: (caps, scan) => {
      const ref = caps.c as ColumnRef;
      return "column" in ref && isNumeric(scan.vocabulary, ref.column)
        ? { kind: "column", ref }
        : undefined;
    },
  },
  {
    // "advised by Ms Cole", "taught by Mr Diaz": a value of the column named for whoever does
    // it (advisor, teacher) says which rows.
    name: "agent-value",
    pattern: seq(anyWord("verb"), words("by"), value("v")),
    build: (caps) => {
      const stem = agentStem((caps.verb as string).toLowerCase());
      if (stem === undefined) return undefined;
      const refs = (caps.v as ValueRef[]).filter((ref) =>
        nameWords(ref.column).some((word) => word.startsWith(stem)),
      );
      return refs.length > 0 ? valueScope(refs) : undefined;
    },
  },
  {
    // "everything by Okafor", "books by Austen": a value of the column of who made the rows.
    name: "maker-value",
    pattern: seq(words("by"), value("v")),
    build: (caps) => {
      const refs = (caps.v as ValueRef[]).filter((ref) => namesMaker(ref.column));
      return refs.length > 0 ? valueScope(refs) : undefined;
    },
  },
  {
    // "everything by Okafor" of "M. Okafor": a word of the maker's value, as "Okafor works" says.
    name: "maker-value-word",
    pattern: seq(words("by"), valueWord("w")),
    build: (caps) => {
      const ref = caps.w as ValueWord;
      if (!namesMaker(ref.column)) return undefined;
      return valueWordScope(ref);
    },
  },
  {
    // "people reporting to Sara Kim": a value of the column of whom the rows report to.
    name: "reports-to-value",
    pattern: seq(
      words("reporting to", "who report to", "that report to", "who reports to", "reports to"),
      value("v"),
    ),
    build: (caps) => {
      const refs = (caps.v as ValueRef[]).filter((ref) =>
        nameWords(ref.column).some((word) => REPORTED_TO.test(word)),
      );
      return refs.length > 0 ? valueScope(refs) : undefined;
    },
  },
  {
    // "unassigned tickets", "unreviewed essays": no one in the column named for whoever does
    // it (assignee, reviewer); "vacant units": no tenant ("occupied": one).
    name: "agent-missing",
    pattern: anyWord("w"),
    build: (caps, scan) => {
      const word = (caps.w as string).toLowerCase();
      // A table that says "vacant" in a column of its own means that value.
      if (scan.vocabulary.valuePhrases.has(word)) return undefined;
      // "vacant units": no one in the column of whoever lives there (tenant, occupant).
      const lived = VACANT.has(word) || word === "occupied";
      const stem = lived ? OCCUPANT : word.startsWith("un") ? agentStem(word.slice(2)) : undefined;
      if (stem === undefined) return undefined;
      const columns = [...scan.vocabulary.columns.values()].filter(
        (column) =>
          column.type === "text" &&
          nameWords(column.name).some((name) =>
            stem instanceof RegExp ? stem.test(name) : name.startsWith(stem),
          ),
      );
      if (columns.length !== 1) return undefined;
      const empty = word !== "occupied";
      return { kind: "scope", cond: { type: "empty", column: columns[0].name, empty } };
    },
  },
];

/** Words of the name of a column of whom people report to. */
/** Names of the column of who made a row: a work's artist, a book's author, a car's maker. */
const MAKER =
  /^(?:artists?|authors?|writers?|composers?|directors?|makers?|designers?|creators?|painters?|photographers?|illustrators?|architects?|manufacturers?|brands?|publishers?|producers?|sculptors?|bands?|performers?)$/;
function namesMaker(column: string): boolean {
  return nameWords(column).some((word) => MAKER.test(word));
}

const REPORTED_TO = /^(?:manager|managers|mgr|supervisor|boss|lead|reports|line)$/;

/** Words for a home or room no one lives in, and the names of the column of who does. */
const VACANT = new Set(["vacant", "unoccupied", "unlet", "unrented"]);
const OCCUPANT = /^(?:tenants?|occupants?|residents?|renters?|lessees?|guests?)$/;

/** Past participles whose doer is not the participle's stem plus "-er" or "-or". */
const IRREGULAR_AGENTS: Record<string, string> = {
  taught: "teach",
  led: "lead",
  run: "run",
  written: "writ",
  sold: "sell",
  bought: "buy",
  held: "hold",
  made: "mak",
};

/**
 * The start of the doer's name for a past participle ("advised" → "advis" of advisor, "managed"
 * → "manag" of manager), or undefined for a word that is not one.
 */
function agentStem(verb: string): string | undefined {
  if (IRREGULAR_AGENTS[verb]) return IRREGULAR_AGENTS[verb];
  if (verb.length < 5 || !verb.endsWith("ed")) return undefined;
  const stem = verb.endsWith("ied") ? verb.slice(0, -3) : verb.slice(0, -2);
  // "planned" → "plan" (planner).
  return stem.length >= 4 && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : stem;
}

/**
 * The row's `subject` cell against its cell of the captured other column `o`, when both are
 * numbers or both dates, and they are two columns.
 */
function columnsScope(caps: Caps, subject: ColumnRef, scan: Scan): ItemPayload | undefined {
  const other = caps.o as ColumnRef;
  if (!("column" in subject) || !("column" in other) || subject.column === other.column) {
    return undefined;
  }
  const { columns } = scan.vocabulary;
  const kind = (name: string) => {
    const type = columns.get(name)?.type;
    return type === "integer" || type === "number" ? "number" : type;
  };
  const type = kind(subject.column);
  if ((type !== "number" && type !== "date") || kind(other.column) !== type) return undefined;
  return {
    kind: "scope",
    cond: {
      type: "columns",
      column: subject.column,
      op: caps.op as CompareOp,
      other: other.column,
    },
  };
}

import { type LexItem, readInParts } from "./lex";
import type { Scan } from "./patterns";

/**
 * A yes/no column kept as a list the rows are on or off, said the way people join and leave
 * one: "unsubscribe everyone in York from the newsletter", "sign Ben up for the newsletter", "opt
 * Chloe out of the newsletter", "take Ben off the mailing list", "add Ben to the newsletter". The
 * verb opens its clause, the rows follow, and the column comes last after the verb's own
 * preposition; the column is then set on or off. Read before the clauses are built
 * (interpret.ts).
 */
export function readFlagMemberships(scan: Scan, lexed: LexItem[]): LexItem[] {
  return readInParts(lexed, (clause) => membership(scan, clause) ?? clause, { clauses: true });
}

interface MembershipVerb {
  /** What the rows' column becomes. */
  on: boolean;
  /** The word after the rows that the verb needs ("sign … up", "opt … out"), if any. */
  particle?: string;
  /** The words the column may follow. */
  before: readonly string[];
}

const MEMBERSHIP_VERBS: Readonly<Record<string, readonly MembershipVerb[]>> = {
  subscribe: [{ on: true, before: ["to", "for"] }],
  unsubscribe: [{ on: false, before: ["from"] }],
  add: [{ on: true, before: ["to", "onto"] }],
  remove: [{ on: false, before: ["from", "off"] }],
  drop: [{ on: false, before: ["from", "off"] }],
  enrol: [{ on: true, before: ["in", "on", "for", "into"] }],
  enroll: [{ on: true, before: ["in", "on", "for", "into"] }],
  put: [{ on: true, before: ["on", "onto"] }],
  take: [{ on: false, particle: "off", before: ["off"] }],
  sign: [{ on: true, particle: "up", before: ["for", "to"] }],
  opt: [
    { on: false, particle: "out", before: ["of"] },
    { on: true, particle: "in", before: ["to", "for", "in"] },
    { on: true, before: ["into"] },
  ],
};

/** Words between the preposition and the column: "from the newsletter", "off our list". */
const DETERMINERS = new Set(["the", "our", "their", "a", "its", "his", "her"]);

/** Items that give a new value or a change of their own. */
const ACTION_KINDS = new Set(["to", "amount", "bool", "setText", "goal"]);

/**
 * The same verbs told as news, the rows first: "Lara opted into gift aid", "Ivan has opted out
 * of the newsletter", "Ben signed up for the newsletter".
 */
const PAST_FORMS: Readonly<Record<string, string>> = {
  subscribed: "subscribe",
  unsubscribed: "unsubscribe",
  enrolled: "enrol",
  signed: "sign",
  opted: "opt",
};

const HAVE = new Set(["has", "have", "had", "just"]);

function membership(scan: Scan, clause: LexItem[]): LexItem[] | undefined {
  const norm = (item: LexItem | undefined) => scan.tokens[item?.from ?? -1]?.norm ?? "";
  const flagAt = clause.length - 1;
  const flag = clause[flagAt];
  if (flag?.kind !== "flag" || flag.marker !== null) return undefined;
  const opening = clause.findIndex((item) => item.kind !== "stop");
  const newsAt = clause.findIndex((item, at) => at > opening && PAST_FORMS[norm(item)]);
  const news = !MEMBERSHIP_VERBS[norm(clause[opening])] && newsAt > 0;
  const verbAt = news ? newsAt : opening;
  const verb = clause[verbAt];
  if (!verb || verb.to !== verb.from + 1) return undefined;
  let prepAt = flagAt - 1;
  while (prepAt > verbAt && DETERMINERS.has(norm(clause[prepAt]))) prepAt--;
  for (const reading of MEMBERSHIP_VERBS[news ? PAST_FORMS[norm(verb)] : norm(verb)] ?? []) {
    if (!reading.before.includes(norm(clause[prepAt]))) continue;
    const particleAt = reading.particle
      ? clause.findIndex(
          (item, at) => at > verbAt && at <= prepAt && norm(item) === reading.particle,
        )
      : -1;
    if (reading.particle && particleAt < 0) continue;
    const between = clause
      .slice(verbAt + 1, prepAt)
      .filter((_, at) => at + verbAt + 1 !== particleAt);
    if (news && between.some((item) => item.kind !== "stop")) continue;
    const rows = news ? clause.slice(0, verbAt) : between;
    if (!rows.some((item) => item.kind === "scope" || item.kind === "pronoun")) continue;
    if (rows.some((item) => ACTION_KINDS.has(item.kind) || item.kind === "flag")) continue;
    const value = reading.on ? flag.ref.value : !flag.ref.value;
    return clause.map((item, at): LexItem => {
      if (item === verb)
        return { kind: "verb", verb: "set", word: "set", from: item.from, to: item.to };
      if (item === flag) return { ...flag, ref: { ...flag.ref, value }, marker: "as" };
      const had =
        news && at < verbAt && clause.slice(at, verbAt).every((word) => HAVE.has(norm(word)));
      if (had || at === particleAt || at === prepAt)
        return { kind: "stop", from: item.from, to: item.to };
      return item;
    });
  }
  return undefined;
}

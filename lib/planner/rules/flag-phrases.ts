import type { DatasetProfile } from "@/lib/dataset/types";
import { GRAMMAR_WORDS, normPhrase } from "./grammar-words";
import {
  FLAG_VERBS,
  IN_NEGATED,
  nameForms,
  nameWords,
  STOCK_FALSE,
  STOCK_TRUE,
} from "./name-forms";
import type { FlagRef, Vocabulary } from "./vocabulary";

/** Yes/no words whose opposite is another word rather than "not …" or "un…". */
const OPPOSITES = new Map(
  [
    ["passed", "failed"],
    ["pass", "fail"],
    ["open", "closed"],
    ["enabled", "disabled"],
    ["visible", "hidden"],
    ["present", "absent"],
    ["online", "offline"],
    ["public", "private"],
    ["approved", "rejected"],
    ["won", "lost"],
    ["on loan", "returned"],
    ["borrowed", "returned"],
    ["rented", "returned"],
    ["part time", "full time"],
    ["part timer", "full timer"],
    ["part timers", "full timers"],
  ].flatMap(([a, b]) => [
    [a, b],
    [b, a],
  ]) as [string, string][],
);

/** The other forms of a yes/no column name's leading verb, by the verb as names write it. */
const LEADING_VERBS: Readonly<Record<string, readonly string[]>> = {
  has: ["have", "having"],
  needs: ["need", "needing"],
  requires: ["require", "requiring"],
};

/** "need shade", "needing shade" for needs_shade: the name's verb as a sentence says it. */
function leadingVerbForms(name: string, bare: string): string[] {
  const verb = normPhrase(name).split(" ")[0];
  return (LEADING_VERBS[verb] ?? []).flatMap((form) =>
    nameForms(bare).map((rest) => `${form} ${rest}`),
  );
}

/**
 * The phrases a yes/no column's name gives, and which of them are its leading verb's forms.
 * "Is Active", "has_discount", "needs_shade", "fraud_flag": "active", "discount", "shade" and
 * "fraud" say it too; "part-timers" for a part_time column are the people it describes.
 */
function flagNameForms(name: string): { phrases: string[]; verbForms: Set<string> } {
  // As said, abbreviations spelled out: "is_actv" is "is active".
  const said = nameWords(name).join(" ");
  const bare = said
    .replace(/^(?:is|has|can|needs|requires) (?=\S)/, "")
    .replace(/(?<=\S) (?:flag|flagged|yn)$/, "");
  const verbForms = new Set([
    ...(bare === said ? [] : leadingVerbForms(name, bare)),
    ...requiredForms(said),
  ]);
  const forms = [...nameForms(name), ...(bare === said ? [] : nameForms(bare)), ...verbForms];
  const people = forms
    .filter((form) => / time$/.test(form))
    .flatMap((form) => [`${form}r`, `${form}rs`]);
  return { phrases: [...new Set([...forms, ...people])], verbForms };
}

/** "need a deposit", "requires ID" for deposit_required, id_needed: what the rows must have. */
function requiredForms(said: string): string[] {
  const what = /^(\S.*) (?:required|needed)$/.exec(said)?.[1];
  if (!what) return [];
  const needing = ["need", "needs", "needing", "require", "requires", "requiring"];
  return needing.flatMap((verb) =>
    nameForms(what).flatMap((rest) => [
      `${verb} ${rest}`,
      `${verb} a ${rest}`,
      `${verb} an ${rest}`,
    ]),
  );
}

/** "don't need shade", "does not need shade": a leading verb's form said with its negation. */
const DO_NOT = ["do not", "don't", "dont", "does not", "doesn't", "not"];

/** The phrases that switch a yes/no column: its name, its negations, its verb, stock words. */
export function flagPhraseMap(profile: DatasetProfile, roles: Vocabulary["roles"]) {
  const flagPhrases = new Map<string, FlagRef>();
  for (const column of profile.columns) {
    if (column.type !== "boolean") continue;
    const { phrases, verbForms } = flagNameForms(column.name);
    for (const phrase of phrases) {
      flagPhrases.set(phrase, { column: column.name, value: true });
      const negations = verbForms.has(phrase) ? DO_NOT.map((not) => `${not} ${phrase}`) : [];
      const negatedForms = [`not ${phrase}`, `non ${phrase}`, `no ${phrase}`, `un${phrase}`];
      for (const negated of [...negatedForms, ...negations]) {
        flagPhrases.set(negated, { column: column.name, value: false });
      }
      if (IN_NEGATED.has(phrase))
        flagPhrases.set(`in${phrase}`, { column: column.name, value: false });
    }
    // "students who failed" for passed = false, "closed tickets" for open = false, and "out of
    // service" for in_service = false.
    for (const phrase of phrases) {
      const opposite =
        OPPOSITES.get(phrase) ?? (/^in \S/.test(phrase) ? `out of ${phrase.slice(3)}` : "");
      if (opposite && !flagPhrases.has(opposite)) {
        flagPhrases.set(opposite, { column: column.name, value: false });
      }
    }
    const verbs = FLAG_VERBS[nameWords(column.name).at(-1) ?? ""];
    for (const [forms, value] of verbs
      ? ([
          [verbs.on, true],
          [verbs.off, false],
        ] as const)
      : []) {
      for (const verb of forms) {
        if (!flagPhrases.has(verb))
          flagPhrases.set(verb, { column: column.name, value, verb: true });
      }
    }
  }
  for (const [phrase, ref] of participlesAlone(profile)) {
    if (!flagPhrases.has(phrase)) flagPhrases.set(phrase, ref);
  }
  // "on hold" / "off hold", and a yes/no column named by a past participle can be set by its
  // verb: "discontinue" for discontinued, "allow pets" for pets_allowed.
  for (const [phrase, ref] of [...flagPhrases]) {
    if (phrase.startsWith("on ")) {
      const off = `off ${phrase.slice(3)}`;
      if (!flagPhrases.has(off)) flagPhrases.set(off, { ...ref, value: !ref.value });
    }
    const words = phrase.split(" ");
    const last = words.at(-1) ?? "";
    if (!ref.value || phrase.startsWith("not ") || !/^[a-z]{4,}ed$/.test(last)) continue;
    // "certify" for certified, as "discontinue" for discontinued and "lock" for locked.
    const ied = last.endsWith("ied") ? [`${last.slice(0, -3)}y`] : [];
    for (const stem of [last.slice(0, -1), last.slice(0, -2), ...ied]) {
      const rest = words.slice(0, -1).join(" ");
      for (const verb of rest ? [`${stem} ${rest}`, `${rest} ${stem}`] : [stem]) {
        if (!flagPhrases.has(verb) && !GRAMMAR_WORDS.has(verb)) {
          flagPhrases.set(verb, { ...ref, verb: true });
        }
      }
      // "unblock" for blocked, "unarchive" for archived, "de-escalate" for escalated ("de"
      // joined only to a vowel: "deserve" is no undoing of served).
      const de = /^[aeiou]/.test(stem) ? [`de${stem}`, `de ${stem}`] : [`de ${stem}`];
      for (const undo of rest ? [] : [`un${stem}`, ...de]) {
        if (!flagPhrases.has(undo)) flagPhrases.set(undo, { ...ref, value: false, verb: true });
      }
    }
  }
  withArticles(flagPhrases);
  withParticipleFirst(flagPhrases);
  const stock = roles.stock && "column" in roles.stock ? roles.stock.column : undefined;
  if (stock) {
    for (const phrase of STOCK_TRUE) {
      if (!flagPhrases.has(phrase)) flagPhrases.set(phrase, { column: stock, value: true });
    }
    for (const phrase of STOCK_FALSE) {
      if (!flagPhrases.has(phrase)) flagPhrases.set(phrase, { column: stock, value: false });
    }
  }
  return flagPhrases;
}

const PARTICIPLE = /^(?:[a-z]{2,}(?:ed|en)|paid|sent|done|made|kept|held|met|sold|built|bought)$/;

/**
 * "mark TR-03 as paid", "the deposit for TR-04 has been paid": a yes/no column named by a thing
 * and what was done to it (deposit_paid, invoice_sent, email_verified) is said by the participle
 * alone, when no other yes/no column's name ends with it.
 */
function participlesAlone(profile: DatasetProfile): [string, FlagRef][] {
  const byParticiple = new Map<string, string[]>();
  for (const column of profile.columns) {
    if (column.type !== "boolean") continue;
    const words = nameWords(column.name);
    const last = words.at(-1) ?? "";
    if (words.length !== 2 || !PARTICIPLE.test(last)) continue;
    byParticiple.set(last, [...(byParticiple.get(last) ?? []), column.name]);
  }
  return [...byParticiple].flatMap(([participle, columns]) =>
    columns.length === 1
      ? ([
          [participle, { column: columns[0], value: true }],
          [`not ${participle}`, { column: columns[0], value: false }],
          [`un${participle}`, { column: columns[0], value: false }],
        ] as [string, FlagRef][])
      : [],
  );
}

/**
 * "on the menu", "off the menu", "not in the catalog": a phrase of a preposition and a noun said
 * with "the" between them; and "no longer on the menu", which says the flag is off.
 */
function withArticles(flagPhrases: Map<string, FlagRef>): void {
  for (const [phrase, ref] of [...flagPhrases]) {
    const said = /^((?:not |no )?(?:on|in|off|out of)) (\S.*)$/.exec(phrase);
    const the = said && !said[2].startsWith("the ") ? `${said[1]} the ${said[2]}` : undefined;
    for (const form of the ? [phrase, the] : [phrase]) {
      if (form !== phrase && !flagPhrases.has(form)) flagPhrases.set(form, ref);
      if (
        ref.value &&
        !ref.verb &&
        /^(?:on|in) /.test(form) &&
        !flagPhrases.has(`no longer ${form}`)
      )
        flagPhrases.set(`no longer ${form}`, { ...ref, value: false });
    }
  }
}

/**
 * "Park paid the deposit" for deposit_paid, "sent the email" for email_sent: a name of a noun and
 * a participle, said the other way round, as what the rows did.
 */
function withParticipleFirst(flagPhrases: Map<string, FlagRef>): void {
  for (const [phrase, ref] of [...flagPhrases]) {
    const words = phrase.split(" ");
    if (!ref.value || ref.verb || words.length !== 2 || !PARTICIPLE.test(words[1])) continue;
    const [noun, done] = words;
    for (const said of [`${done} ${noun}`, `${done} the ${noun}`, `${done} their ${noun}`]) {
      if (!flagPhrases.has(said)) flagPhrases.set(said, { ...ref, verb: true });
    }
  }
}

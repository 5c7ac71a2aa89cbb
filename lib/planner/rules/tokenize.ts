import { fold } from "./grammar-words";
import { SHORT_UNITS } from "./name-forms";

/**
 * Splits an instruction into tokens that remember where they came from, so every word the
 * planner cannot place can be quoted back exactly as it was written.
 */

export interface NumberValue {
  value: number;
  /** Written with a currency sign ($, €, £). */
  currency: boolean;
  /** Written with a `%`. */
  percent: boolean;
}

export interface Token {
  index: number;
  kind: "word" | "number" | "quoted" | "punct";
  /** As written (for quoted tokens: the text between the quotes). */
  text: string;
  /** Lower case without accents, curly apostrophes straightened, a possessive `'s` dropped. */
  norm: string;
  /** Offsets into the instruction, end exclusive (quotes included for quoted tokens). */
  start: number;
  end: number;
  /** Whether whitespace separates this token from the previous one. */
  spaceBefore: boolean;
  number?: NumberValue;
}

/**
 * A number: `1,500.50` and `1500`, and as decimal-comma countries write them, `1.250,00` and
 * `4,5` (one or two digits after a comma cannot be a thousands group; read as a list, "4,5%" made
 * two operations of one). Then a percent sign or a k.
 */
const NUMBER =
  /^([$€£]\s?)?(\d{1,3}(?:\.\d{3})+,\d+|\d+,\d{1,2}(?![\d,.])|(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:(\s?%|pct(?![\p{L}\p{N}_]))|([kK])(?![\p{L}\p{N}_]))?/u;

/** The value of NUMBER's digits, whichever mark is the decimal one. */
function numberValue(digits: string): number {
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(digits) || /^\d+,\d{1,2}$/.test(digits)) {
    return Number(digits.replace(/\./g, "").replace(",", "."));
  }
  return Number(digits.replace(/,/g, ""));
}
/** Words written with a period that does not end a sentence: "Dr. Alvarez", "St. James". */
const ABBREVIATIONS = new Set([
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
  "st",
  "mt",
  "jr",
  "sr",
  "no",
  "vs",
  "inc",
  "co",
  "ltd",
  "ave",
  "rd",
]);
const WORD = /^[\p{L}\p{N}_]+(?:['’][\p{L}]+)*/u;
const MULTI_PUNCT = /^(?:>=|<=|!=|=>|=<)/;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  let spaceBefore = true;
  while (position < text.length) {
    const rest = text.slice(position);
    if (/\s/.test(rest[0])) {
      spaceBefore = true;
      position++;
      continue;
    }
    if (isAbbreviationDot(rest, position, tokens.at(-1))) {
      position++;
      continue;
    }
    const read =
      readQuoted(text, position, spaceBefore) ??
      readAddress(position, rest, tokens.at(-1)) ??
      readTime(position, rest) ??
      readShorthand(position, rest) ??
      readNumber(text, position, rest) ??
      readWord(position, rest) ??
      readPunct(position, rest);
    tokens.push({ ...read.token, index: tokens.length, spaceBefore });
    spaceBefore = false;
    position = read.next;
  }
  assignmentsAsTo(tokens);
  singularUnits(tokens);
  return tokens;
}

/** "100 kgs", "5lbs": a short unit after a number, read as its singular, as columns name it. */
function singularUnits(tokens: Token[]): void {
  for (let at = 1; at < tokens.length; at++) {
    const { kind, norm } = tokens[at];
    if (kind !== "word" || tokens[at - 1].kind !== "number" || !norm.endsWith("s")) continue;
    if (SHORT_UNITS.has(norm.slice(0, -1))) tokens[at].norm = norm.slice(0, -1);
  }
}

/** Words that open a change written as an assignment ("set stock=0 if …"). */
const ASSIGNING = new Set(["set", "update", "change", "make"]);
/** Words that start the rows of an assignment ("… where", "… for"). */
const ROWS_START = new Set(["where", "for", "if", "when", "with", "whose"]);

/**
 * "set stock=0 if color is black", "price = 99 for 1001": in a sentence that opens with a set
 * verb, or names its rows after the "=", the first "=" before the rows is "to" (as in SQL's
 * SET … WHERE); elsewhere "stock = 0" says which rows.
 */
function assignmentsAsTo(tokens: Token[]): void {
  let start = 0;
  for (let at = 0; at <= tokens.length; at++) {
    const token = tokens[at];
    if (token && !(token.kind === "punct" && /^[.;!?]$/.test(token.text))) continue;
    const sentence = tokens.slice(start, at);
    start = at + 1;
    const equals = sentence.findIndex((t) => t.kind === "punct" && t.text === "=");
    if (equals <= 0) continue;
    const rowsAt = sentence.findIndex((t) => t.kind === "word" && ROWS_START.has(t.norm));
    if (rowsAt >= 0 && rowsAt < equals) continue;
    if (!ASSIGNING.has(sentence[0].norm) && rowsAt < 0) continue;
    sentence[equals].kind = "word";
    sentence[equals].norm = "to";
  }
}

/** A token read at a position, and where reading goes on. */
interface Read {
  token: Omit<Token, "index" | "spaceBefore">;
  next: number;
}

function readQuoted(text: string, position: number, spaceBefore: boolean): Read | null {
  const quoted = matchQuoted(text, position, spaceBefore);
  if (!quoted) return null;
  const token = {
    kind: "quoted" as const,
    text: quoted.content,
    norm: quoted.content.toLowerCase(),
    start: position,
    end: quoted.end,
  };
  return { token, next: quoted.end };
}

/**
 * Shorthand as people type it in a hurry: "->" and "→" for "to", "w/" and "w/o" for "with" and
 * "without", "x" straight before a number for "times" ("price x1.1"). Each is a word whose
 * normal form is the word it stands for, written as it was.
 */
const SHORTHAND: [RegExp, string][] = [
  [/^(?:->|→)/, "to"],
  [/^w\/o(?![\p{L}\p{N}_])/iu, "without"],
  [/^w\/(?![\p{L}\p{N}_])/iu, "with"],
  [/^x(?=\d+(?:\.\d+)?(?![\p{L}\p{N}_]))/u, "x"],
];

function readShorthand(position: number, rest: string): Read | null {
  for (const [pattern, norm] of SHORTHAND) {
    const found = pattern.exec(rest);
    if (!found) continue;
    const token = wordToken(position, found[0], norm);
    return { token, next: token.end };
  }
  return null;
}

/**
 * An email or web address after "to" ("… to ruth@new.com", "… to https://acme.io/x"): a new
 * value as written, read as if quoted, not as words and dots. Elsewhere an address is read as
 * the words of a value the table holds ("move ana@acme.com to Ops").
 */
function readAddress(position: number, rest: string, previous: Token | undefined): Read | null {
  if (previous?.norm !== "to") return null;
  const address =
    /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u.exec(rest) ??
    /^(?:https?:\/\/|www\.)[^\s"'<>]+[^\s"'<>.,;:!?)]/u.exec(rest);
  if (!address) return null;
  const raw = address[0];
  const token = { kind: "quoted" as const, text: raw, norm: raw.toLowerCase(), start: position };
  return { token: { ...token, end: position + raw.length }, next: position + raw.length };
}

/** A time of day ("21:15", "9:30"): one word, as a column of times holds it. */
function readTime(position: number, rest: string): Read | null {
  const time = /^\d{1,2}:\d{2}(?::\d{2})?(?![\p{L}\p{N}_:])/u.exec(rest);
  if (!time) return null;
  const token = wordToken(position, time[0], time[0]);
  return { token, next: token.end };
}

/** A word token for `raw` at `position`. */
function wordToken(position: number, raw: string, norm: string) {
  return { kind: "word" as const, text: raw, norm, start: position, end: position + raw.length };
}

/** "1.2M", "$3m": millions, in capitals or after a currency sign (a lone "5m" may be metres). */
const MILLIONS = /^M(?![\p{L}\p{N}_])/u;
const SIGNED_MILLIONS = /^[mM](?![\p{L}\p{N}_])/u;

function readNumber(text: string, position: number, rest: string): Read | null {
  const number = NUMBER.exec(rest);
  if (!number) return null;
  const scaled = number[3] !== undefined || number[4] !== undefined;
  const millions = scaled
    ? null
    : (number[1] ? SIGNED_MILLIONS : MILLIONS).exec(rest.slice(number[0].length));
  // "1.5x": the x is a word of its own (times), the number stays whole; so is a unit written
  // against its number ("over 250kg").
  const after = rest.slice(number[0].length + (millions ? 1 : 0));
  if (WORD_CHAR.test(after[0] ?? "") && !/^x(?![\p{L}\p{N}_])/u.test(after) && !unitAt(after))
    return null;
  const raw = number[0] + (millions ? millions[0] : "");
  const token = {
    kind: "number" as const,
    text: raw,
    norm: raw.toLowerCase(),
    start: position,
    end: position + raw.length,
    number: {
      // "2k", "1.5k": thousands, as people write salaries and mileages.
      value: numberValue(number[2]) * (number[4] ? 1000 : millions ? 1_000_000 : 1),
      currency: number[1] !== undefined,
      percent: number[3] !== undefined,
    },
  };
  // "SUB-0050's fee": a possessive after a number or key is dropped, as after a word.
  const possessive = /^['’]s\b/.exec(text.slice(token.end));
  return { token, next: token.end + (possessive ? possessive[0].length : 0) };
}

/** Whether `text` opens with a short unit and nothing more ("kg" of "250kg", "lbs", "p"). */
function unitAt(text: string): boolean {
  const word = /^\p{L}+(?![\p{L}\p{N}_])/u.exec(text)?.[0].toLowerCase();
  if (word === undefined) return false;
  // "2p": pence.
  return (
    word === "p" ||
    SHORT_UNITS.has(word) ||
    (word.endsWith("s") && SHORT_UNITS.has(word.slice(0, -1)))
  );
}

function readWord(position: number, rest: string): Read | null {
  const word = WORD.exec(rest);
  if (!word) return null;
  const raw = word[0];
  const straight = fold(raw.replace(/’/g, "'"));
  const norm = straight.endsWith("'s") && straight.length > 2 ? straight.slice(0, -2) : straight;
  const token = wordToken(position, raw, norm);
  // "customers' tickets": the apostrophe of a plural possessive is dropped with it.
  const pluralPossessive = /s$/i.test(raw) && /^['’](?![\p{L}\p{N}])/u.test(rest.slice(raw.length));
  return { token, next: token.end + (pluralPossessive ? 1 : 0) };
}

function readPunct(position: number, rest: string): Read {
  const punct = MULTI_PUNCT.exec(rest)?.[0] ?? rest[0];
  const token = {
    kind: "punct" as const,
    text: punct,
    norm: punct.replace("=>", ">=").replace("=<", "<="),
    start: position,
    end: position + punct.length,
  };
  return { token, next: token.end };
}

/** The dot of "approx." or "St." before more words: not the end of a sentence. */
function isAbbreviationDot(rest: string, position: number, previous: Token | undefined): boolean {
  return (
    rest[0] === "." &&
    previous?.kind === "word" &&
    previous.end === position &&
    ABBREVIATIONS.has(previous.norm) &&
    /^\.\s+\p{L}/u.test(rest)
  );
}

const QUOTE_PAIRS: Record<string, string> = { '"': '"', "“": "”", "‘": "’", "'": "'" };

/** A quoted string starting at `position`; single quotes only at the start of a word. */
function matchQuoted(
  text: string,
  position: number,
  spaceBefore: boolean,
): { content: string; end: number } | undefined {
  const open = text[position];
  const close = QUOTE_PAIRS[open];
  if (close === undefined) return undefined;
  if ((open === "'" || open === "‘") && !spaceBefore && position > 0) return undefined;
  const closing = text.indexOf(close, position + 1);
  if (closing <= position + 1) return undefined;
  // A closing single quote must end a word ("'yoga mat'", not "don't").
  if ((close === "'" || close === "’") && WORD_CHAR.test(text[closing + 1] ?? "")) return undefined;
  return { content: text.slice(position + 1, closing), end: closing + 1 };
}

/** Tokens `from`..`to` (exclusive) as the instruction wrote them. */
export function sourceText(instruction: string, tokens: Token[], from: number, to: number): string {
  if (to <= from) return "";
  return instruction.slice(tokens[from].start, tokens[to - 1].end);
}

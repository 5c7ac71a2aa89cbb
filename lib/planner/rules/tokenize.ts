import { fold } from "./grammar-words";

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

const NUMBER =
  /^([$€£]\s?)?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:(\s?%)|([kK])(?![\p{L}\p{N}_]))?/u;
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

  const push = (token: Omit<Token, "index" | "spaceBefore">) => {
    tokens.push({ ...token, index: tokens.length, spaceBefore });
    spaceBefore = false;
  };

  while (position < text.length) {
    const rest = text.slice(position);
    const char = rest[0];

    if (/\s/.test(char)) {
      spaceBefore = true;
      position++;
      continue;
    }

    const quoted = matchQuoted(text, position, spaceBefore);
    if (quoted) {
      push({
        kind: "quoted",
        text: quoted.content,
        norm: quoted.content.toLowerCase(),
        start: position,
        end: quoted.end,
      });
      position = quoted.end;
      continue;
    }

    const number = NUMBER.exec(rest);
    if (number && !WORD_CHAR.test(rest[number[0].length] ?? "")) {
      const raw = number[0];
      push({
        kind: "number",
        text: raw,
        norm: raw.toLowerCase(),
        start: position,
        end: position + raw.length,
        number: {
          // "2k", "1.5k": thousands, as people write salaries and mileages.
          value: Number(number[2].replace(/,/g, "")) * (number[4] ? 1000 : 1),
          currency: number[1] !== undefined,
          percent: number[3] !== undefined,
        },
      });
      position += raw.length;
      // "SUB-0050's fee": a possessive after a number or key is dropped, as after a word.
      const possessive = /^['’]s\b/.exec(text.slice(position));
      if (possessive) position += possessive[0].length;
      continue;
    }

    const word = WORD.exec(rest);
    if (word) {
      const raw = word[0];
      const straight = fold(raw.replace(/’/g, "'"));
      const norm =
        straight.endsWith("'s") && straight.length > 2 ? straight.slice(0, -2) : straight;
      push({ kind: "word", text: raw, norm, start: position, end: position + raw.length });
      position += raw.length;
      continue;
    }

    const previous = tokens.at(-1);
    if (
      char === "." &&
      previous?.kind === "word" &&
      previous.end === position &&
      ABBREVIATIONS.has(previous.norm) &&
      /^\.\s+\p{L}/u.test(rest)
    ) {
      position++;
      continue;
    }

    const punct = MULTI_PUNCT.exec(rest)?.[0] ?? char;
    push({
      kind: "punct",
      text: punct,
      norm: punct.replace("=>", ">=").replace("=<", "<="),
      start: position,
      end: position + punct.length,
    });
    position += punct.length;
  }
  return tokens;
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

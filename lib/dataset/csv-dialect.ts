/**
 * Which character separates the fields of a file. Excel writes semicolons where the decimal
 * separator is a comma (much of Europe), databases and spreadsheets export tabs, and some
 * systems pipes; people do not say which, so the file says it.
 */
export const DELIMITERS = [",", ";", "\t", "|"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export const DELIMITER_NAMES: Record<Delimiter, string> = {
  ",": "comma",
  ";": "semicolon",
  "\t": "tab",
  "|": "pipe",
};

export function isDelimiter(value: unknown): value is Delimiter {
  return typeof value === "string" && (DELIMITERS as readonly string[]).includes(value);
}

/** Lines and characters looked at: enough to be sure, little enough to be instant on 1 GB. */
const SAMPLE_LINES = 50;
export const DELIMITER_SAMPLE_CHARS = 32_768;

/**
 * The delimiter of CSV text whose header starts at `start`. A candidate must appear in the
 * header (outside quotes), since a header of one column has nothing to separate; among those,
 * the one that splits the most sampled lines into as many fields as the header wins, then the
 * one that splits the header most, then the order of `DELIMITERS`. A decimal comma in a
 * semicolon file never wins: the header has no comma. Deterministic: the same text, the same
 * answer.
 */
export function detectDelimiter(text: string, start = 0): Delimiter {
  const lines = sampleLines(text, start);
  if (lines.length === 0) return ",";
  let best: Delimiter = ",";
  let bestScore = -1;
  let bestWidth = 0;
  for (const delimiter of DELIMITERS) {
    const code = delimiter.charCodeAt(0);
    const width = countOutsideQuotes(lines[0], code);
    if (width === 0) continue;
    let agreeing = 0;
    for (let index = 1; index < lines.length; index++) {
      if (countOutsideQuotes(lines[index], code) === width) agreeing++;
    }
    if (agreeing > bestScore || (agreeing === bestScore && width > bestWidth)) {
      best = delimiter;
      bestScore = agreeing;
      bestWidth = width;
    }
  }
  return best;
}

/**
 * The first lines from `start`, blank ones skipped. A quoted field may hold a line break, so
 * lines are split outside quotes only; the last line is dropped when the sample cut it short.
 */
function sampleLines(text: string, start: number): string[] {
  const end = Math.min(text.length, start + DELIMITER_SAMPLE_CHARS);
  const lines: string[] = [];
  let quoted = false;
  let lineStart = start;
  for (let at = start; at < end && lines.length < SAMPLE_LINES; at++) {
    const c = text.charCodeAt(at);
    if (c === 34) quoted = !quoted;
    else if (!quoted && (c === 10 || c === 13)) {
      if (text.slice(lineStart, at).trim() !== "") lines.push(text.slice(lineStart, at));
      lineStart = at + 1;
    }
  }
  if (lines.length < SAMPLE_LINES && end === text.length && !quoted) {
    const last = text.slice(lineStart, end);
    if (last.trim() !== "") lines.push(last);
  }
  return lines;
}

function countOutsideQuotes(line: string, code: number): number {
  let count = 0;
  let quoted = false;
  for (let at = 0; at < line.length; at++) {
    const c = line.charCodeAt(at);
    if (c === 34) quoted = !quoted;
    else if (!quoted && c === code) count++;
  }
  return count;
}

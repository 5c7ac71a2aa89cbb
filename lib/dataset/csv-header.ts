import { DELIMITER_NAMES, type Delimiter } from "./csv-dialect";
import { CsvError } from "./csv-error";
import { skipEmptyLines } from "./csv-scan";

/**
 * Reading a CSV's header and, where the fast scan cannot, a record field by field; field text
 * with its quotes taken off; and physical line numbers for messages (csv.ts).
 */

// A local constant, not an import: see the note on the character codes in csv.ts.
const QUOTE = 34;
const LF = 10;
const CR = 13;

export interface HeaderRead {
  names: string[];
  end: number;
  next: number;
}

/**
 * The most columns a table has, and the longest column name: beyond them a file is not a table
 * someone reviews cell by cell, and a header of a million names would take the server's memory.
 */
export const MAX_COLUMNS = 1_000;
export const MAX_HEADER_NAME_CHARS = 1_000;

export function readHeader(
  text: string,
  start: number,
  line: number,
  delimiter: number,
): HeaderRead {
  const record = readRecordSlow(text, start, line, delimiter, MAX_COLUMNS);
  const names = record.fields.map(([from, to]) => fieldValue(text, from, to).trim());
  names.forEach((name, index) => {
    if (name.length > MAX_HEADER_NAME_CHARS) {
      throw new CsvError(
        "long_header",
        `Line ${line}: the name of column ${index + 1} is longer than ${MAX_HEADER_NAME_CHARS.toLocaleString("en-US")} characters. Is the first line really the header?`,
        line,
      );
    }
  });
  const seen = new Map<string, number>();
  names.forEach((name, index) => {
    // Excel writes "a,b,c," and a comma after every row: a last column without a name is kept
    // as it is, as long as nothing is written in it (`checkUnnamedColumn`).
    if (name === "" && index === names.length - 1 && index > 0) return;
    if (name === "") {
      throw new CsvError(
        "empty_header",
        names.length === 1
          ? `Line ${line}: the header is empty.`
          : `Line ${line}: column ${index + 1} of the header has no name. Every column needs a name in the header line; add one and upload again.`,
        line,
      );
    }
    const first = seen.get(name);
    if (first !== undefined) {
      throw new CsvError(
        "duplicate_header",
        `Line ${line}: column '${name}' appears twice in the header (columns ${first + 1} and ${index + 1}).`,
        line,
      );
    }
    seen.set(name, index);
  });
  return { names, end: record.end, next: record.next };
}

export interface RecordRead {
  fields: Array<[number, number]>;
  /** Offset just after the last field. */
  end: number;
  /** Offset of the next record (line breaks and blank lines skipped). */
  next: number;
}

/**
 * Reads one record field by field. Used for the header and to describe a bad row; rows go
 * through the faster scans of csv-scan.ts and csv-scan-bytes.ts.
 */
function readRecordSlow(
  text: string,
  start: number,
  line: number,
  delimiter: number,
  maxFields = Number.POSITIVE_INFINITY,
): RecordRead {
  const n = text.length;
  const fields: Array<[number, number]> = [];
  let pos = start;
  for (;;) {
    const fieldFrom = pos;
    if (text.charCodeAt(pos) === QUOTE) {
      pos = closingQuote(text, pos);
      if (pos < 0) throw unterminatedQuote(line);
      pos++;
      const after = text.charCodeAt(pos);
      if (pos < n && after !== delimiter && after !== LF && after !== CR) {
        throw textAfterQuote(line, fields.length + 1);
      }
    } else {
      while (pos < n) {
        const c = text.charCodeAt(pos);
        if (c === delimiter || c === LF || c === CR) break;
        pos++;
      }
    }
    fields.push([fieldFrom, pos]);
    if (fields.length > maxFields) {
      throw new CsvError(
        "too_many_columns",
        `Line ${line}: the header has more than ${maxFields.toLocaleString("en-US")} columns, the most a table can have. Split the file, or check that it is separated by ${delimiterName(delimiter)}s.`,
        line,
      );
    }
    if (pos < n && text.charCodeAt(pos) === delimiter) {
      pos++;
      continue;
    }
    return { fields, end: pos, next: skipEmptyLines(text, pos, delimiter) };
  }
}

function delimiterName(code: number): string {
  return DELIMITER_NAMES[String.fromCharCode(code) as Delimiter] ?? "comma";
}

/** Offset of the quote that closes the quoted field opening at `open`, or -1 when none does. */
function closingQuote(text: string, open: number): number {
  let pos = open + 1;
  for (;;) {
    const q = text.indexOf('"', pos);
    if (q < 0 || text.charCodeAt(q + 1) !== QUOTE) return q;
    pos = q + 2;
  }
}

export function unterminatedQuote(line: number): CsvError {
  return new CsvError(
    "unterminated_quote",
    `Line ${line}: a quoted field starts here but its closing quote is missing.`,
    line,
  );
}

export function textAfterQuote(line: number, field: number): CsvError {
  return new CsvError(
    "invalid_quote",
    `Line ${line}: field ${field} has text after its closing quote; quote the whole field and write a quote inside it as "".`,
    line,
  );
}

/** A field's value from its raw text range. */
export function fieldValue(text: string, start: number, end: number): string {
  return text.charCodeAt(start) === QUOTE ? unquote(text, start, end) : text.slice(start, end);
}

export function unquote(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.includes('"') ? inner.replaceAll('""', '"') : inner;
}

// ── Line numbers ────────────────────────────────────────────────────────────────────────────────

/** Offsets of every line break (the LF of a CRLF, a lone LF, a lone CR), ascending. */
export function findLineBreaks(text: string): Int32Array {
  const breaks: number[] = [];
  if (!text.includes("\r")) {
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) breaks.push(at);
  } else {
    for (let at = 0; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c === LF || (c === CR && text.charCodeAt(at + 1) !== LF)) breaks.push(at);
    }
  }
  return Int32Array.from(breaks);
}

/** 1-based physical line of a text offset (counted only for a message). */
export function lineOfText(text: string, offset: number): number {
  let line = 1;
  for (let at = 0; at < offset; at++) {
    const c = text.charCodeAt(at);
    if (c === LF || (c === CR && text.charCodeAt(at + 1) !== LF)) line++;
  }
  return line;
}

export function countBelow(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

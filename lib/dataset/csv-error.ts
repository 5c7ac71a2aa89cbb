/** Why a CSV file cannot be read, with the line it is on (csv.ts). */

export type CsvErrorCode =
  | "empty_file"
  | "not_utf8"
  | "ragged_row"
  | "unterminated_quote"
  | "invalid_quote"
  | "duplicate_header"
  | "empty_header"
  | "too_many_columns"
  | "long_header"
  | "duplicate_key"
  | "empty_key"
  | "unknown_key_column"
  | "no_key_column";

export class CsvError extends Error {
  readonly code: CsvErrorCode;
  /** 1-based physical line of the file the problem is on, when it is on one. */
  readonly line: number | null;

  constructor(code: CsvErrorCode, message: string, line: number | null = null) {
    super(message);
    this.name = "CsvError";
    this.code = code;
    this.line = line;
  }
}

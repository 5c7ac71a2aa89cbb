/**
 * The dataset profile: what Signoff knows about a table's columns. It is computed from the CSV
 * (`profileDataset`), stored with the dataset as JSON, and read by validation, the planners and
 * the UI. Everything here is plain data so it survives a JSON round trip unchanged.
 */

export type ColumnType = "number" | "integer" | "boolean" | "text" | "date";

/** How a boolean column spells its values, so written cells match the column's own style. */
export type BooleanStyle =
  | "Y/N"
  | "y/n"
  | "true/false"
  | "TRUE/FALSE"
  | "True/False"
  | "yes/no"
  | "Yes/No"
  | "YES/NO"
  | "1/0";

export interface ColumnProfile {
  name: string;
  /** Position in the header, 0-based. */
  index: number;
  type: ColumnType;
  /** Rows whose cell is empty (after trimming). */
  emptyCount: number;
  /** Number of distinct non-empty values (exact). */
  distinctCount: number;
  /**
   * Distinct non-empty values, sorted, when the column has few of them (a category-like column).
   * Absent for high-cardinality columns.
   */
  distinctValues?: string[];
  /** For number/integer/date columns: smallest and largest value as they appear in the data. */
  min?: string;
  max?: string;
  /** For boolean columns: the spelling used in the data. */
  booleanStyle?: BooleanStyle;
  /** For number columns: the most common count of decimals (2 for prices like 19.99). */
  decimals?: number;
  /**
   * For number columns: the most decimals any value has (2 for prices written in cents, 12 for
   * 0.980268513777). A result keeps it unless the plan rounds otherwise.
   */
  scale?: number;
}

/**
 * Where the seed shorthand lands in this dataset: `categories` → category, `in_stock` → stock,
 * `skus` → key, `price_*` and price actions → price. A role is absent when no column fits.
 */
export interface ShorthandMapping {
  key: string;
  category?: string;
  stock?: string;
  price?: string;
}

export type ShorthandRole = keyof ShorthandMapping;

export interface DatasetProfile {
  columns: ColumnProfile[];
  rowCount: number;
  keyColumn: string;
  shorthand: ShorthandMapping;
  /**
   * Roles that more than one column could fill equally well (e.g. `price` and `list_price`).
   * Using that shorthand is an error until the user picks a column.
   */
  ambiguousShorthand?: Partial<Record<ShorthandRole, string[]>>;
  /** A few rows (as raw cell strings, header order) for the planner prompt and the UI. */
  sampleRows: string[][];
  /**
   * The field separator chosen by hand at upload, when the one read from the file was not the
   * right one; every version of the dataset is then read with it. Absent: read from the file.
   */
  delimiter?: "," | ";" | "\t" | "|";
}

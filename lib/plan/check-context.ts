import { normalizeColumnName, SHORTHAND_SYNONYMS, SHORTHAND_TYPES } from "@/lib/dataset/shorthand";
import type { ColumnProfile, DatasetProfile, ShorthandRole } from "@/lib/dataset/types";
import {
  booleanOf,
  columnTypeWords,
  describeValue,
  isNumericColumn,
  numberOf,
} from "./column-values";
import { type PlanIssue, type PlanIssueCode, type PlanPath, planIssue } from "./issues";
import type { Scalar } from "./schema";
import { countWord, resolveShorthand, SHORTHAND_ROLE_NOUN } from "./shorthand";
import { didYouMean, didYouMeanText, quoteList } from "./suggest";

/**
 * The values of a column as validation reads them: membership, and the values themselves only
 * for a suggestion after a miss. A Set fits; so does a view over a table's key index, which
 * spares building a Set of a million keys.
 */
export interface KnownValues {
  has(value: string): boolean;
  readonly size: number;
  [Symbol.iterator](): Iterator<string>;
}

export interface ValidatePlanOptions {
  /**
   * Every key of the dataset. The profile lists distinct values only for low-cardinality
   * columns, so without this unknown keys in `skus` (or conditions on the key column) can only
   * be reported when the table is small.
   */
  knownKeys?: KnownValues;
}

/** Whether a condition asks for rows that have a value (eq, in) or rows that do not. */
export type Polarity = "include" | "exclude";

/**
 * What the checks share: the profile, the issues found so far and the lookups every check needs
 * (a column by name, a shorthand role's column, whether a value occurs in a column).
 */
export class CheckContext {
  readonly issues: PlanIssue[] = [];
  private readonly columns: Map<string, ColumnProfile>;

  constructor(
    readonly profile: DatasetProfile,
    readonly options: ValidatePlanOptions = {},
  ) {
    this.columns = new Map(profile.columns.map((column) => [column.name, column]));
  }

  report(code: PlanIssueCode, path: PlanPath, detail: string, suggestion?: string): void {
    this.issues.push(planIssue(code, path, detail, suggestion));
  }

  /** The column called `name`, or undefined after reporting it as unknown at `path`. */
  column(name: string, path: PlanPath): ColumnProfile | undefined {
    const column = this.columns.get(name);
    if (column) return column;
    const names = this.profile.columns.map((candidate) => candidate.name);
    const suggestion = didYouMean(name, names);
    const detail = suggestion
      ? `no column ${q(name)} in this dataset${didYouMeanText(suggestion)}`
      : `no column ${q(name)} in this dataset; its columns are ${quoteList(names, 12)}`;
    this.report("unknown_column", path, detail, suggestion);
    return undefined;
  }

  /**
   * The column a shorthand role maps to, or undefined after reporting why it does not map.
   * `fix` says what to write instead, for each of the two reasons.
   */
  shorthandColumn(
    role: ShorthandRole,
    path: PlanPath,
    fix: { ambiguous: string; missing: string },
  ): ColumnProfile | undefined {
    const resolution = resolveShorthand(this.profile, role);
    const noun = SHORTHAND_ROLE_NOUN[role];
    if (resolution.ok) return this.columns.get(resolution.column);
    if (resolution.reason === "ambiguous") {
      const names = resolution.candidates;
      this.report(
        "shorthand_ambiguous",
        path,
        `this dataset has ${countWord(names.length)} ${noun}-like columns (${names.join(", ")}); ${fix.ambiguous}`,
      );
      return undefined;
    }
    this.report(
      "shorthand_unmapped",
      path,
      `this dataset has no ${noun} column${this.whyNotMapped(role)}; ${fix.missing}`,
    );
    return undefined;
  }

  /**
   * Why a column named like the role (`price`) does not fill it: its type does not fit, e.g. a
   * price column with a cell that is not a number profiles as text. "" when there is none.
   */
  private whyNotMapped(role: ShorthandRole): string {
    if (role === "key") return "";
    const named = this.profile.columns.find(
      (column) =>
        SHORTHAND_SYNONYMS[role].includes(normalizeColumnName(column.name)) &&
        !SHORTHAND_TYPES[role].includes(column.type),
    );
    if (!named) return "";
    // number and integer both fill the price role: "numbers" says it.
    const needs = columnTypeWords(SHORTHAND_TYPES[role][0]);
    return ` (${q(named.name)} holds ${columnTypeWords(named.type)}, not only ${needs})`;
  }

  isCategoryColumn(column: ColumnProfile): boolean {
    const resolution = resolveShorthand(this.profile, "category");
    return resolution.ok && resolution.column === column.name;
  }

  isKeyColumn(column: ColumnProfile): boolean {
    return column.name === this.profile.keyColumn;
  }

  /** The values a column is known to hold, or undefined when the profile does not list them. */
  knownValues(column: ColumnProfile): KnownValues | undefined {
    if (this.isKeyColumn(column) && this.options.knownKeys) return this.options.knownKeys;
    return column.distinctValues ? new Set(column.distinctValues) : undefined;
  }

  /**
   * Report a value that no row holds. With `include` polarity (eq, in, the shorthand lists) the
   * condition then matches nothing, which is almost always a typo: an error with a suggestion.
   * With `exclude` polarity (neq, not_in) it excludes nothing: a warning.
   */
  checkMembership(column: ColumnProfile, value: Scalar, path: PlanPath, polarity: Polarity): void {
    const known = this.knownValues(column);
    if (!known) return;
    const quoted = describeValue(value);

    if (column.type === "boolean" || isNumericColumn(column)) {
      // Compare as typed values: 15 matches "15.00", "yes" matches "true".
      const parse = column.type === "boolean" ? booleanOf : numberOf;
      const wanted = parse(value);
      if (wanted === undefined) return; // reported as a type mismatch
      if ([...known].some((cell) => parse(cell) === wanted)) return;
      this.report(
        polarity === "include" ? "filter_matches_nothing" : "condition_no_effect",
        path,
        `no row has ${q(column.name)} = ${quoted}, so this ${polarity === "include" ? "matches no rows" : "has no effect"}`,
      );
      return;
    }

    const text = String(value);
    if (known.has(text)) return;
    const suggestion = didYouMean(text, known);
    const missing = this.isCategoryColumn(column)
      ? `no category ${quoted} in this dataset`
      : this.isKeyColumn(column)
        ? `no row with ${column.name} ${quoted} in this dataset`
        : `no row has ${q(column.name)} = ${quoted}`;
    const hint =
      suggestion !== undefined
        ? didYouMeanText(suggestion)
        : known.size <= 12 && !this.isKeyColumn(column)
          ? `; the values are ${quoteList([...known], 12)}`
          : "";
    if (polarity === "exclude") {
      this.report(
        "condition_no_effect",
        path,
        `${missing}, so this condition has no effect${hint}`,
        suggestion,
      );
      return;
    }
    const code = this.isCategoryColumn(column)
      ? "unknown_category"
      : this.isKeyColumn(column)
        ? "unknown_row_key"
        : "unknown_value";
    this.report(code, path, `${missing}${hint}`, suggestion);
  }

  /** `"name" holds text`, for messages about an operation that needs another type. */
  holds(column: ColumnProfile): string {
    return `${q(column.name)} holds ${columnTypeWords(column.type)}`;
  }
}

export function q(text: string): string {
  return JSON.stringify(text);
}

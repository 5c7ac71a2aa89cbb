import { type ColumnRole, mapShorthand, SHORTHAND_TYPES } from "./shorthand";
import type { DatasetProfile } from "./types";

/**
 * The user's picks for the shorthand mapping when confirming an upload: a column name, or null
 * for "this dataset has no such column". A role left out keeps the profile's own mapping.
 */
export type ShorthandChoice = Partial<Record<ColumnRole, string | null>>;

export const COLUMN_ROLES: readonly ColumnRole[] = ["category", "stock", "price"];

/** Columns whose type can fill each role, in header order. */
export function shorthandCandidates(profile: DatasetProfile): Record<ColumnRole, string[]> {
  const byRole = {} as Record<ColumnRole, string[]>;
  for (const role of COLUMN_ROLES) {
    byRole[role] = profile.columns
      .filter((column) => SHORTHAND_TYPES[role].includes(column.type))
      .map((column) => column.name);
  }
  return byRole;
}

/** Columns that can be the key: a value in every row, no two rows alike. */
export function keyCandidates(profile: DatasetProfile): string[] {
  return profile.columns
    .filter((column) => column.emptyCount === 0 && column.distinctCount === profile.rowCount)
    .map((column) => column.name);
}

/**
 * The profile with the user's key column and shorthand picks applied. Throws a plain Error naming
 * the problem when a pick does not fit (unknown column, wrong type); callers map it to their
 * boundary's error.
 */
export function applyShorthandChoice(
  profile: DatasetProfile,
  choice: ShorthandChoice = {},
): DatasetProfile {
  const candidates = shorthandCandidates(profile);
  const picks: Partial<Record<ColumnRole, string>> = {};
  for (const role of COLUMN_ROLES) {
    const pick = choice[role];
    if (pick === undefined || pick === null) continue;
    if (!candidates[role].includes(pick)) {
      const column = profile.columns.find((c) => c.name === pick);
      throw new Error(
        column
          ? `Column '${pick}' holds ${column.type} values; the ${role} shorthand needs ${SHORTHAND_TYPES[role].join(" or ")} values.`
          : `There is no column '${pick}' for the ${role} shorthand.`,
      );
    }
    picks[role] = pick;
  }
  const mapped = mapShorthand(profile.columns, profile.keyColumn, picks);
  const shorthand = { ...mapped.shorthand };
  const ambiguous = { ...mapped.ambiguousShorthand };
  for (const role of COLUMN_ROLES) {
    if (choice[role] === null) {
      delete shorthand[role];
      delete ambiguous[role];
    }
  }
  const { ambiguousShorthand: _previous, ...rest } = profile;
  return Object.keys(ambiguous).length > 0
    ? { ...rest, shorthand, ambiguousShorthand: ambiguous }
    : { ...rest, shorthand };
}

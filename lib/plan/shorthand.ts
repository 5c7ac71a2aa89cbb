import type { DatasetProfile, ShorthandRole } from "@/lib/dataset/types";

/**
 * Where the seed shorthand of a plan lands in a dataset (docs/plan-format.md): `categories` →
 * the category column, `in_stock` → the stock boolean, `skus` → the key column, `price_*` and the
 * price actions → the price column. The mapping is the profile's; this only reads it.
 */

export type ShorthandResolution =
  | { ok: true; column: string }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "ambiguous"; candidates: string[] };

/**
 * The column a shorthand role maps to. A role the profile lists as ambiguous (two or more columns
 * fit equally well) does not resolve, even when the profile also names a first pick: the user has
 * to choose. The key role always resolves to the key column.
 */
export function resolveShorthand(
  profile: DatasetProfile,
  role: ShorthandRole,
): ShorthandResolution {
  if (role === "key") return { ok: true, column: profile.keyColumn };
  const candidates = profile.ambiguousShorthand?.[role];
  if (candidates && candidates.length > 1) return { ok: false, reason: "ambiguous", candidates };
  const column = profile.shorthand[role];
  if (column !== undefined) return { ok: true, column };
  return { ok: false, reason: "missing" };
}

/** How a role is named in messages: "category", "stock", "price", "key". */
export const SHORTHAND_ROLE_NOUN: Record<ShorthandRole, string> = {
  key: "key",
  category: "category",
  stock: "in-stock",
  price: "price",
};

const COUNT_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

export function countWord(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}

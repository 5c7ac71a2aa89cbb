import type { ColumnProfile, ColumnType, ShorthandMapping, ShorthandRole } from "./types";

/**
 * Which columns the seed shorthand (`categories`, `in_stock`, `price_*`, price actions) lands on.
 * A column fits a role when its normalised name is one of the role's synonyms and its type suits
 * the role. Every synonym fits equally well: a table with both `price` and `sale_price` is
 * ambiguous, because "raise prices" could mean either, and the user must choose.
 */

export type ColumnRole = Exclude<ShorthandRole, "key">;

/** Column names (normalised: lower case, spaces and hyphens as `_`) that fill each role. */
export const SHORTHAND_SYNONYMS: Readonly<Record<ColumnRole, readonly string[]>> = {
  // With the names a table exported in German, French, Spanish, Italian, Dutch or Portuguese
  // gives them (the files that come with semicolons and decimal commas).
  category: [
    "category",
    "categories",
    "genre",
    "type",
    "department",
    "group",
    "collection",
    "kategorie",
    "warengruppe",
    "catégorie",
    "categorie",
    "categoría",
    "categoria",
  ],
  stock: [
    "in_stock",
    "instock",
    "available",
    "availability",
    "in_stock_flag",
    "active",
    "verfügbar",
    "lieferbar",
    "auf_lager",
    "disponible",
    "en_stock",
    "disponibile",
    "beschikbaar",
    "op_voorraad",
    "disponível",
  ],
  price: [
    "price",
    "list_price",
    "unit_price",
    "sale_price",
    "retail_price",
    "amount",
    "preis",
    "verkaufspreis",
    "prix",
    "precio",
    "prezzo",
    "prijs",
    "preço",
  ],
};

/** Column types that can fill each role. */
export const SHORTHAND_TYPES: Readonly<Record<ColumnRole, readonly ColumnType[]>> = {
  category: ["text"],
  stock: ["boolean"],
  price: ["number", "integer"],
};

/** "In Stock" → "in_stock", "List-Price" → "list_price". */
export function normalizeColumnName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Whether a column's name is one of a role's synonyms. */
function namedFor(role: ColumnRole, name: string): boolean {
  return SHORTHAND_SYNONYMS[role].includes(normalizeColumnName(name));
}

/**
 * The shorthand as a header's names alone suggest it, before any value is read: each role's one
 * column whose name fits (whether its values suit the role is not known yet).
 */
export function shorthandByNames(header: readonly string[]): Partial<Record<ColumnRole, string>> {
  const mapped: Partial<Record<ColumnRole, string>> = {};
  for (const role of Object.keys(SHORTHAND_SYNONYMS) as ColumnRole[]) {
    const fits = header.filter((name) => namedFor(role, name));
    if (fits.length === 1) mapped[role] = fits[0];
  }
  return mapped;
}

export interface ShorthandResult {
  shorthand: ShorthandMapping;
  ambiguousShorthand?: Partial<Record<ShorthandRole, string[]>>;
}

/**
 * The shorthand mapping for a table's columns. `chosen` holds the user's picks, which win over
 * the synonyms (a pick of a column that does not exist is ignored).
 */
export function mapShorthand(
  columns: readonly ColumnProfile[],
  keyColumn: string,
  chosen: Partial<Record<ColumnRole, string>> = {},
): ShorthandResult {
  const shorthand: ShorthandMapping = { key: keyColumn };
  const ambiguous: Partial<Record<ShorthandRole, string[]>> = {};
  for (const role of Object.keys(SHORTHAND_SYNONYMS) as ColumnRole[]) {
    const pick = chosen[role];
    if (pick !== undefined && columns.some((c) => c.name === pick)) {
      shorthand[role] = pick;
      continue;
    }
    const fits = columns.filter(
      (c) => namedFor(role, c.name) && SHORTHAND_TYPES[role].includes(c.type),
    );
    if (fits.length === 1) shorthand[role] = fits[0].name;
    else if (fits.length > 1) ambiguous[role] = fits.map((c) => c.name);
  }
  return Object.keys(ambiguous).length > 0
    ? { shorthand, ambiguousShorthand: ambiguous }
    : { shorthand };
}

/**
 * Abbreviations that column names are written with and people never say: a column `unit_prc`
 * is "the unit price", `is_actv` is "active", `vend_nm` is "the vendor". Only those that stand
 * for one word, and only in names of several words ("cat" alone may be a cat).
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  prc: "price",
  disc: "discount",
  actv: "active",
  vend: "vendor",
  vndr: "vendor",
  nm: "name",
  prod: "product",
  cat: "category",
  cd: "code",
  upd: "updated",
  lst: "last",
  cust: "customer",
  emp: "employee",
  dt: "date",
  stat: "status",
  bal: "balance",
  pmt: "payment",
  loc: "location",
  supp: "supplier",
  cnt: "count",
  tot: "total",
  lvl: "level",
  ctry: "country",
};

/** A name's words with its abbreviations spelled out: unit, prc → unit, price. */
export function spelledOut(words: readonly string[]): string[] {
  if (words.length < 2) return [...words];
  return words.map((word) => ABBREVIATIONS[word] ?? word);
}

import type { DatasetProfile, ShorthandRole } from "@/lib/dataset/types";
import { isNumericColumn } from "@/lib/plan/column-values";
import { spelledOut } from "./abbreviations";
import { normPhrase } from "./grammar-words";
import type { ColumnRef } from "./vocabulary";

/**
 * The English the vocabulary is built from: the words people use for roles, stock, dates and
 * abbreviated column names; the forms of a column's name (words, plurals, participles); and the
 * shapes of keys and codes.
 */

export const ROLE_WORDS: Record<ShorthandRole, string[]> = {
  price: ["price", "prices", "pricing", "pay", "pays", "cost", "costs", "amount", "amounts"].concat(
    // What a seller asks, where no column has the words: the price.
    ["asking price", "asking prices", "sticker price", "sticker prices", "price tag"],
  ),
  stock: ["stock", "stock status", "stock level", "availability", "inventory status"],
  category: ["category", "categories"],
  key: ["sku", "skus", "id", "ids"],
};

export const STOCK_TRUE = [
  "in stock",
  "instock",
  "stocked",
  "available",
  "on hand",
  "in inventory",
  // Not "on the menu" alone: "nothing on the menu should cost less than $3" is every row.
  "back on the menu",
  "back on sale",
  "back on the shelves",
];
export const STOCK_FALSE = [
  "out of stock",
  "outofstock",
  "oos",
  "sold out",
  "not in stock",
  "no longer in stock",
  "unavailable",
  "not available",
  "not stocked",
  "unstocked",
  "no stock",
  // Where an item stops being offered: "take the soup off the menu".
  "off the menu",
  "off sale",
  "off the shelves",
  "off the shelf",
  "off the website",
  "off the site",
];

/** Abbreviations in column names and the words people write for them. */
const WORD_ALIASES: Record<string, string[]> = {
  qty: ["quantity", "quantities"],
  quantity: ["qty"],
  amt: ["amount"],
  desc: ["description"],
  descr: ["description"],
  pct: ["percent", "percentage"],
  yr: ["year"],
  num: ["number"],
  no: ["number"],
  avg: ["average"],
  // "duration_min": minutes, where a minimum is not meant ("min_order" is rarely said so).
  min: ["minimum", "minutes", "mins"],
  mins: ["minutes"],
  hrs: ["hours"],
  hr: ["hours"],
  sec: ["seconds"],
  secs: ["seconds"],
  max: ["maximum"],
  dept: ["department"],
  mgr: ["manager"],
  addr: ["address"],
  cap: ["capacity"],
  capacity: ["seats", "places", "spots"], // "add 50 seats to Jazz Night"
  // "raise insurance on works before 1800" of insured_value.
  insured: ["insurance"],
  // "every 2 bed", "3-bed flats", "2 bath": as lettings are written.
  bedrooms: ["bed", "beds"],
  bedroom: ["bed", "beds"],
  bathrooms: ["bath", "baths"],
  bathroom: ["bath", "baths"],
  // Units as they are said in full: "over 600 kilos" of weight_kg, "over 10 metres" of length_m.
  kg: ["kilos", "kilo", "kilograms", "kilogram"],
  km: ["kilometres", "kilometers", "kilometre", "kilometer"],
  cm: ["centimetres", "centimeters", "centimetre", "centimeter"],
  mm: ["millimetres", "millimeters"],
  m: ["metres", "meters", "metre", "meter"],
  ft: ["feet", "foot"],
  mi: ["miles", "mile"],
  ml: ["millilitres", "milliliters"],
  kw: ["kilowatts", "kilowatt"],
};

/** A name word and what else it is called: "qty" → quantity; "mileage" → miles. */
export function wordAliases(word: string): string[] {
  const aliases = [word, ...(WORD_ALIASES[word] ?? [])];
  if (word.endsWith("age") && word.length > 5) {
    aliases.push(word.slice(0, -3), `${word.slice(0, -3)}s`); // mileage → mile, miles
  }
  return aliases;
}

/**
 * A name of several words with one of them said in full, one at a time: "bonus_pct" → bonus
 * percent, bonus percentage; "order_qty" → order quantity.
 */
function aliasedNames(words: readonly string[]): string[] {
  const names: string[] = [];
  words.forEach((word, at) => {
    for (const alias of WORD_ALIASES[word] ?? []) {
      names.push([...words.slice(0, at), alias, ...words.slice(at + 1)].join(" "));
    }
  });
  return names;
}

/** "service" → serviced, servicing, services; "count" → counted, counting. */
export function participles(word: string): string[] {
  // "ship" → shipped, "plan" → planned: a short word ending in one vowel and a consonant doubles it.
  const doubled = /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(word) && word.length <= 4;
  const stem = word.endsWith("e") ? word.slice(0, -1) : doubled ? `${word}${word.at(-1)}` : word;
  const forms = [word, `${stem}ed`, `${stem}ing`, `${word}s`];
  // A column named by a verb in -s ("starts", "ends"): its other forms.
  if (word.length > 4 && word.endsWith("s") && !word.endsWith("ss")) {
    const base = word.slice(0, -1);
    forms.push(base, `${base}ed`, `${base}ing`);
  }
  // The verb of a noun in -al: "renewal" → renew, renews, renewed, renewing; "arrival" → arrive.
  if (word.length > 5 && word.endsWith("al")) {
    const verb = word.slice(0, -2);
    for (const base of [verb, `${verb}e`]) forms.push(base, `${base}s`, `${verb}ed`, `${verb}ing`);
  }
  return [...new Set(forms)];
}

/** Verbs that say when a row came about, for a table with one date column. */
export const DATE_VERBS = [
  "hired",
  "joined",
  "started",
  "added",
  "listed",
  "posted",
  "created",
  "opened",
  "signed",
  "signed up",
  "registered",
  "enrolled",
  "bought",
  "purchased",
  "made",
  "built",
  "released",
  "published",
  "launched",
  "dated",
  "scheduled",
  "held",
  "placed",
  "ordered",
  "booked",
  "shipped",
  "dispatched",
  "sent",
];

/** Words of a key column's name that say "identifier", not what the rows are. */
export const KEY_NAME_WORDS = new Set([
  "id",
  "ids",
  "key",
  "code",
  "number",
  "num",
  "no",
  "ref",
  "sku",
]);

/** "list_price" → "list price", "list prices"; "dailyRate" → also "daily rate", "daily rates". */
export function nameForms(name: string): string[] {
  const phrase = normPhrase(withoutMarks(name));
  if (phrase === "") return [];
  const split = normPhrase(splitCamel(withoutMarks(name)));
  const said = nameWords(name).join(" ");
  const forms = [phrase, split, said].flatMap((form) => [form, ...numberForms(form)]);
  return [...new Set(forms)];
}

/**
 * A column's name without the marks and hints spreadsheets end some with: "Discontinued?",
 * "Notes*", "Active (Y/N)", "Start (YYYY-MM-DD)", "Price ($)".
 */
function withoutMarks(name: string): string {
  const bare = name
    .replace(FORMAT_HINT, "")
    .replace(/[\s?!*:]+$/u, "")
    .trim();
  return bare || name;
}

const FORMAT_HINT =
  /\s*\((?:y\/n|yes\/no|true\/false|t\/f|[ymd]{1,4}(?:[-/.][ymd]{1,4}){1,2}|[$€£%#])\)\s*$/iu;

function splitCamel(name: string): string {
  return name.replace(/([a-z\d])([A-Z])/g, "$1 $2");
}

/** The words of a column name: "monthly_rent" → monthly, rent; "dailyRate" → daily, rate. */
export function nameWords(name: string): string[] {
  return spelledOut(
    normPhrase(splitCamel(withoutMarks(name)))
      .split(" ")
      .filter(Boolean),
  );
}

/** The columns among `names` one of whose name's words is `word` ("discount" → "Discount %"). */
export function columnsNamedBy(names: Iterable<string>, word: string): string[] {
  return [...names].filter((name) => nameWords(name).includes(word));
}

/** Words that say a numeric column holds an amount of money people raise and cut. */
/** Words of column names too general to name one column on their own. */
export const GENERIC_NAME_WORDS = new Set([
  "name",
  "date",
  "code",
  "number",
  "num",
  "type",
  "flag",
  // "last service", "first seen": "last year" must not name a column.
  "last",
  "first",
  "next",
]);

/** Forms of a column-name word used as a verb: "hired before 2020" names hire_date. */
export const VERB_FORMS: Record<string, string[]> = {
  hire: ["hired"],
  list: ["listed"],
  start: ["started"],
  join: ["joined"],
  open: ["opened"],
  publish: ["published"],
  release: ["released"],
  purchase: ["purchased", "bought"],
  purchased: ["bought"],
  build: ["built"],
  sign: ["signed"],
  renew: ["renewed"],
  expire: ["expires", "expired", "expiring"],
  update: ["updated"],
  create: ["created"],
  // Measures read as verbs: "people rated below 3", "students scored over 90", "parcels weighing
  // more than 20 kg".
  rating: ["rated"],
  score: ["scored", "scoring"],
  grade: ["graded"],
  rank: ["ranked"],
  ranking: ["ranked"],
  weight: ["weighing", "weighs", "weigh"],
  age: ["aged"],
  spend: ["spent"],
  // "works valued over 50,000".
  valuation: ["valued"],
  value: ["valued"],
  // "donors who gave over 1,000" for total_given.
  given: ["gave", "donated"],
  sales: ["sold"],
  // Counts of an act: "members who visited more than 15 times".
  visits: ["visited"],
  orders: ["ordered"],
  bookings: ["booked"],
  logins: ["logged in"],
  // Capacities: "suites sleeping 4", "tables seating 6".
  sleeps: ["sleeping"],
  seats: ["seating"],
};

/** Singular and plural forms of a phrase's last word. */
export function numberForms(phrase: string): string[] {
  const words = phrase.split(" ");
  const last = words.at(-1) ?? "";
  if (!/^[a-z]+$/.test(last) || last.length < 3) return [];
  const forms = new Set<string>();
  if (last.endsWith("ies") && last.length > 4) forms.add(`${last.slice(0, -3)}y`);
  else if (/(s|x|z|ch|sh)es$/.test(last) && last.length > 4) forms.add(last.slice(0, -2));
  else if (last.endsWith("s") && !last.endsWith("ss")) forms.add(last.slice(0, -1));
  // "loaf" and "loaves", "knife" and "knives", "shelf" and "shelves".
  if (/[^f]fe?$/.test(last)) forms.add(last.replace(/fe?$/, "ves"));
  if (/ves$/.test(last) && last.length > 4) forms.add(`${last.slice(0, -3)}f`);
  if (/[^aeiou]y$/.test(last)) forms.add(`${last.slice(0, -1)}ies`);
  else if (/(s|x|z|ch|sh)$/.test(last)) forms.add(`${last}es`);
  else if (!last.endsWith("s")) forms.add(`${last}s`);
  return [...forms].map((form) => [...words.slice(0, -1), form].join(" "));
}

/** A key's shape: letter and digit runs by length, other characters as they are ("L1D3"). */
export function keyShape(value: string): string {
  return value.replace(/[A-Za-z]+|\d+/g, (run) =>
    /\d/.test(run[0]) ? `D${run.length}` : `L${run.length}`,
  );
}

/** A text value's shape: letters as they are, digit runs as "D" ("supplier-3" → "supplier-D"). */
export function textShape(value: string): string {
  return value.toLowerCase().replace(/\d+/g, "D");
}

/**
 * Verbs that switch a yes/no column named by one of these words, on and off: "deactivate
 * products with no stock" sets active to false. (A column named by a past participle gets its
 * verb by rule: "discontinue" for discontinued.)
 */
export const FLAG_VERBS: Record<string, { on: string[]; off: string[] }> = {
  // "disable the Legacy plan" where nothing is named enabled ("retire" and "suspend" stay the
  // verbs of a status's retired and suspended).
  active: {
    on: ["activate", "reactivate", "enable"],
    off: ["deactivate", "inactivate", "disable"],
  },
  enabled: { on: ["enable"], off: ["disable"] },
  visible: { on: ["show", "unhide"], off: ["hide"] },
  published: { on: ["republish"], off: ["unpublish"] },
  archived: { on: ["archive"], off: ["unarchive"] },
  listed: { on: ["relist"], off: ["delist", "unlist"] },
  featured: { on: ["feature"], off: ["unfeature"] },
  // "end the promo on Loom products", "start the sale on jackets".
  promo: { on: ["start"], off: ["end"] },
  sale: { on: ["start"], off: ["end"] },
  passed: { on: ["pass", "passes"], off: ["fail", "fails"] },
  approved: { on: ["approve"], off: ["reject"] },
  open: { on: ["open", "reopen"], off: ["close"] },
  locked: { on: ["lock"], off: ["unlock"] },
  // What is lent goes out and comes back: on_loan, borrowed, rented.
  loan: { on: ["lend", "loan", "check out"], off: ["return", "check in"] },
  borrowed: { on: ["borrow", "lend", "check out"], off: ["return", "check in"] },
  rented: { on: ["rent", "rent out", "hire out"], off: ["return", "check in"] },
};

/** Yes/no words negated with "in": "inactive", "invisible", "ineligible". */
export const IN_NEGATED = new Set(["active", "visible", "eligible", "complete", "valid"]);

/** Units short enough to be skipped as words, that still name their column ("20 kg"). */
export const SHORT_UNITS = new Set([
  "m",
  "kg",
  "km",
  "lb",
  "oz",
  "cm",
  "mm",
  "ml",
  "hr",
  "ft",
  "mi",
  "kw",
]);

/** Each unit of time in minutes. */
const MINUTES: Readonly<Record<string, number>> = {
  second: 1 / 60,
  seconds: 1 / 60,
  sec: 1 / 60,
  secs: 1 / 60,
  minute: 1,
  minutes: 1,
  min: 1,
  mins: 1,
  hour: 60,
  hours: 60,
  hr: 60,
  hrs: 60,
  day: 1440,
  days: 1440,
  week: 10080,
  weeks: 10080,
};

/** Whether a word is a unit of time: minutes, hrs, days. */
export function isTimeUnit(word: string): boolean {
  return MINUTES[word] !== undefined;
}

/** The unit of time a column's name counts in: minutes of cook_minutes, days of days_on_lot. */
export function timeUnitOf(column: string): string | undefined {
  return nameWords(column).find(isTimeUnit);
}

/** How many of `unit` (a unit of time) make one of `inUnit`: 60 minutes make an hour. */
export function unitsPer(unit: string, inUnit: string): number {
  return MINUTES[inUnit] / MINUTES[unit];
}

/**
 * Other names of columns, where no column has them already: a name of several words with an
 * abbreviation said in full (`aliasedNames`), and a column named with the noun of what it holds,
 * "dish name" of a text column "dish", "the spicy flag" of a yes/no column "spicy".
 */
export function otherNamePhrases(profile: DatasetProfile): [string, string][] {
  const phrases: [string, string][] = [];
  for (const column of profile.columns) {
    const words = nameWords(column.name);
    if (words.length > 1) for (const name of aliasedNames(words)) phrases.push([name, column.name]);
    if (column.name === profile.keyColumn || words.length !== 1) continue;
    const nouns =
      column.type === "text"
        ? ["name", "names"]
        : column.type === "boolean"
          ? ["flag", "flags"]
          : [];
    for (const noun of nouns) phrases.push([`${words[0]} ${noun}`, column.name]);
  }
  return phrases;
}

/**
 * "final score", "midterm marks": a column of numbers named with the noun of what it holds,
 * where no column is called that.
 */
export function addNounNamedNumbers(
  profile: DatasetProfile,
  columnPhrases: Map<string, ColumnRef>,
) {
  for (const column of profile.columns) {
    if (column.name === profile.keyColumn || !isNumericColumn(column)) continue;
    const name = nameWords(column.name).join(" ");
    for (const noun of ["score", "scores", "mark", "marks"]) {
      if (columnPhrases.has(noun) || name.endsWith(noun.replace(/s$/, ""))) continue;
      const phrase = `${name} ${noun}`;
      if (!columnPhrases.has(phrase)) columnPhrases.set(phrase, { column: column.name });
    }
    // "shipping cost", "delivery fee": the column of what is charged for it, even where "cost"
    // alone names another column.
    for (const noun of ["cost", "costs", "fee", "fees", "charge", "charges", "price"]) {
      const phrase = `${name} ${noun}`;
      if (!name.includes(" ") && !columnPhrases.has(phrase)) {
        columnPhrases.set(phrase, { column: column.name });
      }
    }
  }
}

/** Nouns of the grammar: words for the rows, for one thing not named, for places and goods. */

/** Nouns people use for rows of any table; a column or value of the same name wins. */
export const ROW_NOUNS = [
  "people",
  "person",
  "staff",
  "team",
  "teams",
  "employees",
  "employee",
  "workers",
  "worker",
  "members",
  "member",
  "customers",
  "customer",
  "persons",
  "drivers",
  "driver",
  "holders",
  "holder",
  "policyholders",
  "policyholder",
  "policies",
  "policy",
  "pupils",
  "athletes",
  "seniors",
  "clients",
  "client",
  "accounts",
  "account",
  "units",
  "unit",
  "apartments",
  "apartment",
  "flats",
  "flat",
  "homes",
  "home",
  "houses",
  "house",
  "properties",
  "property",
  "cars",
  "car",
  "vehicles",
  "vehicle",
  // An IT team's asset list: "retire every laptop bought before 2023".
  "laptops",
  "laptop",
  "devices",
  "device",
  "computers",
  "computer",
  "parts",
  "part",
  "courses",
  "course",
  "classes",
  "dishes",
  "dish",
  "meals",
  "wines",
  "wine",
  "rooms",
  "room",
  "tickets",
  "ticket",
  "events",
  "event",
  "shows",
  "subscriptions",
  "subscription",
  "orders",
  "ones",
  "one",
  "stuff",
  "bottles",
];

/** `ROW_NOUNS` to look words up in. */
export const ROW_NOUN_SET: ReadonlySet<string> = new Set(ROW_NOUNS);

/** Words for one thing not named: "a player", "one goal". */
export const INDEFINITE: ReadonlySet<string> = new Set(["a", "an", "one"]);

/**
 * Nouns for places and for what is sold ("the Madrid office", "office supplies"): filler where
 * the table has no value of that name, and the value where it has ("Office", a department).
 */
export const PLACE_AND_GOODS_NOUNS = [
  ..."office offices branch branches location locations store stores shop shops".split(" "),
  ..."site sites goods supplies gear equipment merchandise".split(" "),
];

import {
  type Change,
  type CorpusCase,
  cells,
  clamp,
  num,
  pct,
  plus,
  type Row,
  times,
} from "./expect";

/**
 * The rules planner's corpus: instructions on three catalogs with the exact cells each
 * must change after planning and a dry run — or the refusal it must give, with the words it
 * could not place.
 *
 * - seed: the 7-row catalog of the original executor (tests/fixtures/seed-products.csv),
 *   including the seed's own example instructions.
 * - generated: 300 rows of `node tests/fixtures/gen-products.mjs 300` (`generated-300.csv`),
 *   with expected cells computed by small oracles over the rows.
 * - books: a catalog whose columns are not the seed's (`list_price`, `available` yes/no,
 *   `genre`, `format`, `pages`, key `book_id`).
 */

// Seed rows, for reading the expectations below:
// A101 fitness 29.99 true · A102 fitness 39.99 true · A103 fitness 49.99 false
// B201 yoga 19.99 false · B202 yoga 24.99 true · C301 accessories 9.99 true · C302 accessories 14.99 true

const SEED: CorpusCase[] = [
  // The seed's own examples (fixtures/seed-plan-*.json and bench/plan-3ops.json).
  {
    catalog: "seed",
    instruction:
      "Increase prices by 10% for all in-stock fitness products. Do not change prices for out-of-stock items.",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Set all yoga products to $15.",
    expect: {
      changes: [
        ["B201", "price", "15"],
        ["B202", "price", "15"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction:
      "Increase in-stock fitness prices by 15% and mark all accessories as out-of-stock.",
    expect: {
      changes: [
        ["A101", "price", "34.49"],
        ["A102", "price", "45.99"],
        ["C301", "in_stock", "false"],
        ["C302", "in_stock", "false"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction:
      "Increase in-stock fitness prices by 10%, discount yoga by 5%, mark accessories out of stock.",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["B201", "price", "18.99"],
        ["B202", "price", "23.74"],
        ["C301", "in_stock", "false"],
        ["C302", "in_stock", "false"],
      ],
    },
  },
  // Amounts and directions.
  {
    catalog: "seed",
    instruction: "set the price of A101 to 25",
    expect: { changes: [["A101", "price", "25"]] },
  },
  {
    catalog: "seed",
    instruction: "make accessories 9.99",
    expect: { changes: [["C302", "price", "9.99"]] },
  },
  {
    catalog: "seed",
    instruction: "take 20% off yoga",
    expect: {
      changes: [
        ["B201", "price", "15.99"],
        ["B202", "price", "19.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "raise fitness by $5",
    expect: {
      changes: [
        ["A101", "price", "34.99"],
        ["A102", "price", "44.99"],
        ["A103", "price", "54.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "cut accessories by 5 dollars",
    expect: {
      changes: [
        ["C301", "price", "4.99"],
        ["C302", "price", "9.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Bump up fitness prices 10 percent",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Mark up fitness by 10% for in-stock items only",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Give yoga a 10% discount",
    expect: {
      changes: [
        ["B201", "price", "17.99"],
        ["B202", "price", "22.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "double the price of C301",
    expect: { changes: [["C301", "price", "19.98"]] },
  },
  {
    catalog: "seed",
    instruction: "increase fitness by 10% and yoga by 5%",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
        ["B201", "price", "20.99"],
        ["B202", "price", "26.24"],
      ],
    },
  },
  // Stock.
  {
    catalog: "seed",
    instruction: "put B201 back in stock",
    expect: { changes: [["B201", "in_stock", "true"]] },
  },
  {
    catalog: "seed",
    instruction: "Set in-stock to false for A101 and A102",
    expect: {
      changes: [
        ["A101", "in_stock", "false"],
        ["A102", "in_stock", "false"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Mark B201 and B202 as out of stock",
    expect: { changes: [["B202", "in_stock", "false"]] },
  },
  {
    catalog: "seed",
    instruction: "restock A103 and B201",
    expect: {
      changes: [
        ["A103", "in_stock", "true"],
        ["B201", "in_stock", "true"],
      ],
    },
  },
  // Scopes.
  {
    catalog: "seed",
    instruction: "increase everything under $20 by 10%",
    expect: {
      changes: [
        ["B201", "price", "21.99"],
        ["C301", "price", "10.99"],
        ["C302", "price", "16.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase prices between 10 and 20 by 10%",
    expect: {
      changes: [
        ["B201", "price", "21.99"],
        ["C302", "price", "16.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase prices by 10% where price is over 30",
    expect: {
      changes: [
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Increase prices of items costing at most $15 by 20%",
    expect: {
      changes: [
        ["C301", "price", "11.99"],
        ["C302", "price", "17.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "lower A101, A102 by 10%, round to the nearest dollar",
    expect: {
      changes: [
        ["A101", "price", "27"],
        ["A102", "price", "36"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase fittness by 10%",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "raise ACCESSORY prices by $1",
    expect: {
      changes: [
        ["C301", "price", "10.99"],
        ["C302", "price", "15.99"],
      ],
    },
  },
  // Exclusions.
  {
    catalog: "seed",
    instruction: "increase all prices by 10% except yoga",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
        ["C301", "price", "10.99"],
        ["C302", "price", "16.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "raise all prices by 10% but not C301",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
        ["B201", "price", "21.99"],
        ["B202", "price", "27.49"],
        ["C302", "price", "16.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase prices by 5% for fitness and yoga except out-of-stock items",
    expect: {
      changes: [
        ["A101", "price", "31.49"],
        ["A102", "price", "41.99"],
        ["B202", "price", "26.24"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "discount everything by 10% except fitness and C302",
    expect: {
      changes: [
        ["B201", "price", "17.99"],
        ["B202", "price", "22.49"],
        ["C301", "price", "8.99"],
      ],
    },
  },
  // Options and guards.
  {
    catalog: "seed",
    instruction: "increase fitness by 10% with prices ending in .99",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["A103", "price", "54.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "raise prices by 50%, never above $40",
    expect: {
      changes: [
        ["A101", "price", "40"],
        ["A102", "price", "40"],
        ["B201", "price", "29.99"],
        ["B202", "price", "37.49"],
        ["C301", "price", "14.99"],
        ["C302", "price", "22.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "cut all prices by 50% but never below $10",
    expect: {
      changes: [
        ["A101", "price", "15"],
        ["A102", "price", "20"],
        ["A103", "price", "25"],
        ["B201", "price", "10"],
        ["B202", "price", "12.5"],
        ["C302", "price", "10"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Increase fitness by 10% then round to whole dollars",
    expect: {
      changes: [
        ["A101", "price", "33"],
        ["A102", "price", "44"],
        ["A103", "price", "55"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase in-stock prices by $1, no more than 50 rows",
    expect: {
      changes: [
        ["A101", "price", "30.99"],
        ["A102", "price", "40.99"],
        ["B202", "price", "25.99"],
        ["C301", "price", "10.99"],
        ["C302", "price", "15.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "Raise yoga to $20",
    expect: { changes: [["B201", "price", "20"]] },
  },
  {
    catalog: "seed",
    instruction: "lower all prices to $20",
    expect: {
      changes: [
        ["A101", "price", "20"],
        ["A102", "price", "20"],
        ["A103", "price", "20"],
        ["B202", "price", "20"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase fitness by 10% unless out of stock",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase prices by 10% where in_stock = true",
    expect: {
      changes: [
        ["A101", "price", "32.99"],
        ["A102", "price", "43.99"],
        ["B202", "price", "27.49"],
        ["C301", "price", "10.99"],
        ["C302", "price", "16.49"],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: 'increase "yoga" by 10%',
    expect: {
      changes: [
        ["B201", "price", "21.99"],
        ["B202", "price", "27.49"],
      ],
    },
  },
  // Refusals.
  { catalog: "seed", instruction: "frobnicate yoga", expect: { refuse: ["frobnicate"] } },
  {
    catalog: "seed",
    // "it" is the rows of the clause before: both steps run, in order.
    instruction: "increase fitness by 10% and decrease it by 5%",
    expect: {
      changes: [
        ["A101", "price", pct(pct("29.99", 10), -5)],
        ["A102", "price", pct(pct("39.99", 10), -5)],
        ["A103", "price", pct(pct("49.99", 10), -5)],
      ],
    },
  },
  {
    catalog: "seed",
    instruction: "increase prices over 30 and under 20 by 5%",
    expect: { refuse: ["increase prices over 30 and under 20 by 5%"] },
  },
  {
    catalog: "seed",
    instruction: "increase fitness priced over $30 and yoga under $20 by 5%",
    expect: { refuse: ["increase fitness priced over $30 and yoga under $20 by 5%"] },
  },
  { catalog: "seed", instruction: "increase fitness", expect: { refuse: ["increase fitness"] } },
  {
    catalog: "seed",
    instruction: "increase prices by 10% for shoes",
    expect: { refuse: ["shoes"] },
  },
  { catalog: "seed", instruction: "set yoga to 10%", expect: { refuse: ["set yoga to 10%"] } },
  {
    catalog: "seed",
    instruction: "increase prices by 10% on Tuesdays",
    expect: { refuse: ["Tuesdays"] },
  },
  {
    catalog: "seed",
    instruction: "Increase the price of A109 by 10%",
    expect: { refuse: ["A109"] },
  },
  {
    catalog: "seed",
    instruction: "Make prices more competitive",
    expect: { refuse: ["more competitive"] },
  },
  {
    catalog: "seed",
    instruction: "round prices to 2 decimals and mark C301 out of stock",
    expect: { refuse: ["round prices to 2 decimals"] },
  },
];

// ---------------------------------------------------------------------------------------------
// The generated catalog: sku,name,category,price,in_stock,cost,supplier.

const is = (column: string, value: string) => (row: Row) => row[column] === value;
const and =
  (...tests: ((row: Row) => boolean)[]) =>
  (row: Row) =>
    tests.every((test) => test(row));
const priceCells = (
  rows: readonly Row[],
  where: (row: Row) => boolean,
  after: (row: Row) => string,
) => cells(rows, "sku", "price", where, after);
const stockCells = (rows: readonly Row[], where: (row: Row) => boolean, value: "true" | "false") =>
  cells(rows, "sku", "in_stock", where, () => value);

const GENERATED: CorpusCase[] = [
  {
    catalog: "generated",
    instruction:
      "Increase in-stock fitness prices by 10%, discount yoga by 5%, mark accessories out of stock.",
    expect: {
      oracle: (rows) => [
        ...priceCells(rows, and(is("category", "fitness"), is("in_stock", "true")), (row) =>
          pct(row.price, 10),
        ),
        ...priceCells(rows, is("category", "yoga"), (row) => pct(row.price, -5)),
        ...stockCells(rows, is("category", "accessories"), "false"),
      ],
    },
  },
  {
    catalog: "generated",
    instruction: "Increase prices by 10% for all in-stock fitness products; never go above $60",
    expect: {
      oracle: (rows) =>
        priceCells(rows, and(is("category", "fitness"), is("in_stock", "true")), (row) =>
          clamp(pct(row.price, 10), { max: 60, from: row.price }),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "increase supplier-3 prices by 10%",
    expect: {
      oracle: (rows) => priceCells(rows, is("supplier", "supplier-3"), (row) => pct(row.price, 10)),
    },
  },
  {
    catalog: "generated",
    instruction: "where cost is above 50, lower prices by 5%",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => num(row.cost) > 50,
          (row) => pct(row.price, -5),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "raise outdoor and recovery by 4% where cost is above 80",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => ["outdoor", "recovery"].includes(row.category) && num(row.cost) > 80,
          (row) => pct(row.price, 4),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "set F0000002 to 55",
    expect: { changes: [["F0000002", "price", "55"]] },
  },
  {
    catalog: "generated",
    instruction: "Raise N0000000 and F0000001 by $10",
    expect: {
      changes: [
        ["N0000000", "price", "116.36"],
        ["F0000001", "price", "149.44"],
      ],
    },
  },
  {
    catalog: "generated",
    instruction: "mark accessories out of stock and put A0000003 back in stock",
    expect: { oracle: (rows) => stockCells(rows, is("category", "accessories"), "false") },
  },
  {
    catalog: "generated",
    instruction: "raise fitness by 10%, yoga and accessories by 5%",
    expect: {
      oracle: (rows) => [
        ...priceCells(rows, is("category", "fitness"), (row) => pct(row.price, 10)),
        ...priceCells(
          rows,
          (row) => ["yoga", "accessories"].includes(row.category),
          (row) => pct(row.price, 5),
        ),
      ],
    },
  },
  {
    catalog: "generated",
    instruction: "increase fitness by 10% and for yoga, cut by 5%",
    expect: {
      oracle: (rows) => [
        ...priceCells(rows, is("category", "fitness"), (row) => pct(row.price, 10)),
        ...priceCells(rows, is("category", "yoga"), (row) => pct(row.price, -5)),
      ],
    },
  },
  {
    catalog: "generated",
    instruction: "Increase fitness by 10%, in stock only, and cut yoga by 5%",
    expect: {
      oracle: (rows) => [
        ...priceCells(rows, and(is("category", "fitness"), is("in_stock", "true")), (row) =>
          pct(row.price, 10),
        ),
        ...priceCells(rows, is("category", "yoga"), (row) => pct(row.price, -5)),
      ],
    },
  },
  {
    catalog: "generated",
    instruction: "increase prices under 10 or over 190 by 1%",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => num(row.price) < 10 || num(row.price) > 190,
          (row) => pct(row.price, 1),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "don't change yoga; increase all prices by 2%",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => row.category !== "yoga",
          (row) => pct(row.price, 2),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "increase all products by 10% and do not touch footwear or apparel",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => !["footwear", "apparel"].includes(row.category),
          (row) => pct(row.price, 10),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "leave nutrition alone and raise everything else by 3%",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => row.category !== "nutrition",
          (row) => pct(row.price, 3),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "increase footwear by 5 percent, never go above $150",
    expect: {
      oracle: (rows) =>
        priceCells(rows, is("category", "footwear"), (row) =>
          clamp(pct(row.price, 5), { max: 150, from: row.price }),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "Increase footwear by 10%. Round to 1 decimal place.",
    expect: {
      oracle: (rows) =>
        priceCells(rows, is("category", "footwear"), (row) => pct(row.price, 10, 1)),
    },
  },
  {
    catalog: "generated",
    instruction: "cut prices by 20% for out-of-stock recovery items",
    expect: {
      oracle: (rows) =>
        priceCells(rows, and(is("category", "recovery"), is("in_stock", "false")), (row) =>
          pct(row.price, -20),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "set all nutrition products under $20 to $19.99",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => row.category === "nutrition" && num(row.price) < 20,
          () => "19.99",
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "increase the cost of fitness items by $2",
    expect: {
      oracle: (rows) =>
        cells(rows, "sku", "cost", is("category", "fitness"), (row) => plus(row.cost, 2)),
    },
  },
  {
    catalog: "generated",
    instruction: "mark every yoga product over $150 as out of stock",
    expect: {
      oracle: (rows) =>
        stockCells(rows, (row) => row.category === "yoga" && num(row.price) > 150, "false"),
    },
  },
  {
    catalog: "generated",
    instruction: "reduce apparel prices between 50 and 100 by 15%, round to the nearest dollar",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => row.category === "apparel" && num(row.price) >= 50 && num(row.price) <= 100,
          (row) => pct(row.price, -15, 0),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "discount outdoor from supplier-5 by 10%",
    expect: {
      oracle: (rows) =>
        priceCells(rows, and(is("category", "outdoor"), is("supplier", "supplier-5")), (row) =>
          pct(row.price, -10),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "triple recovery prices where cost is under 10",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => row.category === "recovery" && num(row.cost) < 10,
          (row) => times(row.price, 3),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "increase fitnes and yogga by 5%, no more than 100 rows",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => ["fitness", "yoga"].includes(row.category),
          (row) => pct(row.price, 5),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "increase outdoor prices by 7.5% but not for out of stock items",
    expect: {
      oracle: (rows) =>
        priceCells(rows, and(is("category", "outdoor"), is("in_stock", "true")), (row) =>
          pct(row.price, 7.5),
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "Set the price of every outdoor item to $49.99 where cost is below 20",
    expect: {
      oracle: (rows) =>
        priceCells(
          rows,
          (row) => row.category === "outdoor" && num(row.cost) < 20,
          () => "49.99",
        ),
    },
  },
  {
    catalog: "generated",
    instruction: "Apply a 12% markup to recovery products that are in stock",
    expect: {
      oracle: (rows) =>
        priceCells(rows, and(is("category", "recovery"), is("in_stock", "true")), (row) =>
          pct(row.price, 12),
        ),
    },
  },
  { catalog: "generated", instruction: "increase widgets by 10%", expect: { refuse: ["widgets"] } },
  {
    catalog: "generated",
    instruction: "Raise fitness by 10% or yoga by 5%",
    expect: { refuse: ["or"] },
  },
  {
    catalog: "generated",
    instruction: "set prices to around 20 for yoga",
    expect: { refuse: ["around"] },
  },
  {
    catalog: "generated",
    instruction: "increase prices by 10% for yoga products from last season",
    expect: { refuse: ["last season"] },
  },
];

// ---------------------------------------------------------------------------------------------
// The books catalog: book_id,title,author,genre,format,list_price,available,pages.

const BOOKS: CorpusCase[] = [
  {
    catalog: "books",
    instruction: "raise fiction list prices by 10%",
    expect: {
      changes: [
        ["BK-1001", "list_price", "26.4"],
        ["BK-1006", "list_price", "16.49"],
        ["BK-1011", "list_price", "7.69"],
        ["BK-1016", "list_price", "30.25"],
        ["BK-1018", "list_price", "14.3"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "mark poetry as unavailable",
    expect: {
      changes: [
        ["BK-1002", "available", "no"],
        ["BK-1008", "available", "no"],
        ["BK-1013", "available", "no"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "set available to no for BK-1002",
    expect: { changes: [["BK-1002", "available", "no"]] },
  },
  {
    catalog: "books",
    instruction: "increase hardcover fiction by $2",
    expect: {
      changes: [
        ["BK-1001", "list_price", "26"],
        ["BK-1016", "list_price", "29.5"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "discount ebooks by 25%",
    expect: {
      changes: [
        ["BK-1004", "list_price", "7.49"],
        ["BK-1011", "list_price", "5.24"],
        ["BK-1012", "list_price", "8.99"],
        ["BK-1013", "list_price", "3.74"],
        ["BK-1019", "list_price", "2.99"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "increase books with more than 300 pages by 5%",
    expect: {
      changes: [
        ["BK-1001", "list_price", "25.2"],
        ["BK-1003", "list_price", "36.75"],
        ["BK-1009", "list_price", "44.1"],
        ["BK-1011", "list_price", "7.34"],
        ["BK-1012", "list_price", "12.59"],
        ["BK-1014", "list_price", "20.48"],
        ["BK-1017", "list_price", "32.55"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "set the list price of BK-1004 to 10.99",
    expect: { changes: [["BK-1004", "list_price", "10.99"]] },
  },
  {
    catalog: "books",
    instruction: "make all children's books 7.99",
    expect: {
      changes: [
        ["BK-1005", "list_price", "7.99"],
        ["BK-1010", "list_price", "7.99"],
        ["BK-1015", "list_price", "7.99"],
        ["BK-1019", "list_price", "7.99"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "reduce fiction and poetry by 10% except BK-1008",
    expect: {
      changes: [
        ["BK-1001", "list_price", "21.6"],
        ["BK-1002", "list_price", "11.25"],
        ["BK-1006", "list_price", "13.49"],
        ["BK-1011", "list_price", "6.29"],
        ["BK-1013", "list_price", "4.49"],
        ["BK-1016", "list_price", "24.75"],
        ["BK-1018", "list_price", "11.7"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "increase prices of available history books by 3%, round to the nearest dollar",
    expect: {
      changes: [
        ["BK-1007", "list_price", "19"],
        ["BK-1012", "list_price", "12"],
        ["BK-1017", "list_price", "32"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "set the genre of BK-1020 to history",
    expect: { changes: [["BK-1020", "genre", "history"]] },
  },
  {
    catalog: "books",
    instruction: 'raise prices where title contains "Garden" by 10%',
    expect: {
      changes: [
        ["BK-1001", "list_price", "26.4"],
        ["BK-1004", "list_price", "10.99"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "mark BK-1010 back in stock",
    expect: { changes: [["BK-1010", "available", "yes"]] },
  },
  {
    catalog: "books",
    instruction: "increase price by 10% for fiction and paperbacks",
    expect: {
      changes: [
        ["BK-1001", "list_price", "26.4"],
        ["BK-1002", "list_price", "13.75"],
        ["BK-1005", "list_price", "8.75"],
        ["BK-1006", "list_price", "16.49"],
        ["BK-1007", "list_price", "19.8"],
        ["BK-1011", "list_price", "7.69"],
        ["BK-1014", "list_price", "21.45"],
        ["BK-1015", "list_price", "9.35"],
        ["BK-1016", "list_price", "30.25"],
        ["BK-1018", "list_price", "14.3"],
        ["BK-1020", "list_price", "17.6"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "increase paperback fiction by 10%",
    expect: {
      changes: [
        ["BK-1006", "list_price", "16.49"],
        ["BK-1018", "list_price", "14.3"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "cut the price of every book under $10 by $1",
    expect: {
      changes: [
        ["BK-1004", "list_price", "8.99"],
        ["BK-1005", "list_price", "6.95"],
        ["BK-1011", "list_price", "5.99"],
        ["BK-1013", "list_price", "3.99"],
        ["BK-1015", "list_price", "7.5"],
        ["BK-1019", "list_price", "2.99"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "mark science books with fewer than 250 pages as unavailable",
    expect: {
      changes: [
        ["BK-1004", "available", "no"],
        ["BK-1020", "available", "no"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "Increase history by 10% and poetry by 5%. Do not change unavailable books.",
    expect: {
      changes: [
        ["BK-1007", "list_price", "19.8"],
        ["BK-1012", "list_price", "13.19"],
        ["BK-1017", "list_price", "34.1"],
        ["BK-1002", "list_price", "13.13"],
        ["BK-1008", "list_price", "22.05"],
        ["BK-1013", "list_price", "5.24"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "set BK-1003 and BK-1014 to available",
    expect: {
      changes: [
        ["BK-1003", "available", "yes"],
        ["BK-1014", "available", "yes"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "discount hardcovers by 10 percent, never below $20",
    expect: {
      changes: [
        ["BK-1001", "list_price", "21.6"],
        ["BK-1003", "list_price", "31.5"],
        ["BK-1008", "list_price", "20"],
        ["BK-1009", "list_price", "37.8"],
        ["BK-1016", "list_price", "24.75"],
        ["BK-1017", "list_price", "27.9"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "increase ebook prices by 1 dollar",
    expect: {
      changes: [
        ["BK-1004", "list_price", "10.99"],
        ["BK-1011", "list_price", "7.99"],
        ["BK-1012", "list_price", "12.99"],
        ["BK-1013", "list_price", "5.99"],
        ["BK-1019", "list_price", "4.99"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "double the pages of BK-1005",
    expect: { changes: [["BK-1005", "pages", "64"]] },
  },
  {
    catalog: "books",
    instruction: "lower every hardcover to $25",
    expect: {
      changes: [
        ["BK-1003", "list_price", "25"],
        ["BK-1009", "list_price", "25"],
        ["BK-1016", "list_price", "25"],
        ["BK-1017", "list_price", "25"],
      ],
    },
  },
  {
    catalog: "books",
    instruction: "raise poetry by 15% if available",
    expect: {
      changes: [
        ["BK-1002", "list_price", "14.38"],
        ["BK-1008", "list_price", "24.15"],
        ["BK-1013", "list_price", "5.74"],
      ],
    },
  },
  { catalog: "books", instruction: "raise novels by 5%", expect: { refuse: ["novels"] } },
  {
    catalog: "books",
    instruction: "set the rating of BK-1001 to 5",
    expect: { refuse: ["rating"] },
  },
  {
    catalog: "books",
    instruction: "Increase the price of BK-9999 by 10%",
    expect: { refuse: ["BK-9999"] },
  },
  {
    catalog: "books",
    instruction: "increase prices by 10% and sort them by author",
    expect: { refuse: ["sort", "by"] },
  },
];

export const CORPUS: readonly CorpusCase[] = [...SEED, ...GENERATED, ...BOOKS];

export type { Change };

import { type CorpusCase, cells, clamp, num, pct, plus, type Row, times } from "../expect";

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

export const GENERATED: CorpusCase[] = [
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

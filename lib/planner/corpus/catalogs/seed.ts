import { type CorpusCase, pct } from "../expect";

// Seed rows, for reading the expectations below:
// A101 fitness 29.99 true · A102 fitness 39.99 true · A103 fitness 49.99 false
// B201 yoga 19.99 false · B202 yoga 24.99 true · C301 accessories 9.99 true · C302 accessories 14.99 true

export const SEED: CorpusCase[] = [
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

import type { CorpusCase } from "../expect";

// The books catalog: book_id,title,author,genre,format,list_price,available,pages.

export const BOOKS: CorpusCase[] = [
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

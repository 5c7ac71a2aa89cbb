import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A team roster keyed by the players' names, and bank accounts: tables the corpus lacks. */
const rosterLines = [
  "player,position,team,goals,assists,salary,contract_end,injured,age",
  "Marco Rossi,midfielder,Blues,18,9,1881000,2028,no,30",
  "Luka Costa,midfielder,Blues,8,10,2185000,2029,no,35",
  "Kevin Silva,forward,United,20,9,653000,2026,no,33",
  "Hugo Moreau,goalkeeper,Reds,0,1,3877000,2027,yes,25",
  "Yuki Tanaka,forward,Reds,22,10,2457000,2028,yes,20",
];
const roster = tableProfile(rosterLines);
const rosterCells = rosterLines.slice(1).map((line) => line.split(","));
const players = new Set(rosterCells.map((cells) => cells[0]));
const rosterValues = new Map([
  ["position", rosterCells.map((cells) => cells[1])],
  ["team", rosterCells.map((cells) => cells[2])],
]);

describe("a roster keyed by the players' names", () => {
  const { operations, refusal } = rulesOn(roster, {
    knownKeys: players,
    knownValues: rosterValues,
  });
  const marco = { all: [{ column: "player", op: "eq", value: "Marco Rossi" }] };
  const forwards = { all: [{ column: "position", op: "eq", value: "forward" }] };

  it("names a row by a key of several words, possessive or not", () => {
    expect(operations("mark Marco Rossi as injured")).toEqual([
      { filter: marco, action: { type: "set_value", column: "injured", value: true } },
    ]);
    expect(operations("raise Marco Rossi's salary by 5%")).toEqual([
      { filter: marco, action: { type: "percent_increase", column: "salary", value: 5 } },
    ]);
    expect(operations("move Marco Rossi and Luka Costa to the Reds")).toEqual([
      {
        filter: { all: [{ column: "player", op: "in", value: ["Marco Rossi", "Luka Costa"] }] },
        action: { type: "set_value", column: "team", value: "Reds" },
      },
    ]);
    expect(operations("give the player named Marco Rossi 2 more goals")).toEqual([
      { filter: marco, action: { type: "fixed_increase", column: "goals", value: 2 } },
    ]);
  });

  it("reads one of a counted column, said with 'a', 'one' or a number in words, as a step", () => {
    const oneGoal = { type: "fixed_increase", column: "goals", value: 1 };
    expect(operations("add a goal to Marco Rossi")).toEqual([{ filter: marco, action: oneGoal }]);
    expect(operations("add one goal to every forward")).toEqual([
      { filter: forwards, action: oneGoal },
    ]);
    expect(operations("add twenty five goals to Marco Rossi")).toEqual([
      { filter: marco, action: { type: "fixed_increase", column: "goals", value: 25 } },
    ]);
  });

  it("refuses a row left unnamed ('a player', 'one player') instead of changing every row", () => {
    // "add a player to the Reds" moved every player to the Reds; "mark one player injured" set
    // every injured player's salary to 1.
    expect(refusal("add a player to the Reds")).toMatch(/"a player" does not say which player/);
    expect(refusal("mark one player injured")).toMatch(/"one player" does not say which player/);
    expect(operations("add the forwards to the Reds")).toEqual([
      { filter: forwards, action: { type: "set_value", column: "team", value: "Reds" } },
    ]);
  });
});

const accounts = tableProfile([
  "account_no,holder,type,balance,interest_rate,branch,status,overdraft_limit",
  "40010000,Mei Chen,savings,5531.98,0.5,Airport,active,1000",
  "40010001,Sam Brown,savings,0.00,4.0,Airport,frozen,250",
  "40010002,John Smith,checking,120.10,1.25,Downtown,dormant,500",
  "40010003,Priya Patel,CD,9000.00,3.75,Northside,active,0",
  "40010004,Mei Chen,checking,88.40,0.5,Downtown,closed,0",
]);
const accountValues = new Map([
  ["holder", ["Mei Chen", "Sam Brown", "John Smith", "Priya Patel", "Mei Chen"]],
  ["type", ["savings", "savings", "checking", "CD", "checking"]],
  ["branch", ["Airport", "Airport", "Downtown", "Northside", "Downtown"]],
  ["status", ["active", "frozen", "dormant", "active", "closed"]],
]);

describe("bank accounts", () => {
  const { operations } = rulesOn(accounts, { knownValues: accountValues });
  const meiSavings = {
    all: [
      { column: "holder", op: "eq", value: "Mei Chen" },
      { column: "type", op: "eq", value: "savings" },
    ],
  };

  it("moves money into and out of the balance, not the interest rate", () => {
    // The interest rate, a "rate", was taken for the table's amount of money.
    expect(operations("deposit 200 into Mei Chen's savings")).toEqual([
      { filter: meiSavings, action: { type: "fixed_increase", column: "balance", value: 200 } },
    ]);
    expect(operations("credit 50 to every active account at the Airport branch")).toEqual([
      {
        filter: {
          all: [
            { column: "status", op: "eq", value: "active" },
            { column: "branch", op: "eq", value: "Airport" },
          ],
        },
        action: { type: "fixed_increase", column: "balance", value: 50 },
      },
    ]);
    expect(operations("withdraw 100 from every Downtown checking account")).toEqual([
      {
        filter: {
          all: [
            { column: "branch", op: "eq", value: "Downtown" },
            { column: "type", op: "eq", value: "checking" },
          ],
        },
        action: { type: "fixed_decrease", column: "balance", value: 100 },
      },
    ]);
  });

  it("reads a share of a point ('a quarter point', 'half a point')", () => {
    const cd = { all: [{ column: "type", op: "eq", value: "CD" }] };
    expect(operations("raise the interest rate on CD accounts by a quarter point")).toEqual([
      { filter: cd, action: { type: "fixed_increase", column: "interest_rate", value: 0.25 } },
    ]);
    expect(operations("cut interest rates by half a point for CD accounts")).toEqual([
      { filter: cd, action: { type: "fixed_decrease", column: "interest_rate", value: 0.5 } },
    ]);
  });

  it("freezes and closes by the participle a status has ('frozen', 'closed')", () => {
    expect(operations("freeze all dormant accounts")).toEqual([
      {
        filter: { all: [{ column: "status", op: "eq", value: "dormant" }] },
        action: { type: "set_value", column: "status", value: "frozen" },
      },
    ]);
    expect(operations("close accounts with a zero balance")).toEqual([
      {
        filter: { all: [{ column: "balance", op: "eq", value: 0 }] },
        action: { type: "set_value", column: "status", value: "closed" },
      },
    ]);
  });
});

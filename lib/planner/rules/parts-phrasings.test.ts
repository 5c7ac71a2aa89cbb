import { describe, expect, it } from "vitest";
import { rulesOn, tableProfile } from "./test-support";

/** A parts list whose descriptions hold acronyms ("LED") and plurals people write of them. */
const partsLines = [
  "part_no,description,supplier,qty_on_hand,unit_cost",
  "3321,LED Bulb A19,Acme Supply,121,14.48",
  "3322,Halogen Bulb GU10,Acme Supply,40,3.10",
  "3323,ALL Weather Tarp,Bolt & Co,12,22.00",
  "3324,Hex Bolt M6,Bolt & Co,450,0.12",
  "3325,Work Gloves,Fastenal,60,9.80",
];
const parts = tableProfile(partsLines);
const descriptions = partsLines.slice(1).map((line) => line.split(",")[1]);

describe("a parts list", () => {
  const { operations } = rulesOn(parts, {
    knownValues: new Map([
      ["description", descriptions],
      ["supplier", ["Acme Supply", "Acme Supply", "Bolt & Co", "Bolt & Co", "Fastenal"]],
    ]),
  });
  const raiseCost = { type: "percent_increase", column: "unit_cost", value: 8 };
  const ledBulbs = {
    filter: { all: [{ column: "description", op: "contains", value: "LED Bulb" }] },
    action: raiseCost,
  };

  it("reads an acronym that is also a word ('LED') with the plural after it", () => {
    // "LED" was left out of the words of values as the verb of "led by", and the plural after
    // it ended the phrase.
    expect(operations("raise the cost of the LED bulbs by 8%")).toEqual([ledBulbs]);
    expect(operations("RAISE THE COST OF THE LED BULBS BY 8%")).toEqual([ledBulbs]);
  });

  it("reads a plural after 'of the' as the rows ('the cost of the bulbs')", () => {
    expect(operations("raise the cost of the bulbs by 8%")).toEqual([
      {
        filter: { all: [{ column: "description", op: "contains", value: "Bulb" }] },
        action: raiseCost,
      },
    ]);
  });

  it("reads such a word alone as the word it is ('ALL' for emphasis, or all in capitals)", () => {
    // "ALL" of "ALL Weather Tarp" is the word all there.
    const everything = [{ filter: {}, action: raiseCost }];
    expect(operations("RAISE ALL UNIT COSTS BY 8%")).toEqual(everything);
    expect(operations("raise ALL unit costs by 8%")).toEqual(everything);
  });
});

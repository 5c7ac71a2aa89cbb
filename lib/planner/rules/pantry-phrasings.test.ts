import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A kitchen's stock list, a table the corpus lacks, written to as told after the fact. */

const pantry = rulesOnTable([
  "item_code,item,supplier,category,unit,unit_cost,par_level,on_hand,reorder,organic",
  "P-01,Basmati Rice,Spice Route,Dry Goods,kg,2.40,20,35,no,no",
  "P-02,Olive Oil,Casa Verde,Oils,l,7.80,10,4,yes,yes",
  "P-03,Whole Milk,Dairy Co,Dairy,l,1.10,30,12,yes,no",
  "P-04,Cheddar,Dairy Co,Dairy,kg,9.50,5,6,no,no",
  "P-05,Chickpeas,Spice Route,Dry Goods,kg,1.90,15,3,yes,yes",
  "P-06,Free Range Eggs,Farm Gate,Dairy,dozen,3.20,20,25,no,yes",
  "P-07,Plain Flour,Mill House,Dry Goods,kg,0.85,40,10,yes,no",
]);

describe("changes told after the fact", () => {
  const milk = { all: [{ column: "item", op: "contains", value: "Milk" }] };
  const toFarmGate = { type: "set_value", column: "supplier", value: "Farm Gate" };

  it("reads a past tense as the change ('we switched milk to …', 'has been switched to …')", () => {
    expect(pantry.operations("we switched milk to Farm Gate")).toEqual([
      { filter: milk, action: toFarmGate },
    ]);
    expect(pantry.operations("milk has been switched to Farm Gate")).toEqual([
      { filter: milk, action: toFarmGate },
    ]);
  });

  it("reads 'went up' and 'went down' as 'goes up' and 'goes down'", () => {
    expect(pantry.operations("flour went up 10p")).toEqual([
      {
        filter: { all: [{ column: "item", op: "contains", value: "Flour" }] },
        action: { type: "fixed_increase", column: "unit_cost", value: 0.1 },
      },
    ]);
    expect(pantry.operation("Dairy Co prices went down 5%").action).toEqual({
      type: "percent_decrease",
      column: "unit_cost",
      value: 5,
    });
  });
});

describe("mistyped words of the grammar", () => {
  it("reads one seven letters or longer as the word meant, with a note", () => {
    const result = pantry.plan("raise the cost of evrything from Spice Route by 3 percent");
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations.map(({ filter, action }) => ({ filter, action }))).toEqual([
      {
        filter: { all: [{ column: "supplier", op: "eq", value: "Spice Route" }] },
        action: { type: "percent_increase", column: "unit_cost", value: 3 },
      },
    ]);
    expect(result.notes).toContain('read "evrything" as "everything"');
    expect(pantry.operation("increse dairy costs by 2%").action).toEqual({
      type: "percent_increase",
      column: "unit_cost",
      value: 2,
    });
  });
});

describe("changes written as a list", () => {
  const dairyCo = { all: [{ column: "supplier", op: "eq", value: "Dairy Co" }] };
  const millHouse = { all: [{ column: "supplier", op: "eq", value: "Mill House" }] };
  const up6 = { type: "percent_increase", column: "unit_cost", value: 6 };
  const down2 = { type: "percent_decrease", column: "unit_cost", value: 2 };

  it("reads each line or item as a change of its own, bullets and numbers left out", () => {
    for (const list of [
      "- Dairy Co +6%\n- Mill House -2%",
      "• Dairy Co: +6%\r\n• Mill House: -2%",
      "1. Dairy Co +6%\n2. Mill House -2%",
      "1) Dairy Co +6% 2) Mill House -2%",
      "Dairy Co +6%\nMill House -2%",
    ]) {
      expect(pantry.operations(list)).toEqual([
        { filter: dairyCo, action: up6 },
        { filter: millHouse, action: down2 },
      ]);
    }
  });

  it("reads a line that runs on into the next as one", () => {
    const raise = [{ filter: dairyCo, action: { ...up6, value: 5 } }];
    expect(pantry.operations("raise prices 5% for\nDairy Co")).toEqual(raise);
    expect(pantry.operations("Raise prices by 5%\nfor Dairy Co")).toEqual(raise);
  });

  it("does not read a heading as the rows of the first line", () => {
    expect(pantry.refusal("For Mill House:\n- Dairy Co +6%\n- cheddar +2%")).toContain(
      '"For Mill House:" says which rows but not what to do with them',
    );
  });
});

describe("rows said by a yes/no phrase after 'flagged' or 'marked'", () => {
  const raisePar = { type: "fixed_increase", column: "par_level", value: 5 };

  it("names the rows that have it, after the change's own verb", () => {
    const reorder = { all: [{ column: "reorder", op: "eq", value: true }] };
    for (const rows of ["anything flagged for reorder", "anything that's been flagged for reorder"])
      expect(pantry.operations(`raise the par level by 5 for ${rows}`)).toEqual([
        { filter: reorder, action: raisePar },
      ]);
    expect(pantry.operations("raise the par level by 5 for items marked organic")).toEqual([
      { filter: { all: [{ column: "organic", op: "eq", value: true }] }, action: raisePar },
    ]);
  });

  it("still sets it as a change of its own ('flag milk for reorder', '… and flag it …')", () => {
    const milk = { all: [{ column: "item", op: "contains", value: "Milk" }] };
    const flag = { type: "set_value", column: "reorder", value: true };
    expect(pantry.operations("flag milk for reorder")).toEqual([{ filter: milk, action: flag }]);
    expect(pantry.operations("raise the par level of milk by 5 and flag it for reorder")).toEqual([
      { filter: milk, action: raisePar },
      { filter: milk, action: flag },
    ]);
  });
});

describe("a formula with a factor written against its 'x'", () => {
  it("reads '2x on hand' as twice the column", () => {
    expect(pantry.operations("set par to 2x on hand for oils")).toEqual([
      {
        filter: { categories: ["Oils"] },
        action: { type: "set_expression", column: "par_level", expression: "2 * on_hand" },
      },
    ]);
  });
});

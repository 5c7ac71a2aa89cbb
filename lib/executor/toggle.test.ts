import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { flipBooleanText } from "@/lib/dataset/values";
import { validatePlan } from "@/lib/plan/validate";
import { inversePlan } from "./inverse";
import { load, planOf, text } from "./test-support";

/** toggle: each selected row's yes/no value flipped in the column's own spelling. */
const WINES = `sku,region,on_sale,organic,note
W1,Provence,yes,Y,
W2,Provence,no,N,dry
W3,Rioja,yes,Y,
W4,Provence,,N,unknown sale
`;

const flip = (column: string, region?: string) =>
  planOf([
    {
      filter: region ? { all: [{ column: "region", op: "eq", value: region }] } : {},
      action: { type: "toggle", column },
    },
  ]);

describe("toggle", () => {
  const wines = load(WINES);

  it("flips yes/no for the selected rows, keeps the rest byte for byte, and names blank cells", () => {
    const result = wines.ok(flip("on_sale", "Provence"));
    expect(text(result.output)).toBe(`sku,region,on_sale,organic,note
W1,Provence,no,Y,
W2,Provence,yes,N,dry
W3,Rioja,yes,Y,
W4,Provence,,N,unknown sale
`);
    expect(result.warnings.join(" ")).toMatch(/1 'on_sale' cell has no yes\/no value to flip/);
  });

  it("keeps the column's spelling: Y/N stays Y/N", () => {
    const result = wines.ok(flip("organic"));
    expect(result.changes.map((change) => [change.before, change.after])).toEqual([
      ["Y", "N"],
      ["N", "Y"],
      ["Y", "N"],
      ["N", "Y"],
    ]);
  });

  it("is refused on a column that is not yes/no", () => {
    const validation = validatePlan(flip("note"), wines.profile);
    expect(validation.issues.map((issue) => issue.detail).join(" ")).toMatch(
      /toggle flips yes\/no values/,
    );
  });

  it("is reverted byte for byte by its inverse plan", () => {
    const forward = wines.ok(flip("on_sale"));
    const inverse = inversePlan(forward.changes, {
      keyColumn: "sku",
      executionId: "revert_toggle_01",
      createdAt: "2026-11-25T12:00:00Z",
      sourceInstruction: "Revert",
    });
    if (!inverse.ok) throw new Error("no inverse");
    expect(load(forward.output).ok(inverse.plan).output).toEqual(wines.bytes);
  });

  it("twice is no change at all, for every spelling", () => {
    const spellings = fc.constantFrom(
      ["true", "false"],
      ["TRUE", "FALSE"],
      ["yes", "no"],
      ["Yes", "No"],
      ["Y", "N"],
      ["1", "0"],
    );
    fc.assert(
      fc.property(
        spellings,
        fc.array(fc.boolean(), { minLength: 2, maxLength: 20 }),
        ([yes, no], values) => {
          const csv = `sku,flag\n${values.map((value, row) => `K${row},${value ? yes : no}`).join("\n")}\n`;
          // A column of 1/0 alone profiles as numbers; the text spellings are yes/no columns.
          if (yes === "1") {
            for (const value of values)
              expect(flipBooleanText(flipBooleanText(value ? yes : no)!)).toBe(value ? yes : no);
            return;
          }
          const table = load(csv);
          const once = table.ok(flip("flag"));
          const twice = load(once.output).ok(flip("flag"));
          expect(twice.output).toEqual(table.bytes);
        },
      ),
      { numRuns: 100 },
    );
  });
});

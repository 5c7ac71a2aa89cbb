import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validatePlan } from "@/lib/plan/validate";
import { load, planOf, text, undone } from "./test-support";

/** Text actions: literal replace, tidy spaces, capitals, prefix/suffix, templates, fill-if-empty. */
const SUPPLIERS = `sku,brand,name,supplier,description,price
S1,Acme,oak chair,Woodworks Ltd,"  solid   oak,
 hand finished ",19.99
S2,Birch & Co,PINE DESK,Timber LTD,,49.00
S3,Acme,ash stool,Ltd Supplies,Sturdy,12.00
S4,Cedar,,North Ltd.,,
`;

const one = (action: Record<string, unknown>, filter: Record<string, unknown> = {}) =>
  planOf([{ filter, action: action as never }]);

describe("text actions", () => {
  const table = load(SUPPLIERS);
  const afters = (action: Record<string, unknown>) =>
    table.ok(one(action)).changes.map((c) => [c.rowKey, c.after]);

  it("replace: literal, every occurrence, exact capitals unless told otherwise", () => {
    expect(
      afters({ type: "replace_text", column: "supplier", find: "Ltd", replace: "Limited" }),
    ).toEqual([
      ["S1", "Woodworks Limited"],
      ["S3", "Limited Supplies"],
      ["S4", "North Limited."],
    ]);
    expect(
      afters({
        type: "replace_text",
        column: "supplier",
        find: "ltd",
        replace: "Limited",
        ignore_case: true,
      }),
    ).toContainEqual(["S2", "Timber Limited"]);
    // Pattern characters are text: "." finds a dot, not any character.
    expect(afters({ type: "replace_text", column: "supplier", find: ".", replace: "" })).toEqual([
      ["S4", "North Ltd"],
    ]);
  });

  it("trim_spaces: ends trimmed, runs of spaces and line breaks become one space", () => {
    expect(afters({ type: "trim_spaces", column: "description" })).toEqual([
      ["S1", "solid oak, hand finished"],
    ]);
  });

  it("change_case: capitals, small letters, each word capitalised", () => {
    expect(afters({ type: "change_case", column: "name", case: "upper" })).toEqual([
      ["S1", "OAK CHAIR"],
      ["S3", "ASH STOOL"],
    ]);
    expect(afters({ type: "change_case", column: "name", case: "title" })).toEqual([
      ["S1", "Oak Chair"],
      ["S2", "Pine Desk"],
      ["S3", "Ash Stool"],
    ]);
  });

  it("prefix and suffix leave empty cells empty and say so", () => {
    const result = table.ok(one({ type: "add_suffix", column: "name", text: " (sale)" }));
    expect(result.changes.map((c) => c.after)).toEqual([
      "oak chair (sale)",
      "PINE DESK (sale)",
      "ash stool (sale)",
    ]);
    expect(result.warnings.join(" ")).toMatch(/1 empty 'name' cell was left empty/);
  });

  it("set_template builds text from other columns, with {{ for a brace", () => {
    expect(
      afters({ type: "set_template", column: "description", template: "{brand} {{{sku}}}" }),
    ).toEqual([
      ["S1", "Acme {S1}"],
      ["S2", "Birch & Co {S2}"],
      ["S3", "Acme {S3}"],
      ["S4", "Cedar {S4}"],
    ]);
  });

  it("fill_empty writes only the empty cells, in the column's type", () => {
    expect(afters({ type: "fill_empty", column: "description", value: "Coming soon" })).toEqual([
      ["S2", "Coming soon"],
      ["S4", "Coming soon"],
    ]);
    expect(afters({ type: "fill_empty", column: "price", value: 10 })).toEqual([["S4", "10.00"]]);
  });

  it("is refused on a number column, and a template naming no such column is refused", () => {
    const issues = (action: Record<string, unknown>) =>
      validatePlan(one(action), table.profile).issues.map((issue) => issue.message);
    expect(issues({ type: "change_case", column: "price", case: "upper" })).toEqual([
      'operations[0].action.column: change_case changes text, but "price" holds numbers',
    ]);
    expect(issues({ type: "set_template", column: "name", template: "{brnd} {name}" })).toEqual([
      'operations[0].action.template: no column "brnd" in this dataset — did you mean "brand"?',
    ]);
  });

  it("every text action is undone byte for byte and is deterministic (property)", () => {
    const action = fc.oneof(
      fc
        .tuple(
          fc.constantFrom("name", "supplier", "brand"),
          fc.string({ minLength: 1, maxLength: 3 }),
          fc.string({ maxLength: 3 }),
        )
        .map(([column, find, replace]) => ({ type: "replace_text", column, find, replace })),
      fc
        .constantFrom("upper", "lower", "title")
        .map((c) => ({ type: "change_case", column: "name", case: c })),
      fc.constant({ type: "trim_spaces", column: "description" }),
      fc
        .string({ minLength: 1, maxLength: 4 })
        .map((t) => ({ type: "add_prefix", column: "supplier", text: t })),
      fc.constant({ type: "set_template", column: "name", template: "{brand}: {supplier}" }),
    );
    fc.assert(
      fc.property(action, (a) => {
        const forward = table.ok(one(a));
        expect(text(table.ok(one(a)).output)).toBe(text(forward.output));
        if (forward.changes.length > 0) expect(text(undone(forward, "sku"))).toBe(SUPPLIERS);
      }),
      { numRuns: 60 },
    );
  });
});

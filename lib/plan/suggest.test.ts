import { describe, expect, it } from "vitest";
import { didYouMean, editDistance, quoteList, rankSuggestions } from "./suggest";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent transpositions as one edit", () => {
    expect(editDistance("fitness", "fitness")).toBe(0);
    expect(editDistance("fittness", "fitness")).toBe(1);
    expect(editDistance("fitnes", "fitness")).toBe(1);
    expect(editDistance("fitnezs", "fitness")).toBe(1);
    expect(editDistance("fitnses", "fitness")).toBe(1);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });
});

describe("didYouMean", () => {
  const categories = ["accessories", "fitness", "yoga"];

  it("finds typos, other cases, plurals and separators", () => {
    expect(didYouMean("fittness", categories)).toBe("fitness");
    expect(didYouMean("YOGA", categories)).toBe("yoga");
    expect(didYouMean("accessory", categories)).toBe("accessories");
    expect(didYouMean("in-stock", ["price", "in_stock"])).toBe("in_stock");
    expect(didYouMean("box", ["boxes", "bags"])).toBe("boxes");
  });

  it("finds a longer name that starts with the word", () => {
    expect(didYouMean("access", categories)).toBe("accessories");
  });

  it("suggests nothing when nothing is close", () => {
    expect(didYouMean("garden", categories)).toBeUndefined();
    expect(didYouMean("x", ["yoga"])).toBeUndefined();
    expect(didYouMean("", categories)).toBeUndefined();
  });

  it("prefers the closest candidate and keeps the candidates' order on ties", () => {
    expect(rankSuggestions("prise", ["price", "prize", "list_price"])).toEqual(["price", "prize"]);
  });
});

describe("quoteList", () => {
  it("joins quoted values the way a sentence does", () => {
    expect(quoteList(["a"])).toBe('"a"');
    expect(quoteList(["a", "b", "c"])).toBe('"a", "b" and "c"');
    expect(quoteList(["a", "b", "c", "d"], 2)).toBe('"a", "b" and 2 more');
  });
});

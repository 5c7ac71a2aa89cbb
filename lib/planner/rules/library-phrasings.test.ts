import { describe, expect, it } from "vitest";
import { rulesOnTable } from "./test-support";

/** A library's catalogue, a table the corpus lacks. */

const library = rulesOnTable([
  "isbn,title,author,genre,copies,available,loan_days,fine_per_day,shelf,last_borrowed",
  "978-0001,The Silent River,Ann Lowe,Mystery,4,2,14,0.25,A3,2026-10-02",
  "978-0002,Stars Beyond,Raj Mehta,Sci-Fi,2,0,14,0.25,B1,2026-11-20",
  "978-0003,Garden Year,Lucy Shaw,Non-fiction,1,1,21,0.10,C2,2025-05-14",
  "978-0004,Cold Harbour,Ann Lowe,Mystery,3,3,14,0.25,A3,2024-12-01",
  "978-0005,Learning Rust,Tom Hale,Computing,5,1,7,0.50,D4,2026-11-25",
  "978-0006,Night Train,Raj Mehta,Thriller,2,2,14,0.25,A1,2023-08-19",
]);

describe("a library's catalogue", () => {
  it("sets a new code named with its column, whatever its letters ('to shelf Z9')", () => {
    expect(library.operations("move Ann Lowe's books to shelf Z9")).toEqual([
      {
        filter: { all: [{ column: "author", op: "eq", value: "Ann Lowe" }] },
        action: { type: "set_value", column: "shelf", value: "Z9" },
      },
    ]);
    expect(library.operation("anything not borrowed since 2024 goes to shelf Z9").action).toEqual({
      type: "set_value",
      column: "shelf",
      value: "Z9",
    });
  });

  it("still refuses such a code without its column", () => {
    expect(library.refusal("move Ann Lowe's books to Z9")).toContain("Z9");
  });
});

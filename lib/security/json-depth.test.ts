import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan } from "./json-depth";

describe("jsonNestsDeeperThan", () => {
  it("measures nesting outside strings only", () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"text":"${"[".repeat(1000)}"}`, 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"text":"a \\" [[[[[["}', 3)).toBe(false);
    expect(jsonNestsDeeperThan(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBe(true);
  });
});

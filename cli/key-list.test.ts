import { describe, expect, it } from "vitest";
import { keyList } from "./key-list";

describe("keyList", () => {
  it("shows plain keys as they are and quotes the ones that would mislead", () => {
    expect(keyList(["A101", "A102"])).toBe("A101, A102");
    expect(keyList(["line\nbreak", "a, b", " padded", "", 'say "hi"'])).toBe(
      '"line\\nbreak", "a, b", " padded", "", "say \\"hi\\""',
    );
  });
});

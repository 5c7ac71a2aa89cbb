import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHANGE_SET_ENCODING, changeSetHash } from "./hash";

describe("changeSetHash", () => {
  it("is sha256 of the documented JSON-lines encoding, escapes included", () => {
    const changes = [
      { operationId: "op_01", rowKey: "A101", column: "price", before: "29.99", after: "32.99" },
      {
        operationId: "op_02",
        rowKey: 'K"1\\',
        column: "note",
        before: "a\nb",
        after: "ü 🍵 \ud800",
      },
    ];
    const expected = createHash("sha256")
      .update(
        `${CHANGE_SET_ENCODING}\n${changes
          .map((c) => `${JSON.stringify([c.operationId, c.rowKey, c.column, c.before, c.after])}\n`)
          .join("")}`,
      )
      .digest("hex");
    expect(changeSetHash(changes)).toBe(expected);
  });

  it("depends on order and content", () => {
    const a = { operationId: "op_01", rowKey: "A", column: "price", before: "1", after: "2" };
    const b = { ...a, rowKey: "B" };
    expect(changeSetHash([a, b])).not.toBe(changeSetHash([b, a]));
    expect(changeSetHash([a])).not.toBe(changeSetHash([{ ...a, after: "3" }]));
  });
});

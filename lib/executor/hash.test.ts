import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHANGE_SET_DIGEST, CHANGE_SET_ENCODING, ChangeSetHasher, changeSetHash } from "./hash";
import { load, planOf } from "./test-support";

describe("changeSetHash", () => {
  it("is SHA-512/256 of the documented JSON-lines encoding, escapes included", () => {
    expect(CHANGE_SET_DIGEST).toBe("sha512-256");
    const change = (
      operationId: string,
      column: string,
      rowKey: string,
      before: string,
      after: string,
    ) => ({ operationId, column, rowKey, before, after });
    const changes = [
      change("op_01", "price", "A101", "29.99", "32.99"),
      change("op_01", "price", "A102", "5", "5.50"),
      change("op_01", "stock", "A101", "true", "false"),
      change("op_02", "note", 'K"1\\', "a\nb", "ü 🍵 \ud800"),
      change("op_01", "price", "A101", "32.99", "30.00"),
    ];
    const lines = [
      CHANGE_SET_ENCODING,
      '["op_01","price"]',
      '["A101","29.99","32.99"]',
      '["A102","5","5.50"]',
      '["op_01","stock"]',
      '["A101","true","false"]',
      '["op_02","note"]',
      JSON.stringify(['K"1\\', "a\nb", "ü 🍵 \ud800"]),
      '["op_01","price"]',
      '["A101","32.99","30.00"]',
    ];
    const expected = createHash(CHANGE_SET_DIGEST)
      .update(`${lines.join("\n")}\n`)
      .digest("hex");
    expect(changeSetHash(changes)).toBe(expected);
  });

  it("encodes long and non-ASCII texts across buffer flushes", () => {
    const long = "x".repeat(300_000);
    const changes = Array.from({ length: 8 }, (_, k) => ({
      operationId: "op_01",
      column: "note",
      rowKey: `K${k}`,
      before: k % 2 === 0 ? long : "é",
      after: `${long}${k}`,
    }));
    const expected = createHash(CHANGE_SET_DIGEST)
      .update(
        `${CHANGE_SET_ENCODING}\n["op_01","note"]\n${changes
          .map((c) => `${JSON.stringify([c.rowKey, c.before, c.after])}\n`)
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

  it("hashes a row key read from the text or bytes exactly as the same key as a string", () => {
    for (const key of ["A101", "K\\1", "tab\there", "del\x7f", "", "åß 1", "k".repeat(5_000)]) {
      const fromText = new ChangeSetHasher();
      fromText.run("op_01", "price");
      fromText.changeWithKeyText(`xx${key}yy`, 2, 2 + key.length, "1", "2");
      const fromString = new ChangeSetHasher();
      fromString.run("op_01", "price");
      fromString.change(key, "1", "2");
      const expected = fromString.digest();
      expect(fromText.digest()).toBe(expected);
      // The bytes of an ASCII file, where the table reads its cells from.
      if ([...key].some((c) => c.charCodeAt(0) > 0x7f)) continue;
      const fromBytes = new ChangeSetHasher();
      fromBytes.run("op_01", "price");
      fromBytes.changeWithKeyText(
        new TextEncoder().encode(`xx${key}yy`),
        2,
        2 + key.length,
        "1",
        "2",
      );
      expect(fromBytes.digest()).toBe(expected);
    }
  });

  it("is what a dry run reports, for quoted, non-ASCII and BOM-prefixed keys", () => {
    const files = [
      'sku,price\nA1,10\n"B,2",20\nC\\3,30\n',
      "\uFEFFsku,price\r\nA1,10\r\nB2,20\r\n",
      'sku,price\nå1,10\n"ß 2",20\n',
    ];
    for (const csv of files) {
      const result = load(csv, "sku").ok(
        planOf([{ filter: {}, action: { type: "percent_increase", value: 10 } }]),
      );
      expect(result.changes.length).toBeGreaterThan(1);
      expect(result.changeSetHash).toBe(changeSetHash(result.changes));
    }
  });
});

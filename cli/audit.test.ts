import { mkdtemp, open, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLine } from "@/lib/dataset/audit-line";
import type { AuditRecordInput } from "@/lib/dataset/audit-record";
import { completedAuditInput, fixturePlan } from "@/lib/executor/test-support";
import { AuditLine, type CliAuditExtras } from "./audit";

const EXTRAS: CliAuditExtras = {
  actor: "ana",
  input: { path: "/data/in.csv", sha256: "a".repeat(64) },
  output: { path: "/data/out.csv", sha256: "b".repeat(64) },
  guards: [],
  override_reason: null,
};

/** A completed run of the fitness +10% plan on `rows` rows: one change entry per fitness row. */
function record(rows: number): AuditRecordInput {
  const lines = ["sku,category,price,in_stock"];
  for (let k = 0; k < rows; k++) {
    lines.push(`S${k},${k % 3 === 0 ? "yoga" : "fitness"},${(k % 90) + 10}.25,true`);
  }
  return completedAuditInput(fixturePlan("seed-plan-fitness-10pct.json"), `${lines.join("\n")}\n`)
    .input;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "signoff-audit-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("an audit line appended to the audit file", () => {
  it("is the record's line, made partly ahead, after what the file held, with flushes started on the way", async () => {
    const input = record(30_000);
    const file = path.join(dir, "audit.jsonl");
    const handle = await open(file, "a");
    let flushes = 0;
    // Flushes that end at once, so that how many begin does not depend on the disk's speed (on a
    // busy machine one real flush can outlast the whole append).
    handle.datasync = () => {
      flushes++;
      return Promise.resolve();
    };
    try {
      await handle.write("earlier line\n");
      const line = new AuditLine(input);
      // Some pieces are made before the extras are known, the rest as the line is appended.
      let release = () => {};
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      const ahead = line.makeAhead(until, 64 << 10);
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await ahead;
      await line.appendTo(handle, EXTRAS, { flushAheadBytes: 64 << 10 });
    } finally {
      await handle.close();
    }
    const expected = auditLine(input, { ...EXTRAS });
    // Pieces of about a megabyte: several, each followed by a flush begun ahead of the caller's.
    expect(expected.length).toBeGreaterThan(3 << 20);
    expect(await readFile(file, "utf8")).toBe(`earlier line\n${expected}`);
    expect(flushes).toBeGreaterThanOrEqual(2);
  });

  it("reports a flush that failed on the way once the line is appended", async () => {
    const handle = await open(path.join(dir, "audit.jsonl"), "a");
    handle.datasync = () => Promise.reject(new Error("EIO: the disk failed"));
    try {
      const line = new AuditLine(record(30_000));
      await expect(line.appendTo(handle, EXTRAS, { flushAheadBytes: 64 << 10 })).rejects.toThrow(
        "EIO: the disk failed",
      );
    } finally {
      await handle.close();
    }
  });

  it("refuses extras that would repeat a field of the record before appending a byte", async () => {
    const file = path.join(dir, "audit.jsonl");
    const handle = await open(file, "a");
    try {
      const line = new AuditLine(record(10));
      // A seed field's name among the extras would write the field twice.
      const bad = { ...EXTRAS, status: "done" } as unknown as CliAuditExtras;
      await expect(line.appendTo(handle, bad)).rejects.toThrow();
    } finally {
      await handle.close();
    }
    expect(await readFile(file, "utf8")).toBe("");
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { workerSource } from "./scan-worker";

type ScanWorkerModule = typeof import("./scan-worker") & typeof import("./csv");

/**
 * The worker thread runs the source text of functions from this module's bundle. A production
 * build minifies that bundle, renaming the functions and every call between them; the worker must
 * still find each function it calls, or every large file falls back to one thread with a warning.
 * So the worker is tested here from a minified bundle, as the server ships it.
 */
describe("the scan worker in a minified bundle", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signoff-minified-"));
  let bundle: ScanWorkerModule;
  const warn = vi.spyOn(console, "warn");

  beforeAll(async () => {
    const outfile = path.join(dir, "scan-worker.mjs");
    buildSync({
      stdin: {
        contents: 'export * from "./scan-worker";\nexport { parseCsv, writeChanges } from "./csv";',
        resolveDir: import.meta.dirname,
        loader: "ts",
      },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "node",
      outfile,
      logLevel: "error",
    });
    bundle = (await import(pathToFileURL(outfile).href)) as ScanWorkerModule;
  });

  afterAll(() => {
    warn.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // Enough rows for the key check to go to the worker, and bytes for the line patch to.
  const rows = Array.from({ length: 320_000 }, (_, i) => `SKU-${i},"Item ${i}, red",${i % 90}.50`);
  const input = new TextEncoder().encode(`sku,name,price\n${rows.join("\n")}\n`);

  it("scans a file's second half and checks its keys there, as one thread would", () => {
    const scanner = bundle.tailScannerForTests();
    const table = bundle.parseCsv(input, {
      keyColumn: "sku",
      checkKeysAside: true,
      encode: { column: "price", limit: 128 },
      tailScanner: scanner,
    });
    table.settleKeyCheck();
    const alone = bundle.parseCsv(input, { keyColumn: "sku" });
    expect(warn).not.toHaveBeenCalled();
    expect(table.rowCount).toBe(320_000);
    // (Compared with `equals`: a deep comparison of megabytes takes seconds.)
    const offsets = (t: typeof table) =>
      Buffer.from(t.fieldStart.buffer, t.fieldStart.byteOffset, t.fieldStart.byteLength);
    expect(offsets(table).equals(offsets(alone))).toBe(true);
    expect(table.cell(250_000, 1)).toBe("Item 250000, red");
    expect(table.rowOfKey("SKU-250000")).toBe(250_000);
  });

  it("finds a large file's line patch there", async () => {
    const table = bundle.parseCsv(input);
    const edits = [];
    for (let row = 0; row < table.rowCount; row += 3) {
      edits.push({ row, column: 2, value: `${table.cell(row, 2)}0` });
    }
    const written = bundle.writeChanges(table, edits);
    const replaced = written.replacements();
    if (!replaced) throw new Error("an ASCII file's replacements are known");
    const patch = await bundle.deflatedLinePatchAside(input, written.bytes, replaced);
    expect(warn).not.toHaveBeenCalled();
    expect(patch?.length).toBeGreaterThan(0);
  });
});

describe("workerSource", () => {
  it("declares the functions under their own names and evaluates to the entry", () => {
    function twice(x: number) {
      return add(x, x);
    }
    function add(a: number, b: number) {
      return a + b;
    }
    const entry = new Function(`return ${workerSource(twice, [twice, add])};`)();
    expect(entry(21)).toBe(42);
  });

  it("gives a function that throws for an entry that is not a declaration", () => {
    const arrow = (x: number) => x;
    const entry = new Function(`return ${workerSource(arrow, [arrow])};`)();
    expect(() => entry(1)).toThrow("arrow is not a declaration in this build");
  });
});

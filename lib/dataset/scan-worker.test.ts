import { createHash } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import fc from "fast-check";
import { afterAll, describe, expect, it, vi } from "vitest";
import {
  CsvError,
  type CsvTable,
  type PendingTailScan,
  parseCsv,
  type TailScanner,
  writeChanges,
} from "./csv";
import { scanRows } from "./csv-scan";
import { linePatch, linePatchOfReplacements } from "./line-patch";
import {
  deflatedLinePatchAside,
  PARALLEL_PARSE_MIN_BYTES,
  sha256Aside,
  tailScannerForTests,
} from "./scan-worker";
import { readFileShared } from "./shared-file";

// The real hash, watched: which thread takes a digest (the worker's `node:crypto` is its own).
vi.mock("node:crypto", async (actual) => {
  const crypto = await actual<typeof import("node:crypto")>();
  return { ...crypto, createHash: vi.fn(crypto.createHash) };
});

// Watched the same way: which thread finds a line patch (the worker runs its source text).
vi.mock("./line-patch", async (actual) => {
  const patches = await actual<typeof import("./line-patch")>();
  return { ...patches, linePatchOfReplacements: vi.fn(patches.linePatchOfReplacements) };
});

/**
 * The two-thread parse must be indistinguishable from the one-thread parse: same offsets, same
 * keys, same first error.
 */

// ASCII only, with everything that matters to a scan: commas, quotes, line breaks, blanks.
const field = fc.stringMatching(/^[a-z0-9 ,"\r\n\t.]{0,8}$/);
const lineBreak = fc.constantFrom("\n", "\r\n", "\r", "\n\n", "\r\n\r\n");

/** Well-formed files, and files broken in one of the ways a scan reports. */
const asciiCsv = fc
  .record({
    width: fc.integer({ min: 1, max: 4 }),
    rows: fc.array(
      fc.record({
        cells: fc.array(fc.record({ value: field, quote: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
        }),
        lineBreak,
      }),
      { minLength: 1, maxLength: 40 },
    ),
    damage: fc.constantFrom("none", "none", "none", "ragged", "unterminated", "text-after-quote"),
    at: fc.nat(),
  })
  .map(({ width, rows, damage, at }) => {
    const header = Array.from({ length: width }, (_, i) => `c${i}`).join(",");
    const lines = rows.map(({ cells, lineBreak: brk }, r) => {
      const ragged = damage === "ragged" && r === at % rows.length;
      const fitted = ragged ? cells : padTo(cells, width);
      const fields = fitted.map(({ value, quote }) =>
        quote || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value,
      );
      if (damage === "text-after-quote" && r === at % rows.length) fields[0] = '"x"y';
      return `${brk}${fields.join(",")}`;
    });
    let text = `${header}${lines.join("")}`;
    if (damage === "unterminated") {
      const cut = header.length + 1 + (at % Math.max(1, text.length - header.length));
      text = `${text.slice(0, cut)}"${text.slice(cut)}`;
    }
    return text;
  });

function padTo(cells: Array<{ value: string; quote: boolean }>, width: number) {
  const fitted = cells.slice(0, width);
  while (fitted.length < width) fitted.push({ value: "", quote: true });
  return fitted;
}

/**
 * What a parse produced, in plain values. `dictionaryLimit` adds each column's dictionary
 * decoded back into values (null when the column has more distinct values than the limit).
 */
function outcome(parse: () => CsvTable, dictionaryLimit?: number) {
  try {
    const table = parse();
    const cells: string[] = [];
    for (let row = 0; row < table.rowCount; row++) {
      for (let col = 0; col < table.columnCount; col++) cells.push(table.cell(row, col));
    }
    const dictionaries: Array<string[] | null> = [];
    for (let col = 0; dictionaryLimit !== undefined && col < table.columnCount; col++) {
      const dictionary = table.dictionary(col, dictionaryLimit);
      dictionaries.push(dictionary && Array.from(dictionary.codes, (c) => dictionary.values[c]));
    }
    return {
      fieldStart: [...table.fieldStart],
      rowEnd: [...table.rowEnd],
      cells,
      dictionaries,
      firstKeyRow: table.keyColumn ? table.rowOfKey(table.rowKey(0)) : null,
    };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { error: error.code, message: error.message, line: error.line };
  }
}

/** The worker-backed scanner, counting the answers the parse actually used. */
function countingScanner() {
  const inner = tailScannerForTests();
  const counts = { started: 0, answered: 0 };
  const scanner: TailScanner = {
    minBytes: 0,
    start(bytes, from, width, keyField, encode, delimiter, into) {
      const pending = inner.start(bytes, from, width, keyField, encode, delimiter, into);
      if (!pending) return null;
      counts.started++;
      const counted: PendingTailScan = {
        result() {
          const scan = pending.result();
          if (scan) counts.answered++;
          return scan;
        },
        cancel: () => pending.cancel(),
      };
      return counted;
    },
  };
  return { scanner, counts };
}

describe("scanRows", () => {
  it("stops at the first row that starts at or after `stop`, and offsets by `base`", () => {
    const text = "a,b\n1,2\n3,4\n5,6\n";
    const scan = scanRows(text, 4, 9, { width: 2, keyField: 0, base: 100 });
    expect(scan.rowCount).toBe(2);
    expect(scan.next).toBe(12);
    expect([...scan.fieldStart]).toEqual([104, 106, 108, 110]);
    expect([...scan.keyHashes]).toHaveLength(2);
  });
});

describe("parsing with a tail scanner", () => {
  const { scanner, counts } = countingScanner();
  afterAll(() => {
    // Every file here hands its tail over. The answer goes unused when the first half has a
    // problem or the guessed row start is inside quotes (about 60% of the random files), but
    // plenty must be used, or this suite would only be testing the one-thread fallback.
    expect(counts.answered).toBeGreaterThan(30);
  });

  it("gives the same table or the same error as parsing on one thread", () => {
    fc.assert(
      fc.property(
        asciiCsv,
        fc.boolean(),
        fc.constantFrom("c0", "c1", "c3"),
        fc.integer({ min: 1, max: 6 }),
        (text, keyed, column, limit) => {
          const bytes = new TextEncoder().encode(text);
          const options = keyed ? { keyColumn: "c0" } : {};
          // Alone, dictionaries are built by a pass over each column; shared, the scans of both
          // threads encode the chosen column on their way.
          const alone = outcome(() => parseCsv(bytes, options), limit);
          const shared = outcome(
            () => parseCsv(bytes, { ...options, tailScanner: scanner, encode: { column, limit } }),
            limit,
          );
          expect(shared).toEqual(alone);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("scans a tail of many pieces as one thread would, quoted line breaks and all", () => {
    // 3 to 4 MB, every row with a quoted line break. The row the worker starts at is guessed
    // from the first line break past a share of the file, and the worker's rows are only used
    // when that is a row's end; rows of three lengths put the guess in three places, and most
    // must be used.
    const used = [60, 80, 100].filter((pad) => {
      const rows = Array.from(
        { length: 30_000 },
        (_, i) =>
          `k${i},"note ${i}\nsecond line",cat${i % 7},${i % 11 === 0 ? "" : i},${"p".repeat(pad)}`,
      );
      const bytes = new TextEncoder().encode(
        `key,note,category,n,pad\n${rows.join("\r\n")}\r\n\r\n`,
      );
      const before = counts.answered;
      const options = { keyColumn: "key", encode: { column: "category", limit: 16 } };
      const shared = outcome(() => parseCsv(bytes, { ...options, tailScanner: scanner }), 16);
      expect(shared).toEqual(outcome(() => parseCsv(bytes, options), 16));
      const table = parseCsv(bytes, { ...options, tailScanner: scanner });
      expect(table.cell(29_999, 1)).toBe("note 29999\nsecond line");
      expect(table.rowOfKey("k25000")).toBe(25_000);
      return counts.answered > before;
    });
    expect(used.length).toBeGreaterThanOrEqual(2);
  });

  it("reads a character beyond ASCII wherever it first appears, on either thread", () => {
    // A file whose first characters are ASCII is scanned in its bytes on the guess that all of
    // it is; the first other byte, in either thread's part, sends it back to be decoded.
    const rows = Array.from({ length: 20_000 }, (_, i) => `k${i},item ${i},${i % 90}.50`);
    for (const at of [3, 5_000, 11_000, 19_999]) {
      const text = rows.map((row, i) => (i === at ? `k${i},"café ${i}, ""é""",1.50` : row));
      const bytes = new TextEncoder().encode(`sku,name,price\n${text.join("\n")}\n`);
      const shared = parseCsv(bytes, { keyColumn: "sku", tailScanner: scanner });
      expect(shared.cell(at, 1)).toBe(`café ${at}, "é"`);
      expect(shared.cell(19_999, 1)).toBe(at === 19_999 ? 'café 19999, "é"' : "item 19999");
      expect(shared.ascii).toBe(false);
      expect(outcome(() => shared)).toEqual(outcome(() => parseCsv(bytes, { keyColumn: "sku" })));
    }
  });

  it("joins the two threads' rows however far the estimate of either's rows is out", () => {
    // Each thread's rows go into shared arrays sized from the lengths of the rows its part
    // starts with: long rows then short ones are more rows than that, and the scan that runs
    // out of room goes on in arrays of its own.
    const long = (i: number) => `k${i},${"x".repeat(300)},${i}`;
    const short = (i: number) => `k${i},s,${i}`;
    const layouts = [
      (i: number) => (i < 4_000 ? long(i) : short(i)),
      (i: number) => (i < 4_000 || (i >= 8_000 && i < 12_000) ? long(i) : short(i)),
      (i: number) => (i < 9_000 ? short(i) : long(i)),
    ];
    for (const layout of layouts) {
      const rows = Array.from({ length: 60_000 }, (_, i) => layout(i));
      const bytes = new TextEncoder().encode(`sku,note,n\n${rows.join("\n")}\n`);
      const options = { keyColumn: "sku", encode: { column: "n", limit: 8 } };
      const before = counts.answered;
      const shared = outcome(() => parseCsv(bytes, { ...options, tailScanner: scanner }), 8);
      expect(counts.answered).toBe(before + 1);
      expect(shared).toEqual(outcome(() => parseCsv(bytes, options), 8));
    }
  });

  it("reads a semicolon or tab file's tail with its own separator", () => {
    for (const separator of [";", "\t", "|"]) {
      const rows = Array.from(
        { length: 400 },
        (_, index) => `K${index}${separator}${index},5${separator}"a${separator}b"`,
      );
      const text = `sku${separator}price${separator}note\n${rows.join("\n")}\n`;
      const bytes = new TextEncoder().encode(text);
      const alone = outcome(() => parseCsv(bytes, { keyColumn: "sku" }));
      const shared = outcome(() => parseCsv(bytes, { keyColumn: "sku", tailScanner: scanner }));
      expect(shared).toEqual(alone);
      expect(parseCsv(bytes, { tailScanner: scanner }).cell(399, 2)).toBe(`a${separator}b`);
    }
  });

  it("is not misled by a quoted line break where the handover starts", () => {
    // The middle of the file falls inside a quoted field that spans lines: the guessed row start
    // is not one, and the rows are scanned by this thread instead.
    const filler = "x".repeat(400);
    const text = `id,note\n1,"${filler}\n${filler}\n${filler}"\n2,b\n3,c\n`;
    const bytes = new TextEncoder().encode(text);
    expect(outcome(() => parseCsv(bytes, { keyColumn: "id", tailScanner: scanner }))).toEqual(
      outcome(() => parseCsv(bytes, { keyColumn: "id" })),
    );
    const table = parseCsv(bytes, { keyColumn: "id", tailScanner: scanner });
    expect(table.cell(0, 1)).toBe(`${filler}\n${filler}\n${filler}`);
    expect(table.rowOfKey("3")).toBe(2);
  });

  it("names the line of a duplicate key found across the two halves", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `k${i},${i}`);
    rows[1_900] = "k5,dup";
    const bytes = new TextEncoder().encode(`key,n\n${rows.join("\n")}\n`);
    expect(() => parseCsv(bytes, { keyColumn: "key", tailScanner: scanner })).toThrow(
      "Line 1902: key 'k5' already appears on line 7.",
    );
  });

  it("leaves a file with non-ASCII text to this thread, with the same result", () => {
    const rows = Array.from({ length: 500 }, (_, i) => `${i},café ${i}`);
    const bytes = new TextEncoder().encode(`id,name\n${rows.join("\n")}\n`);
    const table = parseCsv(bytes, { keyColumn: "id", tailScanner: scanner });
    expect(table.cell(499, 1)).toBe("café 499");
    expect(outcome(() => table)).toEqual(outcome(() => parseCsv(bytes, { keyColumn: "id" })));
  });

  it("reads a file into shared memory, which is handed over without a copy", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "signoff-scan-")), "t.csv");
    const rows = Array.from({ length: 3_000 }, (_, i) => `r${i},"a, ${i}",${i % 7}`);
    fs.writeFileSync(file, `id,label,n\n${rows.join("\r\n")}\r\n`);
    const bytes = await readFileShared(file);
    expect(bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(bytes).equals(fs.readFileSync(file))).toBe(true);
    const before = counts.answered;
    const table = parseCsv(bytes, { keyColumn: "id", tailScanner: scanner });
    expect(counts.answered).toBe(before + 1);
    expect(table.rowCount).toBe(3_000);
    expect(table.cell(2_999, 1)).toBe("a, 2999");
    expect(table.rowOfKey("r2500")).toBe(2_500);
  });

  it("reads a large file in pieces at once, byte for byte, and an empty or missing one plainly", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signoff-read-"));
    // Past the size read in pieces, and not a multiple of the piece count.
    const large = Buffer.alloc(PARALLEL_PARSE_MIN_BYTES + 12_345);
    for (let k = 0; k < large.length; k++) large[k] = (k * 31 + (k >> 13)) & 0xff;
    fs.writeFileSync(path.join(dir, "large.bin"), large);
    const read = await readFileShared(path.join(dir, "large.bin"));
    expect(read.length).toBe(large.length);
    expect(Buffer.from(read).equals(large)).toBe(true);

    fs.writeFileSync(path.join(dir, "empty.csv"), "");
    expect((await readFileShared(path.join(dir, "empty.csv"))).length).toBe(0);
    await expect(readFileShared(path.join(dir, "missing.csv"))).rejects.toMatchObject({
      code: "ENOENT",
    });
  });
});

describe("scanWorkerReady", () => {
  it("settles once the worker runs, in a process that then ends on its own", async () => {
    const { execFile } = await import("node:child_process");
    const { promisify } = await import("node:util");
    const { REPO_ROOT } = await import("@/lib/plan/test-support");
    // A thread that is not waited for must not hold a process open; one that is waited for must,
    // until it runs (a process with nothing else to do would end with the wait unsettled).
    const script = [
      'import { scanWorkerReady } from "./lib/dataset/scan-worker.ts";',
      "await scanWorkerReady();",
      'console.log("ready");',
    ].join("\n");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { cwd: REPO_ROOT, timeout: 30_000 },
    );
    expect(stdout.trim()).toBe("ready");
  });
});

describe("checking keys on the worker", () => {
  const scanner = tailScannerForTests();
  const file = (rows: string[]) => new TextEncoder().encode(`key,n\n${rows.join("\n")}\n`);
  const keyed = Array.from({ length: 3_000 }, (_, i) => `k${i},${i}`);

  it("leaves a repeated key to be found when the caller settles the check", () => {
    const rows = [...keyed];
    rows[2_500] = "k17,dup";
    rows[2_900] = "k4,dup";
    const bytes = file(rows);
    const alone = outcome(() => parseCsv(bytes, { keyColumn: "key" }));
    const table = parseCsv(bytes, { keyColumn: "key", tailScanner: scanner, checkKeysAside: true });
    expect(table.rowCount).toBe(3_000);
    const settled = () => {
      table.settleKeyCheck();
      return table;
    };
    expect(outcome(settled)).toEqual(alone);
    expect(alone).toMatchObject({ message: "Line 2502: key 'k17' already appears on line 19." });
    // The column that failed is no longer the key.
    expect(table.keyColumn).toBeUndefined();
  });

  it("settles before a key is looked up, and then finds rows as the parse on one thread does", () => {
    const bytes = file(keyed);
    const table = parseCsv(bytes, { keyColumn: "key", tailScanner: scanner, checkKeysAside: true });
    expect(table.rowOfKey("k2999")).toBe(2_999);
    expect(outcome(() => table)).toEqual(outcome(() => parseCsv(bytes, { keyColumn: "key" })));
  });

  it("checks here when the worker fails", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const failing = `
        require("node:worker_threads").parentPort.on("message", ({ done, port }) => {
          port.postMessage({ error: "check exploded" });
          port.close();
          Atomics.store(done, 0, 1);
          Atomics.notify(done, 0);
        });`;
      const rows = [...keyed];
      rows[10] = "k3,dup";
      const table = parseCsv(file(rows), {
        keyColumn: "key",
        tailScanner: tailScannerForTests({ workerSource: failing }),
        checkKeysAside: true,
      });
      expect(() => table.settleKeyCheck()).toThrow("Line 12: key 'k3' already appears on line 5.");
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/check exploded/));
    } finally {
      warn.mockRestore();
    }
  });
});

describe("handing over a Node Buffer", () => {
  it("copies the tail rather than taking the caller's bytes away", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `k${i},${i}`);
    const bytes = Buffer.from(`key,n\n${rows.join("\n")}\n`);
    const table = parseCsv(bytes, { keyColumn: "key", tailScanner: tailScannerForTests() });
    expect(bytes.length).toBeGreaterThan(0);
    expect(table.rowCount).toBe(2_000);
    expect(table.cell(1_999, 1)).toBe("1999");
  });
});

describe("a worker that fails", () => {
  const rows = Array.from({ length: 2_000 }, (_, i) => `k${i},"v, ${i}"`);
  const bytes = new TextEncoder().encode(`key,value\n${rows.join("\n")}\n`);
  const alone = outcome(() => parseCsv(bytes, { keyColumn: "key" }));

  it("is waited for no longer than its patience, then the file is scanned on one thread", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // A worker with no message handler exits at once; the job it was sent is never answered.
      const scanner = tailScannerForTests({ workerSource: "// answers nothing", patienceMs: 100 });
      expect(outcome(() => parseCsv(bytes, { keyColumn: "key", tailScanner: scanner }))).toEqual(
        alone,
      );
      expect(warn).toHaveBeenCalledWith(
        expect.stringMatching(/CSV scan worker failed \(no answer within \d+ ms\)/),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("reports the worker's error, and the file is scanned on one thread", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const failing = `
        require("node:worker_threads").parentPort.on("message", ({ done, port }) => {
          port.postMessage({ error: "scan exploded" });
          port.close();
          Atomics.store(done, 0, 1);
          Atomics.notify(done, 0);
        });`;
      const scanner = tailScannerForTests({ workerSource: failing });
      expect(outcome(() => parseCsv(bytes, { keyColumn: "key", tailScanner: scanner }))).toEqual(
        alone,
      );
      expect(warn).toHaveBeenCalledWith(
        "CSV scan worker failed (scan exploded); scanning on one thread.",
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe("sha256Aside", () => {
  it("hashes large shared bytes on the worker, and others here, to the same digest", async () => {
    const size = PARALLEL_PARSE_MIN_BYTES + 3;
    const shared = new Uint8Array(new SharedArrayBuffer(size));
    for (let at = 0; at < size; at++) shared[at] = (at * 31) & 0xff;
    const expected = createHash("sha256").update(shared).digest("hex");
    const hashedHere = vi.mocked(createHash);
    hashedHere.mockClear();
    expect(await sha256Aside(shared)).toBe(expected);
    // The worker's answer is the digest: this thread hashed nothing, then or after.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hashedHere).not.toHaveBeenCalled();
    expect(await sha256Aside(shared.slice())).toBe(expected);
    expect(await sha256Aside(shared.subarray(0, 10))).toBe(
      createHash("sha256").update(shared.subarray(0, 10)).digest("hex"),
    );
  });
});

describe("deflatedLinePatchAside", () => {
  it("finds and compresses a large file's patch on the worker, and a small one's here", async () => {
    const rows = Array.from({ length: 320_000 }, (_, i) => `SKU-${i},Item ${i},${i % 90}.50`);
    const input = new TextEncoder().encode(`sku,name,price\n${rows.join("\n")}\n`);
    expect(input.length).toBeGreaterThan(PARALLEL_PARSE_MIN_BYTES);
    // Every third price written one character longer, as an approval's writer would.
    const table = parseCsv(input);
    const edits = [];
    for (let row = 0; row < table.rowCount; row += 3) {
      edits.push({ row, column: 2, value: `${table.cell(row, 2)}0` });
    }
    const written = writeChanges(table, edits);
    const replaced = written.replacements();
    if (!replaced) throw new Error("an ASCII file's replacements are known");
    const expected = Buffer.from(linePatch(written.bytes, input) as Uint8Array);

    const patchedHere = vi.mocked(linePatchOfReplacements);
    patchedHere.mockClear();
    const deflated = await deflatedLinePatchAside(input, written.bytes, replaced);
    // (Compared with `equals`: a deep comparison of megabytes takes seconds.)
    expect(inflateRawSync(deflated as Uint8Array).equals(expected)).toBe(true);
    expect(patchedHere).not.toHaveBeenCalled();

    const small = parseCsv(new TextEncoder().encode("k,v\na,1\nb,2\n"));
    const one = writeChanges(small, [{ row: 1, column: 1, value: "20" }]);
    const smallPatch = await deflatedLinePatchAside(
      small.bytes,
      one.bytes,
      one.replacements() as NonNullable<ReturnType<typeof one.replacements>>,
    );
    expect(Buffer.from(inflateRawSync(smallPatch as Uint8Array))).toEqual(
      Buffer.from(linePatch(one.bytes, small.bytes) as Uint8Array),
    );
    expect(patchedHere).toHaveBeenCalledTimes(1);
  });
});

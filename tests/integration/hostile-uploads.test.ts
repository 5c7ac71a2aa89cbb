import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/datasets/upload/route";
import { confirmUpload } from "@/lib/services/upload-dataset";
import { listStaged } from "@/lib/services/upload-staging";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * Hostile CSV uploads through the upload route handler, in process, with real `Request`s: ragged
 * rows, unterminated quotes, NUL bytes, invalid UTF-8, BOMs, huge fields, duplicate and empty
 * headers and keys, spreadsheet formulas and HTML. Every answer is a 200 that staged the file or
 * a 4xx with a message (naming the line whenever the problem is on one) that stored nothing;
 * never a 5xx. Bodies over the limit are refused without being read past it.
 */

const LIMIT_MB = 1;
const LIMIT_BYTES = LIMIT_MB * 1024 * 1024;

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
  // The staging area sits beside the database; env() reads these on first use.
  process.env.DATABASE_URL = temp.url;
  process.env.SIGNOFF_MAX_UPLOAD_MB = String(LIMIT_MB);
});
afterAll(async () => {
  await temp.dispose();
});

const encoder = new TextEncoder();

function upload(body: BodyInit | null, headers: Record<string, string> = {}): Promise<Response> {
  return POST(
    new Request("http://localhost/api/datasets/upload", {
      method: "POST",
      headers,
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit),
    {},
  );
}

// ---------------------------------------------------------------------------------------------
// Hostile files

const HOSTILE_TEXT = [
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=1">',
  '=HYPERLINK("http://example.invalid")',
  "=cmd|' /C calc'!A0",
  "+1+1",
  "-2-3",
  "@SUM(A1)",
  "\tindent",
  "__proto__",
  "constructor",
  "\u0000",
  "a\u0000b",
  "\uFEFF",
  "😀",
  "e\u0301",
  "\u202Eevil",
  "",
  " ",
  "sku",
  "id",
  "price",
];

/** A field as it appears in the file: sometimes quoted well, sometimes not, sometimes broken. */
const field = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
  { weight: 2, arbitrary: fc.constantFrom("1", "2.50", "-0", "1e999", "NaN", "true", "FALSE") },
  {
    weight: 2,
    arbitrary: fc.string({ maxLength: 12 }).map((value) => `"${value.replaceAll('"', '""')}"`),
  },
  { weight: 1, arbitrary: fc.constantFrom('"unterminated', 'a"b', '"x"y', '""', '"line\nbreak"') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("x", "é", ","), fc.integer({ min: 1_000, max: 60_000 }))
      .map(([unit, times]) => (unit === "," ? `"${unit.repeat(times)}"` : unit.repeat(times))),
  },
);

const row = fc.array(field, { minLength: 0, maxLength: 6 });

const csvText = fc
  .record({
    header: fc.array(field, { minLength: 1, maxLength: 6 }),
    rows: fc.array(row, { maxLength: 12 }),
    newline: fc.constantFrom("\n", "\r\n", "\r"),
    bom: fc.boolean(),
    trailingNewline: fc.boolean(),
  })
  .map(({ header, rows, newline, bom, trailingNewline }) => {
    const lines = [header, ...rows].map((cells) => cells.join(","));
    return `${bom ? "\uFEFF" : ""}${lines.join(newline)}${trailingNewline ? newline : ""}`;
  });

/** Bytes that are not UTF-8: a lone continuation byte, a truncated sequence, a surrogate, 0xFF. */
const badUtf8 = fc.constantFrom(
  [0x80],
  [0xc3],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xff],
  [0xc0, 0xaf],
);

const hostileFile: fc.Arbitrary<Uint8Array<ArrayBuffer>> = fc.oneof(
  { weight: 6, arbitrary: csvText.map((text) => encoder.encode(text)) },
  {
    weight: 2,
    arbitrary: fc.tuple(csvText, badUtf8, fc.nat()).map(([text, bad, at]) => {
      const bytes = encoder.encode(text);
      const cut = at % (bytes.length + 1);
      return Uint8Array.from([...bytes.subarray(0, cut), ...bad, ...bytes.subarray(cut)]);
    }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }) },
  { weight: 1, arbitrary: fc.constantFrom(new Uint8Array(0), Uint8Array.from([0xef, 0xbb, 0xbf])) },
);

const fileName = fc.oneof(
  fc.constant("products.csv"),
  fc.constantFrom("%E0%A4%A", "..%2F..%2Fetc%2Fpasswd", "%3Cimg%20src%3Dx%3E.csv", "%00.csv"),
  fc.string({ maxLength: 300 }).map((name) => encodeURIComponent(name)),
);

// ---------------------------------------------------------------------------------------------

interface Answer {
  ok: boolean;
  code?: string;
  error?: string;
  detail?: { line?: number | null; csvCode?: string };
  data?: { token: string; rowCount: number; byteSize: number; profile: { keyColumn: string } };
}

/** Problems that are about the whole file rather than a line of it. */
const WHOLE_FILE = new Set(["empty_file", "no_key_column", "too_large"]);

describe("hostile CSV uploads through the upload route", () => {
  it("every file is staged or refused with a message naming the line, never a 5xx, nothing kept on refusal", async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(hostileFile, fileName, async (bytes, name) => {
        const stagedBefore = (await listStaged()).length;
        const datasetsBefore = await temp.db.dataset.count();
        const response = await upload(bytes as Uint8Array<ArrayBuffer>, { "x-file-name": name });
        expect(response.status).toBeLessThan(500);
        const answer = (await response.json()) as Answer;

        if (answer.ok) {
          accepted++;
          expect(response.status).toBe(200);
          expect(answer.data?.byteSize).toBe(bytes.byteLength);
          expect(Number.isInteger(answer.data?.rowCount)).toBe(true);
          expect(await listStaged()).toHaveLength(stagedBefore + 1);
        } else {
          refused++;
          expect([400, 413]).toContain(response.status);
          expect(answer.code).toMatch(/^(invalid_csv|too_large)$/);
          expect(answer.error?.trim()).not.toBe("");
          const csvCode = answer.detail?.csvCode ?? "";
          if (!WHOLE_FILE.has(csvCode)) {
            const line = answer.detail?.line;
            expect(Number.isInteger(line) && (line as number) >= 1).toBe(true);
            expect(answer.error).toMatch(new RegExp(`^Line ${line}\\b`));
          }
          expect(await listStaged()).toHaveLength(stagedBefore);
        }
        expect(await temp.db.dataset.count()).toBe(datasetsBefore);
      }),
      { numRuns: 700 },
    );
    // Both outcomes were exercised, not only one of them.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 60_000);

  it("an accepted hostile file becomes a dataset whose version holds exactly the uploaded bytes", async () => {
    const text = [
      "\uFEFFsku,<script>window.__xss=1</script>,price",
      'A1,"<img src=x onerror=""window.__xss=1"">",=1+1',
      "A2,\u0000,@SUM(A1)",
      "",
    ].join("\r\n");
    const bytes = encoder.encode(text);
    const response = await upload(bytes, { "x-file-name": "hostile.csv" });
    const answer = (await response.json()) as Answer;
    expect(answer).toMatchObject({
      ok: true,
      data: { rowCount: 2, profile: { keyColumn: "sku" } },
    });
    const created = await confirmUpload({
      token: answer.data?.token ?? "",
      name: "Hostile",
      keyColumn: "sku",
      shorthand: {},
      actor: "local:operator",
    });
    const version = await temp.db.datasetVersion.findUniqueOrThrow({
      where: { id: created.versionId },
    });
    expect(Buffer.from(version.content).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe("oversized bodies are refused early", () => {
  /** A body that never ends, counting how often it was pulled. */
  function endlessBody() {
    const counter = { pulls: 0 };
    const chunk = encoder.encode("A1,1.00\n".repeat(8_192)); // 64 KB
    // highWaterMark 0: the stream is pulled only when someone reads it, never to fill a queue.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          counter.pulls++;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    return { body, counter };
  }

  async function expectTooLarge(response: Response) {
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, code: "too_large" });
    expect(await listStaged()).toHaveLength(stagedAtStart);
  }

  let stagedAtStart = 0;
  beforeAll(async () => {
    stagedAtStart = (await listStaged()).length;
  });

  it("from the Content-Length, before reading a byte of the body", async () => {
    const { body, counter } = endlessBody();
    await expectTooLarge(await upload(body, { "content-length": String(LIMIT_BYTES + 1) }));
    expect(counter.pulls).toBe(0);
  });

  it("while streaming when there is no Content-Length, stopping just past the limit", async () => {
    const { body, counter } = endlessBody();
    await expectTooLarge(await upload(body));
    expect(counter.pulls).toBeLessThanOrEqual(LIMIT_BYTES / 65_536 + 3);
  });

  it("while streaming when the Content-Length understates the body or is not a number", async () => {
    for (const declared of ["10", "-1", "abc", "1e3"]) {
      const { body, counter } = endlessBody();
      await expectTooLarge(await upload(body, { "content-length": declared }));
      expect(counter.pulls).toBeLessThanOrEqual(LIMIT_BYTES / 65_536 + 3);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerFixture, startServerWithFreshData } from "./support/fixture";
import { confirmUpload, type Session, signIn, uploadCsv } from "./support/http";

/**
 * Files large enough for the two-thread parse (lib/dataset/scan-worker.ts), through the built
 * server. Uploads and previews run on the compute thread, from the sources; drafting a plan runs
 * in Next's minified bundle, whose worker runs the bundled scan, so this is where a bundler
 * breaking it would show. The worker's failures are warnings (the parse falls back to one
 * thread), so the server's output is checked for them too.
 */

const ROWS = 200_000; // about 12 MB, over the 8 MB from which the scan is shared

function catalog(rows: number, lineOf?: (row: number) => string | null): Uint8Array {
  const lines = ["sku,name,category,price,in_stock"];
  for (let row = 0; row < rows; row++) {
    const sku = `SKU${String(row).padStart(7, "0")}`;
    lines.push(
      lineOf?.(row) ??
        `${sku},"item ${row}, size ${"SML"[row % 3]}",${["fitness", "yoga", "outdoor"][row % 3]},${(10 + (row % 9000) / 100).toFixed(2)},${row % 4 !== 0}`,
    );
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

let fixture: ServerFixture;
let author: Session;

beforeAll(async () => {
  fixture = await startServerWithFreshData();
  author = await signIn(fixture.server, "author");
});
afterAll(async () => {
  await fixture?.dispose();
});

describe("large uploads (two-thread parse)", () => {
  it("stages a 12 MB catalog with every row", async () => {
    const bytes = catalog(ROWS);
    expect(bytes.length).toBeGreaterThan(8 * 1024 * 1024);
    const answer = await uploadCsv(fixture.server, author, bytes, "large.csv");
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rowCount).toBe(ROWS);
  });

  it("names the line of a ragged row in the second half of the file", async () => {
    const broken = 180_000;
    const bytes = catalog(ROWS, (row) => (row === broken ? "SKUX,short,row" : null));
    const answer = await uploadCsv(fixture.server, author, bytes, "ragged.csv");
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("invalid_csv");
    // Line 1 is the header.
    expect(answer.body.error).toContain(`Line ${broken + 2} has 3 fields; the header has 5.`);
  });

  it("drafts a plan on the large catalog, in Next's own bundle", async () => {
    const upload = await uploadCsv(fixture.server, author, catalog(ROWS), "large.csv");
    const datasetId = await confirmUpload(fixture.server, author, upload, {
      name: "Large catalog",
      keyColumn: "sku",
    });
    const response = await fetch(`${fixture.server.url}/api/plans/draft`, {
      method: "POST",
      headers: {
        cookie: author.cookie,
        origin: fixture.server.url,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        datasetId,
        instruction: "Raise yoga prices by 5%",
        planner: "rules",
      }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split("\n");
    expect(JSON.parse(lines[lines.length - 1])).toMatchObject({ type: "saved" });
  }, 120_000);

  it("never fell back to one thread", () => {
    expect(fixture.server.output()).not.toContain("CSV scan worker failed");
  });
});

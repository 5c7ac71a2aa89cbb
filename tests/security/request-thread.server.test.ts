import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerFixture, startServerWithFreshData } from "../server/support/fixture";
import { confirmUpload, type Session, signIn, uploadCsv } from "../server/support/http";
import { draftPlan, preview, priceIncreasePlan } from "../server/support/plans";

/**
 * The heavy work (parse, profile, dry run, approval) runs on the server's compute thread
 * (lib/compute): while a preview of a large table runs, the server keeps answering everyone
 * else, and when the thread's queue is full a request is told to come back (503, Retry-After)
 * instead of waiting. The queue is set to nothing here, so that a handful of requests fill it.
 */

const ROWS = 400_000; // about 28 MB: a preview of every row is over a second of work

function catalog(rows: number): Uint8Array {
  const lines = ["sku,name,category,price,in_stock"];
  for (let row = 0; row < rows; row++) {
    const sku = `SKU${String(row).padStart(7, "0")}`;
    lines.push(
      `${sku},item ${row},${["fitness", "yoga", "outdoor"][row % 3]},${(10 + (row % 9000) / 100).toFixed(2)},${row % 4 !== 0}`,
    );
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

let fixture: ServerFixture;
let author: Session;
let approver: Session;
let datasetId: string;

beforeAll(async () => {
  fixture = await startServerWithFreshData({ env: { SIGNOFF_COMPUTE_QUEUE: "0" } });
  author = await signIn(fixture.server, "author");
  approver = await signIn(fixture.server, "approver");
  const upload = await uploadCsv(fixture.server, author, catalog(ROWS), "large.csv");
  expect(upload.status).toBe(200);
  datasetId = await confirmUpload(fixture.server, author, upload, {
    name: "Large catalog",
    keyColumn: "sku",
  });
}, 120_000);
afterAll(async () => {
  await fixture?.dispose();
});

/** Asks /api/health every 25 ms until `work` settles; the slowest answer, in milliseconds. */
async function slowestHealthDuring(work: Promise<unknown>): Promise<number> {
  let settled = false;
  void work.finally(() => {
    settled = true;
  });
  let slowest = 0;
  let answers = 0;
  while (!settled) {
    const started = performance.now();
    const response = await fetch(`${fixture.server.url}/api/health`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    answers++;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(answers, "health was asked while the work ran").toBeGreaterThan(5);
  return slowest;
}

describe("the compute thread", () => {
  it("keeps /api/health answering while a preview of every row of a large table runs", async () => {
    const planId = await draftPlan(
      fixture.server,
      author,
      datasetId,
      priceIncreasePlan("big_catalog_v1"),
    );
    const started = performance.now();
    const running = preview(fixture.server, approver, planId);
    const slowest = await slowestHealthDuring(running);
    const previewed = await running;
    const previewMs = performance.now() - started;
    expect(previewed.cellsChanged).toBe(ROWS);
    // Long enough to tell: on the request thread it held every answer for its whole length.
    expect(previewMs).toBeGreaterThan(400);
    expect(slowest).toBeLessThan(Math.min(500, previewMs / 2));
  }, 120_000);

  it("answers 503 with Retry-After, and changes nothing, when its queue is full", async () => {
    const version = await fixture.db.datasetVersion.findFirstOrThrow({
      where: { datasetId },
      orderBy: { number: "desc" },
    });
    // Different sorts, so no two share a computed order: each is real work on the thread.
    const columns = ["sku", "name", "category", "price", "in_stock"];
    const requests = Array.from({ length: 12 }, (_, k) =>
      fetch(
        `${fixture.server.url}/api/datasets/${datasetId}/versions/${version.number}/rows?offset=0&limit=50&sort=${columns[k % 5]}&dir=${k % 2 ? "asc" : "desc"}&q=${k}`,
        { headers: { cookie: author.cookie } },
      ),
    );
    const answers = await Promise.all(requests);
    const busy = answers.filter((response) => response.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((response) => response.status === 200).length).toBeGreaterThan(0);
    expect(answers.every((response) => [200, 503].includes(response.status))).toBe(true);
    expect(busy[0].headers.get("retry-after")).toBe("30");
    const body = await busy[0].json();
    expect(body).toMatchObject({ ok: false, code: "busy" });
    expect(body.error).toMatch(/busy.*try again/i);
    expect(await fixture.db.datasetVersion.count({ where: { datasetId } })).toBe(version.number);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerFixture, startServerWithFreshData } from "../server/support/fixture";
import { actionId, type Session, signIn } from "../server/support/http";
import { datasetIdByName } from "../server/support/plans";

/**
 * Finding: a server action posted from another origin answered 500 (Next throws on the origin
 * mismatch), and route handlers accepted cross-origin writes. Over HTTP against the production
 * build: every state-changing request from elsewhere is a 403, and nothing changes.
 */
let fixture: ServerFixture;
let author: Session;
let datasetId: string;

beforeAll(async () => {
  fixture = await startServerWithFreshData();
  author = await signIn(fixture.server, "author");
  datasetId = await datasetIdByName(fixture.db, "Seed products");
});
afterAll(async () => {
  await fixture?.dispose();
});

describe("requests from another origin", () => {
  it.each([
    ["another port of the same host", { origin: "http://127.0.0.1:9" }],
    ["another site", { origin: "https://evil.example" }],
    ["a cross-site form", { "sec-fetch-site": "cross-site" }],
  ])("a server action from %s is a 403, not a 500", async (_, headers) => {
    const plans = await fixture.db.plan.count();
    const response = await fetch(`${fixture.server.url}/plans/new`, {
      method: "POST",
      headers: {
        cookie: author.cookie,
        "Next-Action": actionId("startManualPlan"),
        Accept: "text/x-component",
        "Content-Type": "text/plain;charset=UTF-8",
        ...headers,
      },
      body: JSON.stringify([{ datasetId, instruction: "from elsewhere" }]),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, code: "cross_origin" });
    expect(await fixture.db.plan.count()).toBe(plans);
  });

  it("a plan draft or an upload from another origin is a 403", async () => {
    for (const [path, body, type] of [
      [
        "/api/plans/draft",
        JSON.stringify({ datasetId, instruction: "Raise yoga by 5%" }),
        "application/json",
      ],
      ["/api/datasets/upload", "sku,price\nA1,1.00\n", "text/csv"],
    ]) {
      const response = await fetch(`${fixture.server.url}${path}`, {
        method: "POST",
        headers: { cookie: author.cookie, origin: "https://evil.example", "content-type": type },
        body,
      });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerFixture, startServerWithFreshData } from "../server/support/fixture";
import { actionId, type Session, signIn } from "../server/support/http";
import { datasetIdByName } from "../server/support/plans";

/**
 * Finding: route-handler bodies had no limit (50 MB of JSON was read whole), and a deeply nested
 * body, a version number past any integer and a broken percent-escape in a path each answered
 * 500. Over HTTP against the production build: a clear 4xx every time, and nothing stored.
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

function post(path: string, body: string) {
  return fetch(`${fixture.server.url}${path}`, {
    method: "POST",
    headers: {
      cookie: author.cookie,
      origin: fixture.server.url,
      "content-type": "application/json",
    },
    body,
  });
}

describe("hostile requests", () => {
  it("a JSON body over 1 MB is a 413 and drafts nothing", async () => {
    const plans = await fixture.db.plan.count();
    const response = await post(
      "/api/plans/draft",
      JSON.stringify({ datasetId, instruction: "Raise yoga by 5%", padding: "x".repeat(2 << 20) }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, code: "too_large" });
    expect(await fixture.db.plan.count()).toBe(plans);
  });

  it("JSON nested 100,000 deep is a 400", async () => {
    const response = await post("/api/plans/draft", `${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(response.status).toBe(400);
    const deepObject = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    expect((await post("/api/plans/draft", deepObject)).status).toBe(400);
  });

  it("a server action whose arguments nest 100,000 deep is a 400", async () => {
    const plans = await fixture.db.plan.count();
    const response = await fetch(`${fixture.server.url}/plans/new`, {
      method: "POST",
      headers: {
        cookie: author.cookie,
        origin: fixture.server.url,
        "Next-Action": actionId("startManualPlan"),
        Accept: "text/x-component",
        "Content-Type": "text/plain;charset=UTF-8",
      },
      body: `[${"[".repeat(100_000)}${"]".repeat(100_000)}]`,
    });
    expect(response.status).toBe(400);
    expect(await fixture.db.plan.count()).toBe(plans);
  });

  it.each([
    [
      "a version number past any integer",
      () => `/datasets/${datasetId}/versions/${"9".repeat(400)}`,
    ],
    ["a version number that is not one", () => `/datasets/${datasetId}/versions/1e3`],
    [
      "a download of a version past any integer",
      () => `/api/datasets/${datasetId}/versions/${"9".repeat(400)}/download`,
    ],
    [
      "rows of a version past any integer",
      () => `/api/datasets/${datasetId}/versions/${"9".repeat(30)}/rows`,
    ],
    ["a broken percent-escape in an execution's path", () => "/executions/%ff"],
    ["a broken percent-escape in a plan's path", () => "/plans/%E0%A4%A"],
    ["a broken percent-escape in an API path", () => "/api/executions/%ff/changes"],
  ])("%s is answered 400 or 404, never 500", async (_, path) => {
    const response = await fetch(`${fixture.server.url}${path()}`, {
      headers: { cookie: author.cookie },
      redirect: "manual",
    });
    expect([400, 404]).toContain(response.status);
  });
});

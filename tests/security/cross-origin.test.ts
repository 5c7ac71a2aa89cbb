import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as uploadDataset } from "@/app/api/datasets/upload/route";
import { POST as draftPlan } from "@/app/api/plans/draft/route";
import { ORIGIN, resetAuth, setAuthTestEnv, signedInUser, type TestUser } from "../support/auth";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));
setAuthTestEnv();

/**
 * Finding: POST /api/plans/draft and POST /api/datasets/upload accepted requests from another
 * origin. A page on another port of the same host is same-site, so the SameSite=Lax session
 * cookie went along. Every state-changing route handler now checks where the request came from.
 */
let db: TempDb;
let author: TestUser;

beforeAll(async () => {
  db = await installTempDb();
  resetAuth();
  author = await signedInUser("admin");
});
afterAll(async () => {
  await db.dispose();
});

function post(path: string, headers: Record<string, string>, body: BodyInit): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: author.cookie, ...headers },
    body,
  });
}

const routes = [
  {
    name: "POST /api/plans/draft",
    call: (headers: Record<string, string>) =>
      draftPlan(
        post(
          "/api/plans/draft",
          { "content-type": "application/json", ...headers },
          JSON.stringify({ datasetId: "missing", instruction: "Raise yoga by 5%" }),
        ),
        { params: Promise.resolve({}) },
      ),
  },
  {
    name: "POST /api/datasets/upload",
    call: (headers: Record<string, string>) => {
      const form = new FormData();
      form.set("file", new File(["sku,price\nA1,1.00\n"], "t.csv", { type: "text/csv" }));
      return uploadDataset(post("/api/datasets/upload", headers, form), {
        params: Promise.resolve({}),
      });
    },
  },
];

describe.each(routes)("$name", ({ call }) => {
  it.each([
    ["another port of the same host", { origin: "http://signoff.test:8080" }],
    ["another site", { origin: "https://evil.example" }],
    ["a cross-site fetch", { "sec-fetch-site": "cross-site" }],
    ["a same-site page elsewhere", { "sec-fetch-site": "same-site" }],
    ["an opaque origin", { origin: "null" }],
  ])("refuses a request from %s with 403", async (_, headers) => {
    const response = await call(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, code: "cross_origin" });
  });

  it("accepts the app's own pages and clients that send no browser headers", async () => {
    const cases: Record<string, string>[] = [
      { origin: ORIGIN, "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of cases) {
      const response = await call(headers);
      expect(response.status).not.toBe(403);
    }
  });
});

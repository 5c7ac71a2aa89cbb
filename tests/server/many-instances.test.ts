import type { SpawnOptions } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { checkDatabaseIntegrity } from "@/lib/db/integrity";
import { runScript } from "../../scripts/lib.mjs";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { type Session, signIn } from "./support/http";
import {
  approve,
  datasetIdByName,
  draftPlan,
  preview,
  priceIncreasePlan,
  setPricePlan,
} from "./support/plans";
import { ROOT, type RunningServer, startServer } from "./support/server";

/**
 * Two production servers on one PostgreSQL database, as behind a load balancer: approvals racing
 * across them still apply exactly once, a stale plan is refused whichever instance it reaches,
 * failed sign-ins counted on one slow the next on the other, and killing one instance
 * mid-approval leaves the other serving and the data whole.
 */
const SECRET = "many-instances-test-secret-0123456789abcdef";
let postgres: PostgresServer;
let databaseUrl: string;
let dataDir: string;
let first: RunningServer;
let second: RunningServer;
let client: Db;

beforeAll(async () => {
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "signoff"`);
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, "/signoff");
  dataDir = await mkdtemp(path.join(os.tmpdir(), "signoff-instances-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    SIGNOFF_AUTH_SECRET: SECRET,
    SIGNOFF_PLANNER: "rules",
  };
  const options: SpawnOptions = { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] };
  await runScript("scripts/db-migrate.ts", [], options);
  await runScript("scripts/db-seed.ts", [], options);
  await runScript("scripts/seed-e2e-users.ts", [], options);
  // The per-address sign-in limit has tests of its own; here it must not answer first.
  const serverEnv = {
    DATABASE_URL: databaseUrl,
    SIGNOFF_AUTH_SECRET: SECRET,
    SIGNOFF_SIGN_IN_ATTEMPTS: "100",
  };
  [first, second] = await Promise.all([
    startServer(path.join(dataDir, "a"), { env: serverEnv }),
    startServer(path.join(dataDir, "b"), { env: serverEnv }),
  ]);
  client = createDb(databaseUrl);
}, 240_000);
afterAll(async () => {
  await Promise.all([first?.kill(), second?.kill()]);
  await client?.$disconnect();
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("two instances on one PostgreSQL database", () => {
  it("20 approvals of one plan split across both make one execution; all get its result", async () => {
    const author = await signIn(first, "author");
    // A session made on one instance is good on the other: they share the key and the database.
    const approverOnFirst = await signIn(first, "approver");
    const approverOnSecond: Session = approverOnFirst;
    const datasetId = await datasetIdByName(client, "Demo catalog");
    const executionId = `instances_same_${Date.now()}`;
    const planId = await draftPlan(second, author, datasetId, priceIncreasePlan(executionId));
    const previewed = await preview(first, approverOnFirst, planId);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? approve(first, approverOnFirst, previewed)
          : approve(second, approverOnSecond, previewed),
      ),
    );
    const results = answers.map((answer) => {
      if (!answer.ok) throw new Error(`an approval was refused: ${answer.error}`);
      return answer.data;
    });
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    const executions = await client.execution.findMany({ where: { executionId } });
    expect(executions.map((execution) => execution.status)).toEqual(["completed"]);
    expect(await client.change.count({ where: { executionId: executions[0].id } })).toBe(10_000);
    expect((await checkDatabaseIntegrity(client)).problems).toEqual([]);
  });

  it("two plans on one base version approved at once on different instances: one applies, one is stale", async () => {
    const author = await signIn(second, "author");
    const approver = await signIn(second, "approver");
    const datasetId = await datasetIdByName(client, "Seed products");
    const run = Date.now();
    const planA = await draftPlan(
      first,
      author,
      datasetId,
      setPricePlan(`inst_a_${run}`, "A101", 11),
    );
    const planB = await draftPlan(
      first,
      author,
      datasetId,
      setPricePlan(`inst_b_${run}`, "A102", 12),
    );
    const [previewA, previewB] = [
      await preview(first, approver, planA),
      await preview(second, approver, planB),
    ];
    expect(previewA.baseVersion).toBe(previewB.baseVersion);
    const answers = await Promise.all([
      approve(first, approver, previewA),
      approve(second, approver, previewB),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const refused = answers.find((answer) => !answer.ok);
    expect(refused).toMatchObject({ ok: false, code: "stale_plan" });
    expect((await checkDatabaseIntegrity(client)).problems).toEqual([]);
  });

  it("wrong passwords on one instance slow the next attempt on the other", async () => {
    const wrongPassword = async (server: RunningServer) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "viewer@e2e.test", password: "not-the-password" }),
      });
      return { status: response.status, ms: performance.now() - started };
    };
    // Three free failures and one that waited 250 ms, all on the first instance…
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await wrongPassword(first)).status).toBe(401);
    }
    // …so the second instance makes the fifth wait 500 ms: the count is in the database.
    const fifth = await wrongPassword(second);
    expect(fifth.status).toBe(401);
    expect(fifth.ms).toBeGreaterThanOrEqual(490);
  });

  it("an instance killed mid-approval: the other keeps serving, the data is whole, a retry applies once", async () => {
    const author = await signIn(first, "author");
    const approver = await signIn(first, "approver");
    const datasetId = await datasetIdByName(client, "Demo catalog");
    const executionId = `instances_kill_${Date.now()}`;
    const planId = await draftPlan(first, author, datasetId, priceIncreasePlan(executionId, 2));
    const previewed = await preview(first, approver, planId);

    const attempt = approve(first, approver, previewed).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await first.kill();
    await attempt;

    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    expect((await checkDatabaseIntegrity(client)).problems).toEqual([]);
    const retry = await approve(second, approver, previewed);
    if (!retry.ok) throw new Error(`the retry was refused: ${retry.error}`);
    const executions = await client.execution.findMany({
      where: { executionId, status: "completed" },
    });
    expect(executions).toHaveLength(1);
    expect((await checkDatabaseIntegrity(client)).problems).toEqual([]);
  });
});

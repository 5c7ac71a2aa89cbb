import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerFixture, startServerWithFreshData } from "../server/support/fixture";
import { databaseUrl, ROOT } from "../server/support/server";

/**
 * Finding: with the server running, the CLI could not record to the same SQLite database (the
 * schema engine wants the file to itself; exit 3). Both now share it: the CLI applies a plan and
 * records the execution while the server serves.
 */
let fixture: ServerFixture;
let workDir: string;

beforeAll(async () => {
  fixture = await startServerWithFreshData();
  workDir = await mkdtemp(path.join(os.tmpdir(), "signoff-cli-beside-"));
});
afterAll(async () => {
  await fixture?.dispose();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        "--conditions=react-server",
        "--import",
        "tsx",
        path.join(ROOT, "cli", "signoff.ts"),
        ...args,
      ],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: os.tmpdir(), NODE_ENV: "production" } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("the CLI beside a running server", () => {
  it("applies a plan and records it in the database the server has open", async () => {
    const before = await fixture.db.execution.count();
    const cli = runCli([
      "apply",
      "--plan",
      path.join(ROOT, "tests", "fixtures", "seed-plan-fitness-10pct.json"),
      "--csv",
      path.join(ROOT, "tests", "fixtures", "seed-products.csv"),
      "--out",
      path.join(workDir, "out.csv"),
      "--audit",
      path.join(workDir, "audit.jsonl"),
      "--db",
      databaseUrl(fixture.dataDir),
      "--actor",
      "beside",
    ]);
    // The server keeps answering while the CLI writes.
    const health = await fetch(`${fixture.server.url}/api/health`);
    expect(health.status).toBe(200);
    const run = await cli;
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(await fixture.db.execution.count()).toBe(before + 1);
    const recorded = await fixture.db.execution.findFirstOrThrow({
      orderBy: { createdAt: "desc" },
    });
    expect(recorded.approvedBy).toBe("cli:beside");
    expect((await fetch(`${fixture.server.url}/api/health`)).status).toBe(200);
  });
});

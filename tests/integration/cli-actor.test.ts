import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executionPlanSchema } from "@/lib/plan/schema";
import { recordCliExecution } from "@/lib/services/record-cli-execution";
import { installTempDb, type TempDb } from "../support/temp-db";

const fixtures = path.resolve(__dirname, "../fixtures");

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
});
afterAll(async () => {
  await temp.dispose();
});

describe("CLI executions in the database", () => {
  it("are recorded as the named command-line actor, cli:<name>", async () => {
    const plan = executionPlanSchema.parse(
      JSON.parse(await readFile(path.join(fixtures, "seed-plan-minimal.json"), "utf8")),
    );
    const input = await readFile(path.join(fixtures, "seed-products.csv"));
    const { id } = await recordCliExecution({
      plan,
      planHash: "hash",
      actor: "alice",
      inputPath: "/tmp/products.csv",
      inputBytes: input,
      outputBytes: null,
      status: "failed",
      error: "stopped for the test",
      changes: [],
      rowsChanged: 0,
      stats: [],
      guards: [],
      changeSetHash: null,
      startedAt: new Date(),
      finishedAt: new Date(),
    });
    const execution = await temp.db.execution.findUniqueOrThrow({ where: { id } });
    expect(execution).toMatchObject({ approvedBy: "cli:alice", source: "cli" });
    const event = await temp.db.auditEvent.findFirstOrThrow({ where: { executionId: id } });
    expect(event.actor).toBe("cli:alice");
  });

  it("a completed run's result version becomes the dataset's current one, with its own profile", async () => {
    const plan = executionPlanSchema.parse(
      JSON.parse(await readFile(path.join(fixtures, "seed-plan-fitness-10pct.json"), "utf8")),
    );
    const input = await readFile(path.join(fixtures, "seed-products.csv"));
    const output = await readFile(path.join(fixtures, "seed-products-after-fitness-10pct.csv"));
    const { id } = await recordCliExecution({
      plan,
      planHash: "hash-fitness",
      actor: "alice",
      inputPath: "/tmp/fitness.csv",
      inputBytes: input,
      outputBytes: output,
      status: "completed",
      error: null,
      changes: [
        { operationId: "op_01", rowKey: "A101", column: "price", before: "29.99", after: "32.99" },
        { operationId: "op_01", rowKey: "A102", column: "price", before: "39.99", after: "43.99" },
      ],
      rowsChanged: 2,
      stats: [],
      guards: [],
      changeSetHash: "x",
      startedAt: new Date(),
      finishedAt: new Date(),
    });
    const execution = await temp.db.execution.findUniqueOrThrow({
      where: { id },
      include: { resultVersion: true, dataset: true },
    });
    expect(execution.dataset.currentVersionId).toBe(execution.resultVersionId);
    // The profile read the result's bytes, not the input's: A101's price is the new one.
    const profile = JSON.parse(execution.dataset.profileJson) as { sampleRows: string[][] };
    expect(profile.sampleRows[0]).toEqual(["A101", "fitness", "32.99", "true"]);
  });
});

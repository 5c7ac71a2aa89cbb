import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionResult } from "@/lib/actions/server-action";
import { parseCsv } from "@/lib/dataset/csv";
import { checkDatabaseIntegrity } from "@/lib/db/integrity";
import type { ApprovedExecution } from "@/lib/services/approve-plan";
import { type ServerFixture, startServerWithFreshData } from "./support/fixture";
import { callAction, type Session, signIn } from "./support/http";
import { approve, datasetIdByName, draftPlan, preview, priceIncreasePlan } from "./support/plans";
import { databaseFile, startServer } from "./support/server";

/** Change it to explore other kill points; a failure names the seed and round to replay. */
const SEED = 20_261_122;
const ROUNDS = 20;

/** mulberry32: a small seeded generator, so the kill points of a run can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let fixture: ServerFixture;
let author: Session;
let approver: Session;
let datasetId: string;

beforeAll(async () => {
  fixture = await startServerWithFreshData();
  author = await signIn(fixture.server, "author");
  approver = await signIn(fixture.server, "approver");
  datasetId = await datasetIdByName(fixture.db, "Demo catalog");
});
afterAll(async () => {
  await fixture?.dispose();
});

async function prices(versionNumber: number): Promise<Map<string, number>> {
  const version = await fixture.db.datasetVersion.findUniqueOrThrow({
    where: { datasetId_number: { datasetId, number: versionNumber } },
  });
  const table = parseCsv(version.content, { keyColumn: "sku" });
  const price = table.column(table.header.indexOf("price"));
  return new Map(table.column(table.keyColumnIndex).map((key, row) => [key, Number(price[row])]));
}

type Outcome =
  | "answered"
  | "killed after commit"
  | "killed before its transaction"
  | "killed inside its transaction";

/**
 * Watches the database from outside the server: an approval takes SQLite's write lock as its
 * transaction's first statement (approve-plan.ts) and holds it until commit or rollback, so while
 * another connection cannot begin a write transaction, an approval's transaction is open.
 */
function writeLockProbe(file: string) {
  const probe = new Database(file, { timeout: 0 });
  return {
    held(): boolean {
      try {
        probe.exec("BEGIN IMMEDIATE");
        probe.exec("ROLLBACK");
        return false;
      } catch (error) {
        if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
        throw error;
      }
    },
    close: () => probe.close(),
  };
}

/** Resolves once the write lock is seen held, or with false when `settled` comes first. */
async function lockSeen(
  probe: ReturnType<typeof writeLockProbe>,
  settled: Promise<unknown>,
): Promise<boolean> {
  let done = false;
  void settled.finally(() => {
    done = true;
  });
  while (!done) {
    if (probe.held()) return true;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return false;
}

describe("SIGKILL during approvals of 10,000-row plans", () => {
  it(`after each of ${ROUNDS} kills the restarted server's database passes the integrity check, and the approval completes exactly once`, async () => {
    const random = seededRandom(SEED);
    const probe = writeLockProbe(databaseFile(fixture.dataDir));

    // Approvals without a kill measure how long one takes here (the second, on a warmed-up
    // server), so the kill points spread over the whole of it: session, executor run, writes,
    // commit, answer.
    let approvalMs = 0;
    for (const version of [2, 3]) {
      const calibration = await preview(
        fixture.server,
        approver,
        await draftPlan(
          fixture.server,
          author,
          datasetId,
          priceIncreasePlan(`crash_${SEED}_calibration_${version}`),
        ),
      );
      const started = performance.now();
      const calibrated = await approve(fixture.server, approver, calibration);
      approvalMs = performance.now() - started;
      expect(calibrated).toMatchObject({ ok: true, data: { resultVersionNumber: version } });
    }

    // The plans are written up front; each is previewed (re-based onto the version before it)
    // just before its approval.
    const planIds: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const plan = priceIncreasePlan(`crash_${SEED}_${round}`);
      planIds.push(await draftPlan(fixture.server, author, datasetId, plan));
    }

    const outcomes: Outcome[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const where = `seed ${SEED}, round ${round}`;
      const executionId = `crash_${SEED}_${round}`;
      const previewed = await preview(fixture.server, approver, planIds[round - 1]);
      expect(previewed.cellsChanged, where).toBe(10_000);

      const answer: Promise<ActionResult<ApprovedExecution> | "no answer"> = approve(
        fixture.server,
        approver,
        previewed,
      ).catch(() => "no answer");
      // Even rounds kill the moment the approval's transaction is seen open; odd rounds at a
      // random point of the whole approval, noting whether its transaction was open then.
      const aimed = round % 2 === 0;
      let lockHeld: boolean;
      if (aimed) {
        lockHeld = await lockSeen(probe, answer);
        expect(lockHeld, `${where}: the approval answered before its transaction was seen`).toBe(
          true,
        );
      } else {
        await new Promise((resolve) => setTimeout(resolve, random() * approvalMs * 1.2));
        lockHeld = probe.held();
      }
      await fixture.server.kill();
      const answered = await answer;

      fixture.server = await startServer(fixture.dataDir);
      // While the database is checked, the new server loads the plan page's code for its first
      // action call (an empty approval, refused as invalid input before it touches anything).
      const [report, warmUp] = await Promise.all([
        checkDatabaseIntegrity(fixture.db),
        callAction(fixture.server, approver, {
          page: `/plans/${previewed.planId}`,
          action: "approvePlanAction",
          input: {},
        }),
      ]);
      expect(report.problems, where).toEqual([]);
      expect(warmUp, where).toMatchObject({ ok: false, code: "invalid_input" });

      const committed = await fixture.db.execution.findUnique({
        where: { idempotencyKey: executionId },
      });
      if (answered !== "no answer") {
        expect(answered, where).toMatchObject({ ok: true });
        expect(committed, where).not.toBeNull();
      }
      if (aimed) {
        // Killed inside the transaction: nothing of it was kept.
        expect(committed, where).toBeNull();
        const dataset = await fixture.db.dataset.findUniqueOrThrow({
          where: { id: datasetId },
          include: { currentVersion: { select: { number: true } } },
        });
        expect(dataset.currentVersion?.number, where).toBe(previewed.baseVersion);
      }
      outcomes.push(
        answered !== "no answer"
          ? "answered"
          : committed
            ? "killed after commit"
            : lockHeld
              ? "killed inside its transaction"
              : "killed before its transaction",
      );

      // The reviewer clicks "Approve" again: applied now if the kill came first, otherwise the
      // committed execution is returned; either way the result is the next version, once.
      const retried = await approve(fixture.server, approver, previewed);
      expect(retried, where).toMatchObject({
        ok: true,
        data: {
          executionId,
          resultVersionNumber: previewed.baseVersion + 1,
          replayed: committed !== null,
        },
      });
    }

    const tally = new Map<Outcome, number>();
    for (const outcome of outcomes) tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    console.log(
      `crash test (seed ${SEED}, approval ≈ ${Math.round(approvalMs)} ms): ${[...tally]
        .map(([outcome, rounds]) => `${rounds} ${outcome}`)
        .join(", ")}`,
    );

    probe.close();
    expect(
      outcomes.filter((outcome) => outcome === "killed inside its transaction").length,
    ).toBeGreaterThanOrEqual(ROUNDS / 2);

    await fixture.server.stop();
    const report = await checkDatabaseIntegrity(fixture.db);
    expect(report.problems).toEqual([]);
    expect(report.counts.changes).toBe((ROUNDS + 2) * 10_000);
    const versions = await fixture.db.datasetVersion.findMany({
      where: { datasetId },
      orderBy: { number: "asc" },
      select: { number: true },
    });
    expect(versions.map((version) => version.number)).toEqual(
      Array.from({ length: ROUNDS + 3 }, (_, index) => index + 1),
    );
    // Every approval added 1 to every price exactly once: none lost, none applied twice.
    const first = await prices(1);
    const last = await prices(ROUNDS + 3);
    expect(last.size).toBe(10_000);
    const wrong = [...first].filter(
      ([sku, price]) => Math.abs(last.get(sku)! - price - (ROUNDS + 2)) > 1e-6,
    );
    expect(wrong).toEqual([]);
  }, 600_000);
});

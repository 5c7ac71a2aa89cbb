import pg from "pg";
import { startPostgres } from "../../tests/support/postgres";
import { catalogCsv, catalogRows } from "../data";
import { type Measured, measureAsServer, round } from "../measure";
import type { Workload, WorkloadReport } from "../registry";

/**
 * The approval transaction on PostgreSQL (a throw-away server from Debian's package, as the
 * tests use), beside the same approval on SQLite in the same run: the change records go in as
 * five text[] parameters per 50,000 records, unnested (lib/db/execution-writes.ts).
 */
async function approveOn(database: "sqlite" | "postgres", rows: number): Promise<Measured> {
  const args = [catalogCsv(rows)];
  if (database === "sqlite") return measureAsServer("children/approve.ts", args);
  const server = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "bench"`);
    await admin.end();
    const url = server.url.replace(/\/postgres$/, "/bench");
    return measureAsServer("children/approve.ts", args, {
      env: { ...process.env, SIGNOFF_BENCH_DATABASE_URL: url },
    });
  } finally {
    await server.stop();
  }
}

async function fastest(repeat: number, run: () => Promise<Measured>): Promise<Measured> {
  let best: Measured | undefined;
  for (let index = 0; index < repeat; index++) {
    const measured = await run();
    if (!best || measured.seconds < best.seconds) best = measured;
  }
  return best as Measured;
}

function postgresWorkload(
  name: string,
  description: string,
  rows: (quick: boolean) => number,
  limitSeconds?: number,
): Workload {
  return {
    name,
    description,
    async run({ quick, repeat }): Promise<WorkloadReport> {
      const count = rows(quick);
      const postgres = await fastest(repeat, () => approveOn("postgres", count));
      const sqlite = await fastest(repeat, () => approveOn("sqlite", count));
      return {
        workload: name,
        seconds: round(postgres.seconds, 3),
        peak_rss_mb: postgres.peak_rss_mb,
        runs: repeat,
        rows: postgres.report.rows,
        cells_changed: postgres.report.cells_changed,
        phases_ms: postgres.report.approve_phases_ms,
        baselines: {
          sqlite: { seconds: round(sqlite.seconds, 3), peak_rss_mb: sqlite.peak_rss_mb },
        },
        ratio: round(postgres.seconds / sqlite.seconds, 3),
        ...(limitSeconds === undefined
          ? {}
          : { limit_seconds: limitSeconds, within_limit: postgres.seconds <= limitSeconds }),
      };
    },
  };
}

/** approve-100k-pg: a plan changing all 100,000 rows approved on PostgreSQL. Target ≤ 1.0 s. */
export const approve100kPg = postgresWorkload(
  "approve-100k-pg",
  "approval of a plan changing all 100,000 rows, on PostgreSQL beside SQLite",
  (quick) => (quick ? 20_000 : 100_000),
  1.0,
);

/** approve-1m-pg: the same on the 1M-row catalog, recorded beside SQLite. */
export const approve1mPg = postgresWorkload(
  "approve-1m-pg",
  "approval of a plan changing all 1,000,000 rows, on PostgreSQL beside SQLite",
  (quick) => catalogRows(quick),
);

/**
 * Benchmark harness: `npx tsx bench/run.ts [WORKLOAD…] [--quick] [--repeat N]` (or
 * `npm run bench -- …`).
 * Runs the named workloads (all of them when none is named) and prints one JSON line each.
 * Every implementation is measured in its own child process; see bench/measure.ts.
 */
import os from "node:os";
import { findWorkload, WORKLOADS, type WorkloadReport } from "./registry";

/**
 * Every line leads with the fields the issues fixed (`baselines` is `{}` for workloads without
 * one) and ends with the load average, because on a shared 2-core machine a figure means little
 * without it.
 */
function reportLine(report: WorkloadReport, quick: boolean): Record<string, unknown> {
  const { workload, seconds, peak_rss_mb, baselines = {}, ...rest } = report;
  return {
    workload,
    seconds,
    peak_rss_mb,
    baselines,
    ...rest,
    quick,
    load_average: Number(os.loadavg()[0].toFixed(2)),
  };
}

async function main(argv: string[]): Promise<number> {
  const quick = argv.includes("--quick");
  const repeatAt = argv.indexOf("--repeat");
  const repeat = repeatAt >= 0 ? Math.max(1, Number(argv[repeatAt + 1]) || 1) : 1;
  const names = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--repeat");
  const unknown = names.filter((n) => !findWorkload(n));
  if (unknown.length > 0) {
    console.error(
      `Unknown workload${unknown.length === 1 ? "" : "s"}: ${unknown.join(", ")}. Known: ${WORKLOADS.map((w) => w.name).join(", ")}.`,
    );
    return 2;
  }
  const selected = names.length > 0 ? names.map((n) => findWorkload(n)!) : WORKLOADS;
  for (const workload of selected) {
    const report = await workload.run({ quick, repeat });
    console.log(JSON.stringify(reportLine(report, quick)));
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

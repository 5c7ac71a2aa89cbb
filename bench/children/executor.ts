/**
 * Child process: our executor on one plan and CSV, as the approval path runs it — read and
 * validate the plan, read and parse the CSV (key column checked, the column the plan filters on
 * encoded), dry run (apply, diff, change-set hash, guards), write the output as it is assembled.
 * Prints its timing as JSON. The output's sha256 is not timed: only an approval reads it.
 * Usage: executor.ts PLAN CSV PROFILE_JSON OUT
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import { parseCsvInParallel, scanWorkerReady } from "@/lib/dataset/scan-worker";
import { readFileShared } from "@/lib/dataset/shared-file";
import type { DatasetProfile } from "@/lib/dataset/types";
import { dictionaryEncodingFor, dryRun } from "@/lib/executor";
import { executionPlanSchema } from "@/lib/plan/schema";

const [planFile, csvFile, profileFile, outFile] = process.argv.slice(2);
// The profile is stored with the dataset at upload; reading it is not part of the work.
const profile = JSON.parse(fs.readFileSync(profileFile, "utf8")) as DatasetProfile;
// The server's scan worker runs from its first large parse on (a preview's, before an approval),
// so the approval path does not wait for the thread to start; neither does this run.
await scanWorkerReady();

const started = performance.now();
const phases: Record<string, number> = {};
let last = started;
const lap = (name: string) => {
  const now = performance.now();
  phases[name] = Math.round(now - last);
  last = now;
};

const plan = executionPlanSchema.parse(JSON.parse(fs.readFileSync(planFile, "utf8")));
const bytes = await readFileShared(csvFile);
lap("read_ms");
const table = parseCsvInParallel(bytes, {
  keyColumn: profile.keyColumn,
  checkKeysAside: true,
  encode: dictionaryEncodingFor(plan, profile),
});
lap("parse_ms");
const result = dryRun(plan, table, profile);
if (!result.ok) throw new Error(result.error.message);
lap("dry_run_ms");
// Written as it is assembled, a megabyte at a time, so the output is never held whole.
const fd = fs.openSync(outFile, "w");
try {
  for (const piece of result.outputPieces()) {
    for (let at = 0; at < piece.length; ) at += fs.writeSync(fd, piece, at);
  }
} finally {
  fs.closeSync(fd);
}
lap("write_ms");
const seconds = (performance.now() - started) / 1000;

console.log(
  JSON.stringify({
    seconds,
    rows: table.rowCount,
    // Counted, not listed: the change objects are made on first read, which would add their
    // memory to the process's peak (measured from outside, over its whole life).
    changes: result.operations.reduce((n, op) => n + op.changed, 0),
    rows_changed: result.rowsChanged,
    change_set_hash: result.changeSetHash,
    output_sha256: sha256OfFile(outFile),
    phases,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);

/** The file's sha256, read into one reused buffer (not timed, and adding nothing to the peak). */
function sha256OfFile(file: string): string {
  const hash = createHash("sha256");
  const piece = new Uint8Array(1 << 20);
  const fd = fs.openSync(file, "r");
  try {
    for (let n = fs.readSync(fd, piece); n > 0; n = fs.readSync(fd, piece)) {
      hash.update(piece.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

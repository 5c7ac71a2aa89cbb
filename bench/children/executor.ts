/**
 * Child process: our executor on one plan and CSV, as the approval path runs it — read and
 * validate the plan, read and parse the CSV (key column checked, the column the plan filters on
 * encoded), dry run (apply, diff, change-set hash, guards), serialise, write the output. Prints
 * its timing as JSON. The output's sha256 is not timed: only an approval reads it.
 * Usage: executor.ts PLAN CSV PROFILE_JSON OUT
 */
import fs from "node:fs";
import { parseCsvInParallel, readFileShared } from "@/lib/dataset/scan-worker";
import type { DatasetProfile } from "@/lib/dataset/types";
import { dictionaryEncodingFor, dryRun } from "@/lib/executor";
import { executionPlanSchema } from "@/lib/plan/schema";

const [planFile, csvFile, profileFile, outFile] = process.argv.slice(2);
// The profile is stored with the dataset at upload; reading it is not part of the work.
const profile = JSON.parse(fs.readFileSync(profileFile, "utf8")) as DatasetProfile;

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
const output = result.output;
lap("serialise_ms");
// Written as the CLI writes it: fs/promises writes in 512 KiB pieces. One 77 MB write() call
// costs ten times more here (about 0.24 s against 0.02 s), a kernel cost of giant writes.
await fs.promises.writeFile(outFile, output);
lap("write_ms");

console.log(
  JSON.stringify({
    seconds: (performance.now() - started) / 1000,
    rows: table.rowCount,
    changes: result.changes.length,
    rows_changed: result.rowsChanged,
    change_set_hash: result.changeSetHash,
    output_sha256: result.outputSha256,
    phases,
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);

/**
 * Child process: the upload path — read a CSV, parse it, profile it. Prints its timing as JSON.
 * Usage: upload.ts CSV
 */
import fs from "node:fs";
import { profileDataset } from "@/lib/dataset/profile";
import { parseCsvInParallel } from "@/lib/dataset/scan-worker";

const started = performance.now();
const bytes = fs.readFileSync(process.argv[2]);
const table = parseCsvInParallel(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
const parsed = performance.now();
const profile = profileDataset(table);
const done = performance.now();

console.log(
  JSON.stringify({
    seconds: (done - started) / 1000,
    rows: table.rowCount,
    columns: profile.columns.length,
    key_column: profile.keyColumn,
    phases: { parse_ms: Math.round(parsed - started), profile_ms: Math.round(done - parsed) },
    peak_rss_mb: process.resourceUsage().maxRSS / 1024,
  }),
);

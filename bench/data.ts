import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { CACHE_DIR, FIXTURES_DIR } from "./measure";

/**
 * Benchmark inputs, generated once and cached under bench/.cache (git-ignored): the synthetic
 * catalog from tests/fixtures/gen-products.mjs and its profile (what the app stores at upload).
 */

export function catalogRows(quick: boolean): number {
  return quick ? 100_000 : 1_000_000;
}

/** Path of the cached catalog with `rows` rows, generating it if needed. */
export function catalogCsv(rows: number): string {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `products-${rows}.csv`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.partial`;
    const out = fs.openSync(partial, "w");
    const result = spawnSync(
      process.execPath,
      [path.join(FIXTURES_DIR, "gen-products.mjs"), String(rows)],
      {
        stdio: ["ignore", out, "inherit"],
      },
    );
    fs.closeSync(out);
    if (result.status !== 0) throw new Error(`gen-products.mjs failed with ${result.status}`);
    fs.renameSync(partial, file);
  }
  return file;
}

/** Path of the cached profile of a catalog file. */
export function catalogProfile(csvFile: string): string {
  const file = csvFile.replace(/\.csv$/, ".profile.json");
  if (!fs.existsSync(file)) {
    const table = parseCsv(new Uint8Array(fs.readFileSync(csvFile)));
    fs.writeFileSync(file, JSON.stringify(profileDataset(table)));
  }
  return file;
}

export function scratchFile(name: string): string {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  return path.join(CACHE_DIR, name);
}

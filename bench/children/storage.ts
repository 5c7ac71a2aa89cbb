import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

(process.env as Record<string, string>).NODE_ENV = "production";
const { createDb } = await import("@/lib/db/client");
const { migrateDatabase } = await import("@/lib/db/migrations");
const { loadVersionContent } = await import("@/lib/db/dataset-versions");
const { appendVersion } = await import("@/lib/db/version-writes");
const { readProfile } = await import("@/lib/db/datasets");
const { createDataset } = await import("@/lib/services/create-dataset");

/**
 * storage-100's child: the catalog uploaded, then APPROVALS new versions written through the
 * app's version writer, each changing the price of 1% of the rows (a different 1% each time),
 * the way an approval's result is written. The stored bytes of every version are summed; the
 * oldest version is read back (the longest way through patches) and checked against its hash.
 * Each new version keeps the first one's profile: storage, not profiling, is measured here.
 */

const APPROVALS = 100;
const csvFile = process.argv[2];
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const dir = mkdtempSync(path.join(os.tmpdir(), "signoff-bench-storage-"));
try {
  const file = path.join(dir, "storage.db");
  await migrateDatabase(file);
  const client = createDb(`file:${file}`);
  (globalThis as unknown as { signoffDb?: unknown }).signoffDb = client;

  const first = new Uint8Array(readFileSync(csvFile));
  const { datasetId } = await createDataset({ name: "Catalog", content: first, actor: "bench" });
  const dataset = await client.dataset.findUniqueOrThrow({ where: { id: datasetId } });
  const profile = readProfile(dataset.profileJson);
  const lines = new TextDecoder().decode(first).split("\n");
  let parent: { id: string; number: number } = await client.datasetVersion.findFirstOrThrow({
    where: { datasetId },
    select: { id: true, number: true },
  });

  const writeMs: number[] = [];
  const started = performance.now();
  for (let round = 1; round <= APPROVALS; round++) {
    for (let row = 1; row < lines.length; row++) {
      if ((row + round * 37) % 100 !== 0) continue;
      lines[row] = lines[row].replace(
        /,(\d+\.\d{2}),(true|false),/,
        (_match, price: string, stock: string) => `,${(Number(price) * 1.01).toFixed(2)},${stock},`,
      );
    }
    const content = new TextEncoder().encode(lines.join("\n"));
    const write = performance.now();
    parent = await client.$transaction(
      (tx) =>
        appendVersion(tx, {
          datasetId,
          parent: { id: parent.id, number: parent.number },
          content,
          sha256: sha256(content),
          profile,
          source: "execution",
          createdBy: "bench",
        }),
      { timeout: 120_000 },
    );
    writeMs.push(performance.now() - write);
  }
  const seconds = (performance.now() - started) / 1000;

  const rows = await client.$queryRaw<
    { bytes: number | bigint; storage: string; count: number | bigint }[]
  >`
    SELECT SUM(length(v."content") + COALESCE(
      (SELECT SUM(length(p."bytes")) FROM "VersionPart" p WHERE p."versionId" = v."id"), 0))
      AS "bytes", v."storage", COUNT(*) AS "count"
    FROM "DatasetVersion" v GROUP BY v."storage"`;
  const storedBytes = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
  const read = performance.now();
  const oldest = await loadVersionContent(datasetId, 2);
  const oldestReadSeconds = (performance.now() - read) / 1000;
  const oldestRow = await client.datasetVersion.findFirstOrThrow({
    where: { datasetId, number: 2 },
    select: { sha256: true },
  });
  if (!oldest || sha256(oldest.content) !== oldestRow.sha256) {
    throw new Error("version 2 did not read back as written");
  }
  await client.$disconnect();
  writeMs.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      seconds,
      approvals: APPROVALS,
      first_version_bytes: first.byteLength,
      stored_bytes: storedBytes,
      ratio: storedBytes / first.byteLength,
      versions_by_storage: Object.fromEntries(rows.map((row) => [row.storage, Number(row.count)])),
      write_ms_median: Math.round(writeMs[Math.floor(writeMs.length / 2)]),
      write_ms_max: Math.round(writeMs[writeMs.length - 1]),
      oldest_read_seconds: oldestReadSeconds,
      peak_rss_mb: process.resourceUsage().maxRSS / 1024,
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

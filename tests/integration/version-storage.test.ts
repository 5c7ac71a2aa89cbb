import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { db } from "@/lib/db/client";
import { loadVersionContent } from "@/lib/db/dataset-versions";
import { checkDatabaseIntegrity } from "@/lib/db/integrity";
import { VERSION_PART_BYTES } from "@/lib/db/version-content";
import { SNAPSHOT_EVERY } from "@/lib/db/version-storage";
import { appendVersion } from "@/lib/db/version-writes";
import { createDataset } from "@/lib/services/create-dataset";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));

/**
 * Versions that differ in a few cells are kept as the lines that differ from the next version;
 * every version still reads back byte for byte, and storage grows with the changes.
 */
let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

const ROWS = 2_000;

function catalog(round: number, rows = ROWS): Uint8Array {
  const lines = ["sku;title;price"];
  for (let row = 0; row < rows; row++) {
    // Each round changes the price of 20 rows (1%), a different 20 each time.
    const bump = row % 100 === round % 100 ? round : 0;
    lines.push(`SKU-${row};Item "${row}";${(10 + (row % 50) + bump).toFixed(2).replace(".", ",")}`);
  }
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Writes `content` as the version after `parent`, as an execution's result. */
function appendNext(
  datasetId: string,
  parent: { id: string; number: number },
  content: Uint8Array,
) {
  return db().$transaction((tx) =>
    appendVersion(tx, {
      datasetId,
      parent: { id: parent.id, number: parent.number },
      content,
      sha256: sha256(content),
      profile: profileDataset(parseCsv(content, { delimiter: ";" })),
      source: "execution",
      createdBy: "system:test",
    }),
  );
}

describe("version storage", () => {
  it("keeps older versions as patches, every one readable byte for byte", async () => {
    const versions = 2 * SNAPSHOT_EVERY + 3;
    const first = catalog(0);
    const { datasetId } = await createDataset({
      name: "Patched catalog",
      content: first,
      actor: "system:test",
    });
    const written = [first];
    let parent: { id: string; number: number } = await db().datasetVersion.findFirstOrThrow({
      where: { datasetId },
    });
    for (let round = 1; round < versions; round++) {
      const content = catalog(round);
      written.push(content);
      parent = await appendNext(datasetId, parent, content);
    }

    const stored = await db().datasetVersion.findMany({
      where: { datasetId },
      orderBy: { number: "asc" },
      select: { number: true, storage: true, content: true },
    });
    expect(stored.map((version) => version.storage)).toEqual(
      stored.map((version) =>
        version.number === versions
          ? "raw"
          : version.number % SNAPSHOT_EVERY === 0
            ? "deflate"
            : "patch",
      ),
    );
    for (const version of stored) {
      const read = await loadVersionContent(datasetId, version.number);
      expect(
        Buffer.from(read?.content ?? []).equals(Buffer.from(written[version.number - 1])),
      ).toBe(true);
    }
    const storedBytes = stored.reduce((sum, version) => sum + version.content.byteLength, 0);
    // The whole history takes less room than two whole copies of the table.
    expect(storedBytes).toBeLessThan(2 * first.byteLength);
    // (These versions were written without executions; only their bytes are checked here.)
    const report = await checkDatabaseIntegrity(temp.db);
    expect(report.problems.filter((problem) => problem.check === "version_content")).toEqual([]);
  });

  it("keeps a version longer than one part in parts, and reads it back byte for byte", async () => {
    // 2.5 parts, so that the last is a short one.
    const rows = Math.ceil((2.5 * VERSION_PART_BYTES) / catalog(0, 1000).byteLength) * 1000;
    const first = catalog(0, rows);
    const { datasetId } = await createDataset({
      name: "Large catalog",
      content: first,
      actor: "system:test",
    });
    const base = await db().datasetVersion.findFirstOrThrow({ where: { datasetId } });
    const partsOf = async (versionId: string) =>
      db().versionPart.findMany({
        where: { versionId },
        orderBy: { number: "asc" },
        select: { number: true, bytes: true },
      });
    const parts = await partsOf(base.id);
    expect(parts.map((part) => [part.number, part.bytes.byteLength])).toEqual([
      [0, VERSION_PART_BYTES],
      [1, VERSION_PART_BYTES],
      [2, first.byteLength - 2 * VERSION_PART_BYTES],
    ]);
    expect(base.content.byteLength).toBe(0);
    expect(Buffer.from((await loadVersionContent(datasetId, 1))?.content ?? []).equals(first)).toBe(
      true,
    );

    // Its successor changes 1% of the lines: the first version becomes a patch of a few
    // kilobytes, kept whole in its row, and its parts go.
    const next = catalog(1, rows);
    const second = await appendNext(datasetId, base, next);
    const older = await db().datasetVersion.findUniqueOrThrow({ where: { id: base.id } });
    expect(older.storage).toBe("patch");
    expect(older.content.byteLength).toBeGreaterThan(0);
    expect(await partsOf(base.id)).toEqual([]);
    expect(await partsOf(second.id)).toHaveLength(3);
    for (const [number, bytes] of [
      [1, first],
      [2, next],
    ] as const) {
      const read = await loadVersionContent(datasetId, number);
      expect(Buffer.from(read?.content ?? []).equals(Buffer.from(bytes))).toBe(true);
    }
    const report = await checkDatabaseIntegrity(temp.db);
    expect(report.problems.filter((problem) => problem.check === "version_content")).toEqual([]);
  });

  it("reports a version whose patch no longer fits", async () => {
    const { datasetId } = await createDataset({
      name: "Broken patch",
      content: catalog(0),
      actor: "system:test",
    });
    const base = await db().datasetVersion.findFirstOrThrow({ where: { datasetId } });
    const next = catalog(1);
    await appendNext(datasetId, base, next);
    await db().datasetVersion.update({
      where: { id: base.id },
      data: { content: new Uint8Array([1, 2, 3]) },
    });
    const report = await checkDatabaseIntegrity(temp.db);
    expect(report.problems.map((problem) => problem.message).join("\n")).toMatch(
      /version 1 of "Broken patch" .* cannot be read/,
    );
  });
});

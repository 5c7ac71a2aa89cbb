import "server-only";
import { sqliteConnection, type Tx } from "./client";
import { asBytes } from "./json";

/**
 * Where a version's stored bytes are (whole, compressed or a patch: version-storage.ts says which).
 * Up to `VERSION_PART_BYTES` they are the version's `content`; longer, they are `VersionPart`
 * rows of that size, in order, and `content` is empty. Bound as one value, the 77 MB of a
 * million-row table were copied twice more on their way in, by the driver and into SQLite's
 * record: 150 MB held at the peak of an approval, and a third of a second spent touching it.
 * In parts each copy is a megabyte.
 */

/** The largest piece of a version's bytes written as one value. */
export const VERSION_PART_BYTES = 1024 * 1024;

export type Storage = "raw" | "deflate" | "patch";

const NO_BYTES = new Uint8Array(0);

/** A version's stored bytes, as `storeVersionContent` wrote them. */
export async function storedContent(client: Tx, id: string): Promise<Uint8Array> {
  const connection = sqliteConnection(client);
  const row = connection
    ? (connection.prepare(`SELECT "content" FROM "DatasetVersion" WHERE "id" = ?`).get(id) as
        | { content: Uint8Array }
        | undefined)
    : await client.datasetVersion.findUnique({ where: { id }, select: { content: true } });
  if (!row) throw new Error(`Version ${id} is missing.`);
  if (row.content.byteLength > 0) return row.content;
  return connection ? sqliteParts(connection, id) : partsThroughClient(client, id);
}

type Connection = NonNullable<ReturnType<typeof sqliteConnection>>;

/** The parts joined into one buffer, each read and copied in turn (empty when there are none). */
function sqliteParts(connection: Connection, id: string): Uint8Array {
  const lengths = connection
    .prepare(`SELECT length("bytes") AS "length" FROM "VersionPart" WHERE "versionId" = ?`)
    .all(id) as { length: number | bigint }[];
  const bytes = new Uint8Array(lengths.reduce((sum, part) => sum + Number(part.length), 0));
  const parts = connection
    .prepare(`SELECT "bytes" FROM "VersionPart" WHERE "versionId" = ? ORDER BY "number"`)
    .iterate(id) as IterableIterator<{ bytes: Uint8Array }>;
  let at = 0;
  for (const { bytes: part } of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
}

/**
 * The parts through Prisma's client, on PostgreSQL (and on SQLite had its connection not been
 * found). One part a query: the client holds each as base64 text on its way.
 */
async function partsThroughClient(client: Tx, id: string): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (let number = 0; ; number++) {
    const part = await client.versionPart.findUnique({
      where: { versionId_number: { versionId: id, number } },
      select: { bytes: true },
    });
    if (!part) return Buffer.concat(parts);
    parts.push(part.bytes);
  }
}

/**
 * Sets how a version's bytes are kept, replacing the parts it had. On SQLite the statements run
 * on the connection under the transaction (client.ts): Prisma's client hands a Bytes value to the
 * driver as base64 through its query engine, which for a 77 MB version took about 1 s and 350 MB
 * of strings, against 0.15 s this way (and reading them back, as much again).
 */
export async function storeVersionContent(
  tx: Tx,
  id: string,
  stored: { content: Uint8Array; storage: Storage; deltaOfId: string | null },
): Promise<void> {
  const { content, storage, deltaOfId } = stored;
  const parts = content.byteLength > VERSION_PART_BYTES ? partsOf(content) : [];
  const whole = parts.length > 0 ? NO_BYTES : content;
  const connection = sqliteConnection(tx);
  if (connection) {
    connection.prepare(`DELETE FROM "VersionPart" WHERE "versionId" = ?`).run(id);
    connection
      .prepare(
        `UPDATE "DatasetVersion" SET "content" = ?, "storage" = ?, "deltaOfId" = ? WHERE "id" = ?`,
      )
      .run(asBuffer(whole), storage, deltaOfId, id);
    const insert = connection.prepare(
      `INSERT INTO "VersionPart" ("versionId", "number", "bytes") VALUES (?, ?, ?)`,
    );
    for (const [number, bytes] of parts.entries()) insert.run(id, number, asBuffer(bytes));
    return;
  }
  await tx.versionPart.deleteMany({ where: { versionId: id } });
  await tx.datasetVersion.update({
    where: { id },
    data: { content: asBytes(whole), storage, deltaOfId },
    select: { id: true },
  });
  // One at a time: the client holds each part as base64 text on its way.
  for (const [number, bytes] of parts.entries()) {
    await tx.versionPart.create({
      data: { versionId: id, number, bytes: asBytes(bytes) },
      select: { number: true },
    });
  }
}

/** Views of the parts of `content`, in order. */
function partsOf(content: Uint8Array): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let at = 0; at < content.byteLength; at += VERSION_PART_BYTES) {
    parts.push(content.subarray(at, Math.min(content.byteLength, at + VERSION_PART_BYTES)));
  }
  return parts;
}

/** A view, not a copy: the driver copies what it binds. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

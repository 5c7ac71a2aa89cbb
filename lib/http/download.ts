/**
 * Download responses for route handlers: a body streamed in chunks, with a file name the browser
 * saves under. Pure web APIs (Response, ReadableStream), no Next or Node imports.
 */

const CHUNK_BYTES = 256 * 1024;

/** Streams bytes in chunks, so the response starts at once and is never copied whole. */
export function streamBytes(
  bytes: Uint8Array,
  chunkBytes = CHUNK_BYTES,
): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      const end = Math.min(offset + chunkBytes, bytes.byteLength);
      controller.enqueue(bytes.subarray(offset, end));
      offset = end;
    },
  });
}

/** Streams text produced piece by piece (JSON lines, CSV rows) as UTF-8. */
export function streamText(
  pieces: AsyncIterable<string> | Iterable<string>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator =
    Symbol.asyncIterator in Object(pieces)
      ? (pieces as AsyncIterable<string>)[Symbol.asyncIterator]()
      : (pieces as Iterable<string>)[Symbol.iterator]();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** "Demo catalog (EU)" → "demo-catalog-eu": safe in any file system and header. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, 80) || "dataset";
}

export interface DownloadOptions {
  fileName: string;
  contentType: string;
  /** Byte length when known up front. */
  length?: number;
  headers?: Record<string, string>;
}

export function downloadResponse(
  body: ReadableStream<Uint8Array>,
  options: DownloadOptions,
): Response {
  const headers = new Headers({
    "Content-Type": options.contentType,
    "Content-Disposition": `attachment; filename="${options.fileName}"; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...options.headers,
  });
  if (options.length !== undefined) headers.set("Content-Length", String(options.length));
  return new Response(body, { headers });
}

export function notFound(message: string): Response {
  return Response.json({ ok: false, code: "not_found", error: message }, { status: 404 });
}

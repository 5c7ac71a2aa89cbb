import { AppError } from "@/lib/errors";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "@/lib/security/json-depth";

/** The largest JSON body a route handler reads: an instruction or a plan is a few kilobytes. */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A request's JSON body, read no further than `limit` bytes: a larger declared or streamed body
 * is refused (413) before the rest of it is read; text that is not JSON, or nests deeper than any
 * plan, is a 400.
 */
export async function readJsonBody(
  request: Request,
  limit = JSON_BODY_LIMIT_BYTES,
): Promise<unknown> {
  const tooLarge = () =>
    new AppError(
      "too_large",
      `This request is over the ${Math.round(limit / 1024)} KB limit of a request body. Nothing was changed.`,
    );
  if (Number(request.headers.get("content-length")) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("invalid_input", "The request body is not UTF-8 text.");
  }
  if (jsonNestsDeeperThan(text)) {
    throw new AppError(
      "invalid_input",
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels; no plan or form does.`,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_input", "The request body is not valid JSON.");
  }
}

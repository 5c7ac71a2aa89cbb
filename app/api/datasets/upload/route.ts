import { withRoute } from "@/lib/auth/route";
import { compute } from "@/lib/compute/pool";
import { DELIMITER_NAMES, type Delimiter, isDelimiter } from "@/lib/dataset/csv-dialect";
import { env } from "@/lib/env";
import { AppError, errorHeaders, toAppError } from "@/lib/errors";
import { stageUpload, tooLarge } from "@/lib/services/upload-dataset";

/**
 * Step 1 of an upload: the raw CSV as the request body (the browser sends the File through XHR
 * so it can show progress), the file name in `X-File-Name`. Responds with the profile and a
 * staging token, or with the problem (400 with the line, 413 over the limit) and nothing stored.
 */
export const POST = withRoute("dataset.upload", async (request, actor) => {
  const limitBytes = env().SIGNOFF_MAX_UPLOAD_MB * 1024 * 1024;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limitBytes) return failure(tooLarge(limitBytes));

  const fileName = decodeFileName(request.headers.get("x-file-name"));
  // "semicolon" (or ";"): the separator chosen by hand when the one read from the file was wrong.
  const chosen = request.headers.get("x-delimiter");
  const delimiter = chosen === null ? undefined : delimiterNamed(chosen);
  if (chosen !== null && delimiter === undefined) {
    return failure(
      new AppError("invalid_input", "X-Delimiter must be comma, semicolon, tab or pipe."),
    );
  }
  try {
    const staged = await stageUpload({
      body: request.body,
      fileName,
      limitBytes,
      actor: actor.id,
      delimiter,
      profile: (bytes, chosen) => compute("profileUpload", { bytes, delimiter: chosen }),
    });
    return Response.json({ ok: true, data: staged });
  } catch (error) {
    return failure(error);
  }
});

function failure(error: unknown): Response {
  const appError = toAppError(error);
  if (appError.code === "internal") console.error(error);
  return Response.json(
    { ok: false, code: appError.code, error: appError.message, detail: appError.detail ?? {} },
    { status: appError.status, headers: errorHeaders(appError) },
  );
}

function decodeFileName(header: string | null): string {
  if (!header) return "upload.csv";
  try {
    return decodeURIComponent(header).slice(0, 200);
  } catch {
    return "upload.csv";
  }
}

function delimiterNamed(value: string): Delimiter | undefined {
  if (isDelimiter(value)) return value;
  const named = Object.entries(DELIMITER_NAMES).find(([, name]) => name === value.toLowerCase());
  return named ? (named[0] as Delimiter) : undefined;
}

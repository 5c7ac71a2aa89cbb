import { withRoute } from "@/lib/auth/route";
import { spreadsheetSafeCsv } from "@/lib/dataset/spreadsheet-safe";
import { loadVersionContent } from "@/lib/db/dataset-versions";
import { downloadResponse, fileSlug, notFound, streamBytes } from "@/lib/http/download";
import { versionNumberParam } from "@/lib/http/route-params";

/**
 * A version's CSV. `?format=exact` (the default) streams the stored bytes unchanged;
 * `?format=spreadsheet` neutralises formula-like cells first and reports how many it changed
 * in `X-Signoff-Neutralised-Cells`.
 */
export const GET = withRoute(
  "download.read",
  async (request, _actor, { params }: { params: Promise<{ id: string; number: string }> }) => {
    const { id, number } = await params;
    const versionNumber = versionNumberParam(number);
    const version = versionNumber === null ? null : await loadVersionContent(id, versionNumber);
    if (!version) return notFound("That dataset version does not exist.");

    const base = `${fileSlug(version.datasetName)}-v${version.number}`;
    const format = new URL(request.url).searchParams.get("format") ?? "exact";
    if (format === "spreadsheet") {
      const safe = spreadsheetSafeCsv(version.content, version.delimiter);
      return downloadResponse(streamBytes(safe.bytes), {
        fileName: `${base}-for-spreadsheets.csv`,
        contentType: "text/csv; charset=utf-8",
        length: safe.bytes.byteLength,
        headers: { "X-Signoff-Neutralised-Cells": String(safe.neutralised) },
      });
    }
    if (format !== "exact") {
      return Response.json(
        { ok: false, code: "invalid_input", error: 'format must be "exact" or "spreadsheet".' },
        { status: 400 },
      );
    }
    return downloadResponse(streamBytes(version.content), {
      fileName: `${base}.csv`,
      contentType: "text/csv; charset=utf-8",
      length: version.content.byteLength,
      headers: { "X-Signoff-Sha256": version.sha256 },
    });
  },
);

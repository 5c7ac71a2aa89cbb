import { withRoute } from "@/lib/auth/route";
import { loadVersionContentById } from "@/lib/db/dataset-versions";
import { findExecution } from "@/lib/db/executions";
import { downloadResponse, fileSlug, notFound, streamBytes, streamText } from "@/lib/http/download";
import { executionAuditChunks, executionChangesCsv } from "@/lib/services/execution-exports";

const CSV = "text/csv; charset=utf-8";

/**
 * An execution's files: `before.csv` and `after.csv` (the input and result versions, exact
 * bytes), `changes.csv` (every changed cell), `plan.json` (the snapshot as executed) and
 * `audit.jsonl` (the audit record as one JSON line, the seed executor's format).
 */
export const GET = withRoute(
  "download.read",
  async (_request, _actor, { params }: { params: Promise<{ id: string; file: string }> }) => {
    const { id, file } = await params;
    const execution = await findExecution(id);
    if (!execution) return notFound("That execution does not exist.");
    const base = `${fileSlug(execution.dataset.name)}-${fileSlug(execution.executionId)}`;

    switch (file) {
      case "before.csv":
      case "after.csv": {
        const version = file === "before.csv" ? execution.baseVersion : execution.resultVersion;
        const content = version ? await loadVersionContentById(version.id) : null;
        if (!version || !content) {
          return notFound(
            file === "after.csv"
              ? "This execution produced no new version."
              : "This execution's input version is missing.",
          );
        }
        return downloadResponse(streamBytes(content.content), {
          fileName: `${base}-${file === "before.csv" ? "before" : "after"}-v${version.number}.csv`,
          contentType: CSV,
          length: content.content.byteLength,
        });
      }
      case "changes.csv":
        return downloadResponse(streamText(executionChangesCsv(execution)), {
          fileName: `${base}-changes.csv`,
          contentType: CSV,
        });
      case "plan.json":
        return downloadResponse(
          streamText([`${JSON.stringify(execution.planSnapshot, null, 2)}\n`]),
          {
            fileName: `${fileSlug(execution.executionId)}.json`,
            contentType: "application/json; charset=utf-8",
          },
        );
      case "audit.jsonl":
        return downloadResponse(streamText(executionAuditChunks(execution.id)), {
          fileName: `${base}-audit.jsonl`,
          contentType: "application/x-ndjson; charset=utf-8",
        });
      default:
        return notFound("Unknown download.");
    }
  },
);

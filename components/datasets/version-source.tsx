import Link from "next/link";
import type { VersionSummary } from "@/lib/db/dataset-versions";

/** Where a version came from: an upload, the seed, or a linked execution. */
export function VersionSource({ version }: { version: VersionSummary }) {
  if (version.execution) {
    const reverted = version.execution.status === "reverted";
    return (
      <span className="min-w-0">
        <Link
          href={`/executions/${version.execution.id}`}
          className="font-mono text-[13px] text-brand-700 hover:underline"
        >
          {version.execution.executionId}
        </Link>
        {reverted ? (
          <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800">
            reverted
          </span>
        ) : null}
        <span
          className="block truncate text-xs text-slate-500"
          title={version.execution.instruction}
        >
          {version.execution.instruction || "No instruction"}
        </span>
      </span>
    );
  }
  return (
    <span className="text-slate-700">{version.source === "seed" ? "Seed data" : "Upload"}</span>
  );
}

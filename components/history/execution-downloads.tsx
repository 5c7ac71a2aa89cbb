import { buttonClasses } from "@/components/ui/button";

const FILES = [
  { file: "before.csv", label: "Before CSV", note: "The input version, exact bytes" },
  { file: "after.csv", label: "After CSV", note: "The resulting version, exact bytes" },
  { file: "changes.csv", label: "Changes CSV", note: "Every changed cell, before and after" },
  { file: "plan.json", label: "Plan JSON", note: "The plan exactly as executed" },
  {
    file: "audit.jsonl",
    label: "Audit record",
    note: "One JSON line in the seed executor's audit format",
  },
] as const;

/** The execution's files, in a menu, with its audit CSV (the history export of it alone). */
export function ExecutionDownloads({ id, hasResult }: { id: string; hasResult: boolean }) {
  return (
    <details className="group relative">
      <summary
        className={`${buttonClasses("secondary")} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        Downloads
        <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {FILES.filter(
          (item) => hasResult || (item.file !== "after.csv" && item.file !== "changes.csv"),
        ).map((item) => (
          <li key={item.file}>
            <a
              href={`/api/executions/${id}/downloads/${item.file}`}
              download
              className="block rounded-md px-3 py-2 hover:bg-slate-50"
              data-testid={`download-${item.file}`}
            >
              <span className="block text-sm font-medium text-slate-900">{item.label}</span>
              <span className="block text-xs text-slate-600">{item.note}</span>
            </a>
          </li>
        ))}
        {hasResult ? (
          <li>
            <a
              href={`/api/history/export?execution=${encodeURIComponent(id)}&format=csv`}
              download
              className="block rounded-md px-3 py-2 hover:bg-slate-50"
              data-testid="download-audit.csv"
            >
              <span className="block text-sm font-medium text-slate-900">Audit CSV</span>
              <span className="block text-xs text-slate-600">
                Every changed cell with the plan, dataset, versions, author and approver
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

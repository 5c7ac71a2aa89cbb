import { buttonClasses } from "@/components/ui/button";

/** Both CSV downloads of a version; the spreadsheet one says what it changes. */
export function DownloadMenu({
  datasetId,
  version,
  size = "md",
  label = "Download",
}: {
  datasetId: string;
  version: number;
  size?: "sm" | "md";
  label?: string;
}) {
  const href = `/api/datasets/${datasetId}/versions/${version}/download`;
  return (
    <details className="group relative">
      <summary
        className={`${buttonClasses("secondary", size)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
        aria-label={`${label} version ${version}`}
      >
        {label}
        <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-1 text-left shadow-lg">
        <a
          href={`${href}?format=exact`}
          download
          className="block rounded-md px-3 py-2 hover:bg-slate-50"
          data-testid="download-exact"
        >
          <span className="block text-sm font-medium text-slate-900">CSV (exact)</span>
          <span className="block text-xs text-slate-600">
            The stored bytes of v{version}, unchanged.
          </span>
        </a>
        <a
          href={`${href}?format=spreadsheet`}
          download
          className="block rounded-md px-3 py-2 hover:bg-slate-50"
          data-testid="download-spreadsheet"
        >
          <span className="block text-sm font-medium text-slate-900">CSV for spreadsheets</span>
          <span className="block text-xs text-slate-600">
            Cells starting with = + - @, a tab or a carriage return get a leading apostrophe so
            Excel and Sheets show them as text instead of running them as formulas. Plain numbers
            such as -5 are kept. Not byte-identical to the stored file.
          </span>
        </a>
      </div>
    </details>
  );
}

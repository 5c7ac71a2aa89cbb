import Link from "next/link";

/** Under a row-key filter: links to that row's full history in each dataset shown. */
export function RowHistoryLinks({
  rowKey,
  datasets,
}: {
  rowKey: string;
  datasets: Array<{ id: string; name: string }>;
}) {
  const unique = [...new Map(datasets.map((dataset) => [dataset.id, dataset])).values()];
  return (
    <p className="rounded-lg border border-brand-100 bg-brand-50 px-4 py-2 text-sm text-slate-800">
      Every change to row <span className="font-mono">{rowKey}</span>, cell by cell:{" "}
      {unique.map((dataset, index) => (
        <span key={dataset.id}>
          {index > 0 ? ", " : ""}
          <Link
            href={`/datasets/${dataset.id}/rows/${encodeURIComponent(rowKey)}`}
            className="font-medium text-brand-700 underline"
          >
            row history in {dataset.name}
          </Link>
        </span>
      ))}
    </p>
  );
}

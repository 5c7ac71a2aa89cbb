/** A row's cells as a compact two-line grid: column names over values. */
export function RowValues({
  values,
  keyColumn,
}: {
  values: Record<string, string>;
  keyColumn: string;
}) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 px-4 py-4 sm:grid-cols-4 lg:grid-cols-6">
      {Object.entries(values).map(([column, value]) => (
        <div key={column} className="min-w-0">
          <dt className="font-mono text-xs text-slate-500">{column}</dt>
          <dd
            className={`mt-0.5 truncate text-sm text-slate-900 ${column === keyColumn ? "font-mono" : ""}`}
            title={value}
          >
            {value === "" ? <span className="text-slate-400">empty</span> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

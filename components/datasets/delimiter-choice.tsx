"use client";

import { useId } from "react";
import { DELIMITER_NAMES, DELIMITERS, type Delimiter } from "@/lib/dataset/csv-dialect";

/**
 * "Separated by": the separator the file was read with, and a way to read it again with another
 * when the one read from the file was not the right one. The choice stays with the dataset.
 */
export function DelimiterChoice({
  current,
  onChoose,
  label = "Separated by",
}: {
  current?: Delimiter;
  onChoose: (delimiter: Delimiter) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={current === undefined ? "" : DELIMITER_NAMES[current]}
        onChange={(event) => {
          const chosen = DELIMITERS.find((d) => DELIMITER_NAMES[d] === event.target.value);
          if (chosen) onChoose(chosen);
        }}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {current === undefined ? <option value="">Choose…</option> : null}
        {DELIMITERS.map((delimiter) => (
          <option key={delimiter} value={DELIMITER_NAMES[delimiter]}>
            {DELIMITER_NAMES[delimiter]}
          </option>
        ))}
      </select>
    </div>
  );
}

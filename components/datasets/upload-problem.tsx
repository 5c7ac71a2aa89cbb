import type { UploadProblem } from "./use-csv-upload";

const HINTS: Record<string, string> = {
  empty_file: "Export the table again and check it has a header line and at least one row.",
  not_utf8:
    "In Excel use File → Save As → “CSV UTF-8”; in other tools choose UTF-8 as the encoding.",
  ragged_row:
    "Every row needs as many fields as the header. A comma inside a value must be inside double quotes.",
  unterminated_quote:
    'A value opens a double quote that never closes. Close it, or write a quote inside a value as two quotes ("").',
  invalid_quote: 'Quote the whole value, and write a quote inside it as two quotes ("").',
  duplicate_key:
    "The key column must identify each row once. Remove the repeated row, or fix its key.",
  empty_key: "Every row needs a value in the key column.",
  duplicate_header: "Column names must be unique. Rename one of the two columns.",
  empty_header: "Every column needs a name in the header line.",
  no_key_column:
    "Signoff needs one column whose values are unique and filled in on every row, such as a SKU or id.",
  too_large: "Split the file, or ask an administrator to raise SIGNOFF_MAX_UPLOAD_MB.",
};

/** Why an upload was refused: the specific problem, its line, and what to do about it. */
export function UploadProblemNotice({
  fileName,
  problem,
}: {
  fileName: string;
  problem: UploadProblem;
}) {
  const hint = problem.csvCode ? HINTS[problem.csvCode] : undefined;
  return (
    <div
      role="alert"
      data-testid="upload-problem"
      className="rounded-lg border border-red-200 bg-red-50 px-5 py-4 text-sm text-red-900"
    >
      <p className="font-semibold">
        {fileName} can’t be used{problem.line ? ` (line ${problem.line})` : ""}
      </p>
      <p className="mt-1">{problem.message}</p>
      {hint ? <p className="mt-2 text-red-800/90">{hint}</p> : null}
      <p className="mt-2 text-red-800/90">Nothing was stored.</p>
    </div>
  );
}

import { DICTIONARY_LIMIT } from "@/lib/dataset/csv-dictionary";
import { shorthandByNames } from "@/lib/dataset/shorthand";
import type { ColumnProfile, DatasetProfile } from "@/lib/dataset/types";
import { normalizePlan, PlanNormalizeError } from "@/lib/plan/normalize";
import type { ExecutionPlan } from "@/lib/plan/schema";
import { fewValues } from "./conditions";

/** The column a parse dictionary-encodes for a plan: from its profile, or from its header alone. */

/**
 * What a parse should dictionary-encode for this plan (`ParseCsvOptions.encode`): the column
 * read in full through its dictionary for the most operations (each operation's first `all`
 * condition, by `selectRows`, and an aggregate's groups, on a column with few distinct values),
 * or undefined when there is none.
 * A plan that does not normalise encodes nothing (the dry run reports why).
 */
export function dictionaryEncodingFor(
  plan: ExecutionPlan,
  profile: DatasetProfile,
): { column: string; limit: number } | undefined {
  const reads = new Map<string, number>();
  try {
    for (const op of normalizePlan(plan, profile).operations) {
      // An aggregate per group reads every row's group, and so does a filter on its figures.
      const group = op.action.kind === "aggregate" ? op.action.groupBy : undefined;
      for (const name of [op.filter.all[0]?.column, group]) {
        const column = profile.columns.find((c) => c.name === name);
        if (column && fewValues(column)) reads.set(column.name, (reads.get(column.name) ?? 0) + 1);
      }
    }
  } catch (error) {
    if (!(error instanceof PlanNormalizeError)) throw error;
  }
  let most: string | undefined;
  let mostReads = 0;
  for (const [name, count] of reads) {
    if (count > mostReads) [most, mostReads] = [name, count];
  }
  return most === undefined ? undefined : { column: most, limit: DICTIONARY_LIMIT };
}

/**
 * `dictionaryEncodingFor` before the table is read, from its header alone (the CLI has the plan
 * first): every column is taken for one of few values, and the shorthand for the columns whose
 * names fit it. A wrong guess costs only the scan's encoding of a column that no filter reads in
 * full, or that has too many values, where the scan soon stops encoding it.
 */
export function dictionaryEncodingByHeader(
  plan: ExecutionPlan,
  header: readonly string[],
): { column: string; limit: number } | undefined {
  const key = header[0] ?? "";
  const columns = header.map(
    (name, index): ColumnProfile => ({
      name,
      index,
      type: "text",
      emptyCount: 0,
      distinctCount: 0,
    }),
  );
  const shorthand = { key, ...shorthandByNames(header) };
  return dictionaryEncodingFor(plan, {
    columns,
    rowCount: 0,
    keyColumn: key,
    shorthand,
    sampleRows: [],
  });
}

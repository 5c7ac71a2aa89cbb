import { parseCsv } from "@/lib/dataset/csv";
import type { Delimiter } from "@/lib/dataset/csv-dialect";
import { profileDataset } from "@/lib/dataset/profile";
import type { DatasetProfile } from "@/lib/dataset/types";
import type { PlannerResult } from "../types";
import { planWithRules } from "./rules-planner";
import { textColumnValues } from "./value-index";

/** Helpers for the rules planner's tests on tables made up in the test. */

/** The profile of a table given as its lines (header first). */
export function tableProfile(lines: string[], delimiter?: Delimiter): DatasetProfile {
  const bytes = new TextEncoder().encode(`${lines.join("\n")}\n`);
  return profileDataset(parseCsv(bytes, delimiter ? { delimiter } : undefined));
}

/**
 * The rules planner on a table given as its lines, with the keys and text values the app and the
 * CLI look the instruction's words up in.
 */
export function rulesOnTable(lines: string[]) {
  const table = parseCsv(new TextEncoder().encode(`${lines.join("\n")}\n`));
  const profile = profileDataset(table);
  table.setKeyColumn(profile.keyColumn);
  return rulesOn(profile, {
    knownKeys: new Set(table.column(table.keyColumnIndex)),
    knownValues: textColumnValues(table, profile),
  });
}

/** The rules planner on one table, on 2026-11-26, with the readings tests look at. */
export function rulesOn(
  profile: DatasetProfile,
  lookups: {
    knownValues?: ReadonlyMap<string, readonly string[]>;
    knownKeys?: ReadonlySet<string>;
  } = {},
) {
  const plan = (instruction: string): PlannerResult =>
    planWithRules({ instruction, profile, ...lookups, now: new Date("2026-11-26T10:00:00Z") });
  /** Each operation's filter and action; throws with the reason when the planner refuses. */
  const operations = (instruction: string) => {
    const result = plan(instruction);
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    return result.plan.operations.map(({ filter, action }) => ({ filter, action }));
  };
  /** The refusal's reason; throws when a plan was made. */
  const refusal = (instruction: string): string => {
    const result = plan(instruction);
    if (result.ok) throw new Error(`planned: ${JSON.stringify(result.plan.operations)}`);
    return result.reason;
  };
  return {
    plan,
    operations,
    operation: (instruction: string) => operations(instruction)[0],
    refusal,
  };
}

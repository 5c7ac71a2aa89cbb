import { writeFile } from "node:fs/promises";
import { env } from "@/lib/env";
import { exportPlan } from "@/lib/plan/json-text";
import type { PlannerConfig, PlannerFailure } from "@/lib/planner";
import { parseCommandArgs, required } from "../args";
import { CliError, describeFsError, EXIT, type ExitCode, usageError } from "../errors";
import { readCsvFile } from "../inputs";
import type { CliIo } from "../io";
import type { Command } from "../main";

const PLANNERS = ["rules", "google", "openai-compatible"] as const;
type PlannerKind = (typeof PLANNERS)[number];

const HELP = `Usage: signoff plan --csv FILE --instruction TEXT [--out plan.json] [--planner KIND]

Draft a plan from a plain-English instruction and the CSV's profile. The plan is printed (or
written to --out) for review; nothing is changed.

Options:
  --csv FILE           the table the instruction is about
  --instruction TEXT   what to change, e.g. "Increase prices by 10% for in-stock fitness products"
  --out FILE           write the plan here instead of printing it
  --planner KIND       rules (offline), google or openai-compatible; default: SIGNOFF_PLANNER,
                       which picks google when GOOGLE_GENERATIVE_AI_API_KEY is set, else rules
  --key COLUMN         the key column, when it is not the one Signoff picks
  -h, --help           show this help

Exit codes: 0 planned; 1 the CSV cannot be read; 2 the planner could not make a plan of the
instruction (the words it could not place are listed); 3 the model provider failed;
4 --out could not be written.`;

export const planCommand: Command = {
  name: "plan",
  summary: "draft a plan from an instruction (prints JSON for review)",
  help: HELP,
  run,
};

async function run(argv: string[], io: CliIo): Promise<ExitCode> {
  const args = parseCommandArgs("plan", argv, {
    csv: { type: "string" },
    instruction: { type: "string" },
    out: { type: "string" },
    planner: { type: "string" },
    key: { type: "string" },
  });
  const csvFile = required("plan", args.csv, "csv");
  const instruction = required("plan", args.instruction, "instruction");
  if (args.planner !== undefined && !(PLANNERS as readonly string[]).includes(args.planner)) {
    throw usageError("plan", `--planner must be one of ${PLANNERS.join(", ")}`);
  }
  const config = plannerConfig(args.planner as PlannerKind | undefined);

  const csv = await readCsvFile(csvFile, args.key);
  const keyIndex = csv.table.columnIndex(csv.profile.keyColumn);
  const knownKeys = keyIndex < 0 ? undefined : new Set(csv.table.column(keyIndex));
  // Loaded here, not at start-up: the model SDKs are only needed by this command.
  const { createPlanner } = await import("@/lib/planner");
  const result = await createPlanner(config).plan({
    instruction,
    profile: csv.profile,
    knownKeys,
  });
  if (!result.ok) throw refusal(result);

  for (const note of result.notes) io.err(`note: ${note}`);
  for (const warning of result.warnings) io.err(`warning: ${warning.message}`);
  const text = exportPlan(result.plan);
  if (args.out === undefined) {
    io.out(text.trimEnd());
    return EXIT.ok;
  }
  try {
    await writeFile(args.out, text);
  } catch (error) {
    throw new CliError(
      EXIT.writeFailed,
      `cannot write --out ${args.out}: ${describeFsError(error)}`,
    );
  }
  const count = result.plan.operations.length;
  io.out(
    `wrote ${args.out} (${count} operation${count === 1 ? "" : "s"}, ${result.planner} planner); review it, then: signoff preview --plan ${args.out} --csv ${csvFile}`,
  );
  return EXIT.ok;
}

/** The planner settings from the environment (lib/env.ts), with --planner winning. */
function plannerConfig(kind: PlannerKind | undefined): PlannerConfig {
  let e: ReturnType<typeof env>;
  try {
    e = env();
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n").join(" ") : String(error);
    throw new CliError(EXIT.invalidPlan, message);
  }
  return {
    planner: kind ?? e.SIGNOFF_PLANNER,
    model: e.SIGNOFF_MODEL,
    openaiBaseUrl: e.SIGNOFF_OPENAI_BASE_URL,
    openaiApiKey: e.SIGNOFF_OPENAI_API_KEY,
    googleApiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
    maxRepairs: e.SIGNOFF_PLANNER_MAX_REPAIRS,
  };
}

function refusal(failure: PlannerFailure): CliError {
  const details = [
    ...(failure.unplaced.length > 0
      ? [`could not place: ${failure.unplaced.map((word) => JSON.stringify(word)).join(", ")}`]
      : []),
    ...(failure.issues ?? []).map((issue) => issue.message),
    ...(failure.suggestion ? [failure.suggestion] : []),
  ];
  return new CliError(
    failure.code === "provider" ? EXIT.executionFailed : EXIT.invalidPlan,
    `the ${failure.planner} planner made no plan: ${failure.reason}`,
    details,
  );
}

import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { exportPlan } from "@/lib/plan/json-text";
import type { ExecutionPlan } from "@/lib/plan/schema";
import type { PlannerConfig, PlannerFailure } from "@/lib/planner";
import { textColumnValues } from "@/lib/planner/rules/value-index";
import { secondReading } from "@/lib/planner/second-reading";
import { plannerConfigFromEnv, planningDay } from "@/lib/services/planner-config";
import { delimiterOption, parseCommandArgs, required, userPath } from "../args";
import { CliError, describeFsError, EXIT, type ExitCode, usageError } from "../errors";
import { readCsvFile } from "../inputs";
import type { CliIo } from "../io";
import { openAppLedger } from "../ledger";
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
  --delimiter NAME     comma, semicolon, tab or pipe, when detecting it from the file is wrong
  -h, --help           show this help

Exit codes: 0 planned; 1 the CSV cannot be read; 2 the planner could not make a plan of the
instruction (the words it could not place are listed); 3 the model provider failed;
4 --out could not be written.`;

export const planCommand: Command = {
  name: "plan",
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
    delimiter: { type: "string" },
  });
  const csvFile = userPath(required("plan", args.csv, "csv"));
  const instruction = required("plan", args.instruction, "instruction");
  if (args.planner !== undefined && !(PLANNERS as readonly string[]).includes(args.planner)) {
    throw usageError("plan", `--planner must be one of ${PLANNERS.join(", ")}`);
  }
  const config = plannerConfig(args.planner as PlannerKind | undefined);

  const csv = await readCsvFile(csvFile, {
    keyColumn: args.key,
    delimiter: delimiterOption("plan", args.delimiter),
  });
  const keyIndex = csv.table.columnIndex(csv.profile.keyColumn);
  const knownKeys = keyIndex < 0 ? undefined : new Set(csv.table.column(keyIndex));
  const lookups = textColumnValues(csv.table, csv.profile);
  // Loaded here, not at start-up: the model SDKs are only needed by this command.
  const { createPlanner } = await import("@/lib/planner");
  const result = await createPlanner(config).plan({
    instruction,
    profile: csv.profile,
    knownKeys,
    knownValues: lookups,
    now: planningDay(),
  });
  if (!result.ok) throw refusal(result);
  if (result.planner !== "rules") {
    result.warnings.push(
      ...secondReading(result.plan, csv.profile, { knownKeys, knownValues: lookups }),
    );
  }
  result.plan.execution_id = await unusedExecutionId(result.plan, instruction);

  for (const note of result.notes) io.err(`note: ${note}`);
  for (const warning of result.warnings) io.err(`warning: ${warning.message}`);
  const text = exportPlan(result.plan);
  if (args.out === undefined) {
    io.out(text.trimEnd());
    return EXIT.ok;
  }
  try {
    await writeFile(userPath(args.out), text);
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

/** The planner settings from the environment (read in one place), with --planner winning. */
function plannerConfig(kind: PlannerKind | undefined): PlannerConfig {
  try {
    const config = plannerConfigFromEnv();
    return kind === undefined ? config : { ...config, planner: kind };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n").join(" ") : String(error);
    throw new CliError(EXIT.invalidPlan, message);
  }
}

/**
 * An execution id no other plan has: the instruction's fingerprint goes into the id, so two
 * different instructions never share one, and an id the app database already recorded moves on
 * to the next version, so apply never mistakes a new plan for a replay.
 */
async function unusedExecutionId(plan: ExecutionPlan, instruction: string): Promise<string> {
  const fingerprint = createHash("sha256").update(instruction.trim()).digest("hex").slice(0, 6);
  const match = /^(.*?)(?:_v(\d+))?$/.exec(plan.execution_id) as RegExpExecArray;
  // The schema allows 64 characters: room is kept for the fingerprint and a version.
  const stem = match[1].endsWith(fingerprint) ? match[1].slice(0, -7) : match[1];
  const base = `${stem.slice(0, 50)}_${fingerprint}`;
  let version = Number(match[2] ?? 1);
  const ledger = await openAppLedger();
  try {
    while (ledger && (await ledger.find(`${base}_v${version}`))) version += 1;
  } finally {
    await ledger?.close();
  }
  return `${base}_v${version}`;
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

import { CliError, EXIT, type ExitCode } from "./errors";
import type { CliIo } from "./io";

/**
 * `signoff <command> [options]`. Every failure ends as one message
 * on stderr (plus one line per validation issue) and an exit code; never a stack trace.
 */

export interface Command {
  name: string;
  help: string;
  run(argv: string[], io: CliIo): Promise<ExitCode>;
}

/**
 * The commands, each loaded only when it runs: `plan` brings the planners, `apply` the audit
 * writer and, with a database, Prisma; a run should not wait for what it does not use.
 */
const COMMANDS: { name: string; summary: string; load(): Promise<Command> }[] = [
  {
    name: "plan",
    summary: "draft a plan from an instruction (prints JSON for review)",
    load: async () => (await import("./commands/plan")).planCommand,
  },
  {
    name: "preview",
    summary: "dry-run a plan: counts per operation, guards and the diff",
    load: async () => (await import("./commands/preview")).previewCommand,
  },
  {
    name: "apply",
    summary: "apply a plan to a CSV, all or nothing, with an audit line",
    load: async () => (await import("./commands/apply")).applyCommand,
  },
];

const HELP = `Usage: signoff <command> [options]

Describe a change to a table in plain English, review the plan, preview the diff, apply it.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(9)}${command.summary}`).join("\n")}

Run "signoff <command> --help" for a command's options.

Exit codes:
  0  done, or skipped because the plan's execution_id already ran
  1  an input file could not be read (or is not a valid CSV)
  2  the plan is not valid (JSON, schema, or against the CSV), or the command line is wrong
  3  running the plan failed (a cell that is not a number, a failed guard)
  4  the output or the audit file could not be written`;

export async function main(argv: string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(HELP);
    return name === undefined ? EXIT.invalidPlan : EXIT.ok;
  }
  const entry = COMMANDS.find((candidate) => candidate.name === name);
  if (!entry) {
    io.err(
      `signoff: unknown command ${JSON.stringify(name)}; the commands are plan, preview and apply (see: signoff --help)`,
    );
    return EXIT.invalidPlan;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`signoff ${command.name}: ${error.message}`);
      for (const line of error.details) io.err(`  ${line}`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.err(`signoff ${command.name}: unexpected error: ${message.split("\n")[0]}`);
    return EXIT.executionFailed;
  }
}

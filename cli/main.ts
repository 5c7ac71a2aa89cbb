import { applyCommand } from "./commands/apply";
import { planCommand } from "./commands/plan";
import { previewCommand } from "./commands/preview";
import { CliError, EXIT, type ExitCode } from "./errors";
import type { CliIo } from "./io";

/**
 * `signoff <command> [options]`. Every failure ends as one message
 * on stderr (plus one line per validation issue) and an exit code; never a stack trace.
 */

export interface Command {
  name: string;
  summary: string;
  help: string;
  run(argv: string[], io: CliIo): Promise<ExitCode>;
}

const COMMANDS: Command[] = [planCommand, previewCommand, applyCommand];

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
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(
      `signoff: unknown command ${JSON.stringify(name)}; the commands are plan, preview and apply (see: signoff --help)`,
    );
    return EXIT.invalidPlan;
  }
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

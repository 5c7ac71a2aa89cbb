import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { DELIMITER_NAMES, type Delimiter, isDelimiter } from "@/lib/dataset/csv-dialect";
import { usageError } from "./errors";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Parse a command's options with node:util parseArgs (strict: unknown options and positionals
 * are errors), adding --help. A parse error becomes one line that points at --help.
 */
export function parseCommandArgs<T extends Options>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } } as T & {
        help: { type: "boolean"; short: "h" };
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw usageError(command, plainParseError(error));
  }
}

/** The value of a required option, or a usage error naming it. */
export function required(command: string, value: string | undefined, name: string): string {
  if (value === undefined || value === "") throw usageError(command, `--${name} is required`);
  return value;
}

/** node's parseArgs messages, shortened to what a person needs. */
function plainParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option ${unknown[1]}`;
  const positional = /Unexpected argument '([^']+)'/.exec(message);
  if (positional) return `unexpected argument ${JSON.stringify(positional[1])}`;
  const missing = /Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message);
  if (missing) return `${missing[1]} needs a value`;
  const flag = /Option '(--[\w-]+)' does not take an argument/.exec(message);
  if (flag) return `${flag[1]} takes no value`;
  return message.split("\n")[0];
}

/**
 * A path the person typed, resolved from the folder they typed it in. `npm run signoff` runs
 * the CLI from the project root and says where the person was in INIT_CWD; the installed
 * `signoff` command runs where they are, and INIT_CWD is then unset or the same.
 */
export function userPath(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** `--delimiter`: a name (comma, semicolon, tab, pipe) or the character itself. */
export function delimiterOption(command: string, value: string | undefined): Delimiter | undefined {
  if (value === undefined) return undefined;
  const byName = Object.entries(DELIMITER_NAMES).find(([, name]) => name === value.toLowerCase());
  const delimiter = byName ? byName[0] : value === "\\t" ? "\t" : value;
  if (!isDelimiter(delimiter)) {
    throw usageError(
      command,
      `--delimiter must be comma, semicolon, tab or pipe, not ${JSON.stringify(value)}`,
    );
  }
  return delimiter;
}

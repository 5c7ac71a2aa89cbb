/**
 * Exit codes and the one error type commands throw. `main` prints a
 * CliError as its message lines on stderr and exits with its code; nothing prints a stack trace.
 */

export const EXIT = {
  /** Done, or skipped because the execution_id already ran. */
  ok: 0,
  /** A file could not be read, or is not a readable CSV. */
  unreadableInput: 1,
  /** The plan is not valid (JSON, schema, or against the dataset); also wrong command-line use. */
  invalidPlan: 2,
  /** The plan was valid but running it failed (a non-numeric cell, a failed guard). */
  executionFailed: 3,
  /** The output or the audit file could not be written. */
  writeFailed: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    /** Further lines printed under the message (one per validation issue, say). */
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Wrong use of the command line: exit 2, with a pointer to --help. */
export function usageError(command: string, message: string): CliError {
  return new CliError(EXIT.invalidPlan, `${message} (see: signoff ${command} --help)`);
}

/** A file-system error in words: "no such file", "permission denied", … */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file or directory";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "it is a directory";
    case "ENOTDIR":
      return "a part of the path is not a directory";
    case "EROFS":
      return "the file system is read-only";
    case "ENOSPC":
      return "no space left on the device";
    case "EEXIST":
      return "the file already exists";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

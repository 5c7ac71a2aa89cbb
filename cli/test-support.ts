import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@/lib/plan/test-support";

/** The real CLI, spawned as a user would run it (node --import tsx cli/signoff.ts). */

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  options: { cwd?: string; entry?: string[]; env?: Record<string, string> } = {},
): Promise<Run> {
  const entry = options.entry ?? [
    "--conditions=react-server",
    "--import",
    "tsx",
    path.join(REPO_ROOT, "cli", "signoff.ts"),
  ];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      {
        cwd: options.cwd ?? REPO_ROOT,
        env: { PATH: process.env.PATH, HOME: os.tmpdir(), NODE_ENV: "test", ...options.env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runScript, SERVER_MEMORY_ENV } from "../../../scripts/lib.mjs";
import { freePort } from "../../support/free-port";

export const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
/** The production server as `npm start` runs it: Next's handler behind our own HTTP server. */
const SERVE = path.join(ROOT, "scripts", "serve.mjs");
/** The database file's name inside a server's data folder (its auth secret and uploads sit beside it). */
const DB_FILE = "signoff.db";

/** The environment of the scripts and servers under test: the production server's, on `dataDir`. */
function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Vitest runs with NODE_ENV=test; the server under test is the production one.
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: `file:${path.join(dataDir, DB_FILE)}`,
    SIGNOFF_PLANNER: "rules",
    SIGNOFF_AUTH: "on",
    SIGNOFF_ALLOW_SELF_APPROVAL: "false",
    // Every test signs in a few times from one address; the limit has its own integration test.
    SIGNOFF_SIGN_IN_ATTEMPTS: "10000",
  };
  delete env.GOOGLE_GENERATIVE_AI_API_KEY;
  delete env.SIGNOFF_AUTH_SECRET;
  delete env.SIGNOFF_BASE_URL;
  return env;
}

/**
 * A migrated and seeded database in a new folder, as scripts/serve-e2e.mjs prepares the e2e
 * server's: the demo datasets and one account per role (scripts/seed-e2e-users.ts).
 */
export async function prepareDatabase(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "signoff-server-template-"));
  // Errors only: a failing step says why on stderr.
  const options: SpawnOptions = {
    cwd: ROOT,
    env: serverEnv(dataDir),
    stdio: ["ignore", "ignore", "inherit"],
  };
  await runScript("scripts/db-migrate.ts", [], options);
  await runScript("scripts/db-seed.ts", [], options);
  await runScript("scripts/seed-e2e-users.ts", [], options);
  return dataDir;
}

/**
 * A private copy of a prepared database, so each test file starts equal. Its server makes its
 * own auth secret beside it on first start (preparing the database signs nobody in).
 */
export async function copyDatabase(templateDir: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "signoff-server-"));
  await copyFile(path.join(templateDir, DB_FILE), path.join(dataDir, DB_FILE));
  return dataDir;
}

/** The SQLite file of a server's data folder. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, DB_FILE);
}

export function databaseUrl(dataDir: string): string {
  return `file:${path.join(dataDir, DB_FILE)}`;
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** The server's recent output, for failure messages. */
  output(): string;
  /** Stops the server with SIGTERM (SIGKILL after 10 s). */
  stop(): Promise<void>;
  /** Kills the server outright, as a crash would: SIGKILL, then waits for the process to exit. */
  kill(): Promise<void>;
}

const OUTPUT_LIMIT = 20_000;

export interface StartOptions {
  /** Settings on top of the test server's own (lib/env.ts names them). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * The built app, served as `npm start` serves it (scripts/serve.mjs), on a free loopback port, on the database in `dataDir`. Resolves
 * once /api/health answers (which also opens the database); rejects if the server exits first or
 * is not up within `timeoutMs`.
 */
export async function startServer(
  dataDir: string,
  { env = {}, timeoutMs = 60_000 }: StartOptions = {},
): Promise<RunningServer> {
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [SERVE, "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: ROOT,
      env: { ...SERVER_MEMORY_ENV, ...serverEnv(dataDir), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const server: RunningServer = {
    url,
    pid: child.pid ?? -1,
    output: () => output,
    stop: () => stopProcess(child, exited, "SIGTERM"),
    kill: () => stopProcess(child, exited, "SIGKILL"),
  };
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (error) {
    await server.kill();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return server;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was up`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server was not up at ${url} within ${timeoutMs} ms`);
}

async function stopProcess(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

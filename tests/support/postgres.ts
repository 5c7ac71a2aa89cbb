import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { POSTGRES_HELP, postgresBinDir } from "../../scripts/lib.mjs";
import { freePort } from "./free-port";

/**
 * A throw-away PostgreSQL server for tests: Debian's `postgresql` package (installed by
 * .ci/run), initialised in a temporary folder and started on a free loopback port, stopped and
 * deleted afterwards. Debian's build, not an npm download, because CI reaches Debian's packages
 * and it is the server people run; initdb refuses to run as root, so as root it runs as the
 * `postgres` user the package creates.
 */
export interface PostgresServer {
  /** `postgresql://postgres@127.0.0.1:PORT/postgres`: the maintenance database. */
  url: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(POSTGRES_HELP);
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "signoff-pg-"));
  const dataDir = path.join(dir, "data");
  chmodSync(dir, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  // As root, each program runs as postgres; the arguments are passed as they are, not through
  // a shell.
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  const run = (program: string, args: string[]) => {
    const [file, argv] = command(program, args);
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
  };
  run("initdb", [
    "-D",
    dataDir,
    "-A",
    "trust",
    "-U",
    "postgres",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  const port = await freePort();
  const [file, argv] = command("postgres", [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-k",
    dir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ]);
  const server: ChildProcess = spawn(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-5_000);
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  await waitForPort(port, server, () => output);
  return {
    url,
    async stop() {
      // As root the child is runuser, which does not pass signals on: stop the server itself,
      // by the process id it writes in its data folder.
      const serverPid = postmasterPid(dataDir);
      if (serverPid !== null) {
        // SIGINT: PostgreSQL's fast shutdown (disconnects clients, no wait for them).
        signal(serverPid, "SIGINT");
        const deadline = Date.now() + 10_000;
        while (alive(serverPid) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        if (alive(serverPid)) signal(serverPid, "SIGKILL");
      }
      if (server.exitCode === null && server.signalCode === null) {
        server.kill("SIGKILL");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForPort(port: number, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.end();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    // Listening is not ready: the server accepts connections only after recovery.
    if (open && /ready to accept connections/.test(output())) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL did not start within 30 s:\n${output()}`);
}

/**
 * Runs `use` on a new, empty database of the PostgreSQL server at `serverUrl` (any database on
 * it: the maintenance `postgres` one will do), dropped afterwards.
 */
export async function withScratchPostgres<T>(
  serverUrl: string,
  use: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `signoff_scratch_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await use(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { LARGE_PAGES_ENV, SERVER_MEMORY_ENV } from "../scripts/lib.mjs";

/**
 * Running one implementation in a child process and measuring it. The child prints one JSON
 * object on its last stdout line, with at least `seconds` (its own timing of the work, without
 * process start-up). Peak RSS comes from `/usr/bin/time -v` when it exists, otherwise from the
 * child's own `process.resourceUsage().maxRSS` reported as `peak_rss_mb`.
 */

export const BENCH_DIR = import.meta.dirname;
export const REPO_ROOT = path.resolve(BENCH_DIR, "..");
/** The benchmark's plan and catalog generator, shared with the tests (tests/fixtures). */
export const FIXTURES_DIR = path.join(REPO_ROOT, "tests", "fixtures");
/** Peer implementations the workloads compare with (the seed-style Python executor). */
export const BASELINES_DIR = path.join(BENCH_DIR, "baselines");
export const CACHE_DIR = path.join(BENCH_DIR, ".cache");
/** `--import` it before tsx so a child can load server-only modules (lib/db, lib/services). */
export const SERVER_ONLY_HOOK = path.join(REPO_ROOT, "lib", "compute", "server-only-hook.mjs");

const TIME = "/usr/bin/time";

export interface Measured {
  seconds: number;
  peak_rss_mb: number;
  /** Wall time of the whole child process, start-up included. */
  process_seconds: number;
  /** Everything else the child reported. */
  report: Record<string, unknown>;
}

export interface MeasureOptions {
  cwd?: string;
  /**
   * Whether the child prints the JSON report described above (default true). A program that
   * does not (the CLI as a user runs it) is timed from outside: `seconds` is its wall time.
   */
  report?: boolean;
  /** The child's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

export function measure(command: string, args: string[], options: MeasureOptions = {}): Measured {
  const haveTime = fs.existsSync(TIME);
  const started = performance.now();
  const child = haveTime
    ? spawnSync(TIME, ["-v", command, ...args], {
        cwd: options.cwd ?? REPO_ROOT,
        env: options.env,
        encoding: "utf8",
        maxBuffer: 64 << 20,
      })
    : spawnSync(command, args, {
        cwd: options.cwd ?? REPO_ROOT,
        env: options.env,
        encoding: "utf8",
        maxBuffer: 64 << 20,
      });
  const processSeconds = (performance.now() - started) / 1000;
  if (child.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited with ${child.status}:\n${child.stderr.slice(-2000)}`,
    );
  }
  const lines = child.stdout.trim().split("\n");
  const report =
    options.report === false
      ? { seconds: processSeconds }
      : (JSON.parse(lines[lines.length - 1]) as Record<string, unknown>);
  const rssKb = haveTime
    ? /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1]
    : undefined;
  const peak =
    rssKb !== undefined ? Number(rssKb) / 1024 : Number(report.peak_rss_mb ?? Number.NaN);
  return {
    seconds: Number(report.seconds),
    peak_rss_mb: round(peak, 1),
    process_seconds: round(processSeconds, 3),
    report,
  };
}

/**
 * Runs a TypeScript child script from a bundle of it, as the CLI runs from its own and the app
 * from Next's: under tsx, the loader thread that compiles each module adds about 45 MB to the
 * process, which no user's run carries. Built with esbuild (which tsx brings along) once per run
 * of the harness; packages stay imports, and run under the app's server conditions, so that
 * server-only modules load.
 */
export function measureBundled(
  script: string,
  args: string[],
  options: MeasureOptions = {},
): Measured {
  // With glibc's large pages, as the CLI runs itself for a large file (bin/signoff.mjs).
  const env = { ...LARGE_PAGES_ENV, ...(options.env ?? process.env) };
  return measureBundledWith([], script, args, { ...options, env });
}

/**
 * `measureBundled` for a child standing in for the server (the approval children): started as
 * scripts/start.mjs starts the server, with its allocator settings, and with the collector
 * exposed as scripts/serve.mjs exposes it, so that its memory is the server's.
 */
export function measureAsServer(
  script: string,
  args: string[],
  options: MeasureOptions = {},
): Measured {
  return measureBundledWith(["--expose-gc"], script, args, {
    ...options,
    env: { ...SERVER_MEMORY_ENV, ...(options.env ?? process.env) },
  });
}

function measureBundledWith(
  nodeFlags: string[],
  script: string,
  args: string[],
  options: MeasureOptions,
): Measured {
  return measure(
    process.execPath,
    [...nodeFlags, "--conditions=react-server", bundled(script), ...args],
    options,
  );
}

const bundles = new Map<string, string>();

function bundled(script: string): string {
  let file = bundles.get(script);
  if (file) return file;
  file = path.join(CACHE_DIR, "bundles", script.replace(/\.ts$/, ".mjs"));
  const require = createRequire(path.join(REPO_ROOT, "package.json"));
  const esbuild = require("esbuild") as typeof import("esbuild");
  esbuild.buildSync({
    absWorkingDir: REPO_ROOT,
    entryPoints: [path.join(BENCH_DIR, script)],
    outfile: file,
    bundle: true,
    packages: "external",
    format: "esm",
    platform: "node",
    target: "node20",
    tsconfig: "tsconfig.json",
    logLevel: "error",
  });
  bundles.set(script, file);
  return file;
}

/** Runs a TypeScript child script under tsx. */
export function measureTs(script: string, args: string[]): Measured {
  return measure(process.execPath, ["--import", "tsx", path.join(BENCH_DIR, script), ...args]);
}

export function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}

/**
 * Measures `times` runs and keeps the fastest. Several implementations passed together run
 * interleaved (a b a b …) so that a busy spell on the machine hits them alike.
 */
export function fastestOf(times: number, runs: Array<() => Measured>): Measured[] {
  const best: Array<Measured | undefined> = runs.map(() => undefined);
  for (let k = 0; k < times; k++) {
    runs.forEach((run, i) => {
      const m = run();
      const current = best[i];
      if (current === undefined || m.seconds < current.seconds) best[i] = m;
    });
  }
  return best as Measured[];
}

// Types of scripts/lib.mjs, for the TypeScript that reuses it (tests/server/support).
import type { SpawnOptions } from "node:child_process";

export const TSX: string[];
export const SERVER_MEMORY_ENV: Record<string, string>;
export const LARGE_PAGES_ENV: Record<string, string>;
export function run(command: string, args: string[], options?: SpawnOptions): Promise<void>;
export function runScript(file: string, args?: string[], options?: SpawnOptions): Promise<void>;
export function chromiumPath(env?: NodeJS.ProcessEnv): string | null;
export const CHROMIUM_HELP: string;
export function postgresBinDir(): string | null;
export const POSTGRES_HELP: string;
export function buildWhenChanged(options: {
  root: string;
  env?: NodeJS.ProcessEnv;
  distDir?: string;
}): Promise<void>;

import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sqliteFilePath } from "@/lib/db/database-url";

/**
 * The key that signs session cookies: SIGNOFF_AUTH_SECRET when set, otherwise a random key kept
 * in `auth-secret` beside the SQLite file, created on first use. A fresh clone therefore signs
 * cookies with its own key without any setup, and the key survives restarts with the data.
 */
export function resolveAuthSecret(options: { secret?: string; databaseUrl: string }): string {
  if (options.secret) return options.secret;
  const databaseFile = sqliteFilePath(options.databaseUrl);
  if (databaseFile === ":memory:") return randomBytes(32).toString("hex");
  const file = path.join(path.dirname(databaseFile), "auth-secret");
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("hex");
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: if another process created it meanwhile, keep theirs.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
}

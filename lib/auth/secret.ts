import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { databaseProvider, dataDirectory } from "@/lib/db/database-url";

/**
 * The key that signs session cookies: SIGNOFF_AUTH_SECRET when set, otherwise a random key kept
 * in `auth-secret` beside the SQLite file, created on first use. A fresh clone therefore signs
 * cookies with its own key without any setup, and the key survives restarts with the data. On
 * PostgreSQL, where several instances share the sessions, every instance needs the same key, so it
 * must be set.
 */
export function resolveAuthSecret(options: { secret?: string; databaseUrl: string }): string {
  if (options.secret) return options.secret;
  if (databaseProvider(options.databaseUrl) === "postgres") {
    throw new Error(
      "Set SIGNOFF_AUTH_SECRET (32 characters or more) when DATABASE_URL is PostgreSQL: every instance must sign sessions with the same key.",
    );
  }
  const directory = dataDirectory(options.databaseUrl);
  if (directory === null) return randomBytes(32).toString("hex");
  const file = path.join(directory, "auth-secret");
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

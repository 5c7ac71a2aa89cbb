// The PostgreSQL schema, derived from prisma/schema.prisma: the one schema source, with the
// provider and the generated client's folder changed. Prisma allows one provider per schema
// file, so the PostgreSQL client and its migrations are built from this copy.
import { readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const SQLITE_SCHEMA = path.join(ROOT, "prisma", "schema.prisma");
/** Written by `npm install` (postinstall) and the migration commands; git-ignored. */
export const POSTGRES_SCHEMA = path.join(ROOT, "prisma", "postgres", "schema.prisma");

export function postgresSchemaText(sqliteText = readFileSync(SQLITE_SCHEMA, "utf8")) {
  const text = sqliteText
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace('output       = "../lib/db/generated"', 'output       = "../../lib/db/generated-pg"');
  if (text === sqliteText || !text.includes("generated-pg")) {
    throw new Error("prisma/schema.prisma changed shape: update scripts/postgres-schema.mjs");
  }
  return `// Generated from prisma/schema.prisma by scripts/postgres-schema.mjs: edit that file.\n${text}`;
}

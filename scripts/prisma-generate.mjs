// `prisma generate` from postinstall, offline.
//
// Prisma 7's client needs no engine, but the CLI downloads a native schema engine before
// generating. Generation never runs that engine, so where it cannot be downloaded (no route to
// binaries.prisma.sh) any existing executable stands in for it. Machines with internet keep the
// real download.
import { spawnSync } from "node:child_process";
import { lookup } from "node:dns/promises";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { POSTGRES_SCHEMA, postgresSchemaText } from "./postgres-schema.mjs";

async function canReachPrismaBinaries() {
  try {
    await Promise.race([
      lookup("binaries.prisma.sh"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !(await canReachPrismaBinaries())) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
// Two clients from one schema source: SQLite (the default) and PostgreSQL (DATABASE_URL=postgres…).
mkdirSync(path.dirname(POSTGRES_SCHEMA), { recursive: true });
writeFileSync(POSTGRES_SCHEMA, postgresSchemaText());
for (const schema of [[], ["--schema", POSTGRES_SCHEMA]]) {
  const result = spawnSync("npx", ["prisma", "generate", ...schema], { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

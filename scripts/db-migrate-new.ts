import path from "node:path";
import { createMigration, defaultPaths, postgresPaths } from "@/lib/db/migrations";

// One schema, two migration histories: SQLite's is written from the schema alone; PostgreSQL's
// needs a server to diff on (SIGNOFF_POSTGRES_URL, any database of it; nothing is written there).
const name = process.argv.slice(2).join("_");
if (!name) {
  console.error("Usage: npm run db:migrate:new -- NAME   (e.g. add_users)");
  process.exit(2);
}
const now = new Date();
const sqlite = await createMigration(name, defaultPaths, now);
console.log(
  sqlite
    ? `Wrote ${path.relative(process.cwd(), sqlite)}/migration.sql — review it, then npm run db:migrate.`
    : "schema.prisma matches the SQLite migrations: nothing to write.",
);
const postgresServerUrl = process.env.SIGNOFF_POSTGRES_URL;
if (!postgresServerUrl) {
  console.log(
    "PostgreSQL: set SIGNOFF_POSTGRES_URL=postgresql://… (a running server) and run this again to write its migration too.",
  );
} else {
  const postgres = await createMigration(name, postgresPaths, now, { postgresServerUrl });
  console.log(
    postgres
      ? `Wrote ${path.relative(process.cwd(), postgres)}/migration.sql for PostgreSQL.`
      : "schema.prisma matches the PostgreSQL migrations: nothing to write.",
  );
}

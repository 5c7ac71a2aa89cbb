import { databaseProvider, redactedUrl, sqliteFilePath } from "@/lib/db/database-url";
import { DatabaseInUseError, migrateDatabaseUrl } from "@/lib/db/migrations";
import { env } from "@/lib/env";

const url = env().DATABASE_URL;
const where = databaseProvider(url) === "sqlite" ? sqliteFilePath(url) : redactedUrl(url);
const applied = await migrateDatabaseUrl(url).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError) && !(error instanceof Error)) throw error;
  console.error(error.message);
  process.exit(1);
});
console.log(
  applied.length === 0
    ? `Database ${where} is up to date.`
    : `Applied ${applied.length} migration(s) to ${where}: ${applied.join(", ")}`,
);

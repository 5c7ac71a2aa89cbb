import { sqliteFilePath } from "@/lib/db/database-url";
import { DatabaseInUseError, migrateDatabase } from "@/lib/db/migrations";
import { env } from "@/lib/env";

const file = sqliteFilePath(env().DATABASE_URL);
const applied = await migrateDatabase(file).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
console.log(
  applied.length === 0
    ? `Database ${file} is up to date.`
    : `Applied ${applied.length} migration(s) to ${file}: ${applied.join(", ")}`,
);

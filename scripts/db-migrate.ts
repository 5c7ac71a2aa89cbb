import { sqliteFilePath } from "@/lib/db/database-url";
import { migrateDatabase } from "@/lib/db/migrations";
import { env } from "@/lib/env";

const file = sqliteFilePath(env().DATABASE_URL);
const applied = await migrateDatabase(file);
console.log(
  applied.length === 0
    ? `Database ${file} is up to date.`
    : `Applied ${applied.length} migration(s) to ${file}: ${applied.join(", ")}`,
);

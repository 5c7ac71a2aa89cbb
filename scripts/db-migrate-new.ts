import path from "node:path";
import { createMigration } from "@/lib/db/migrations";

const name = process.argv.slice(2).join("_");
if (!name) {
  console.error("Usage: npm run db:migrate:new -- NAME   (e.g. add_users)");
  process.exit(2);
}
const dir = await createMigration(name);
console.log(
  dir
    ? `Wrote ${path.relative(process.cwd(), dir)}/migration.sql — review it, then npm run db:migrate.`
    : "schema.prisma matches the migrations: nothing to write.",
);

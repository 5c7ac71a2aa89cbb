import { defineConfig } from "prisma/config";

// The CLI reads the database location from here in Prisma 7. The app resolves the same default
// (lib/db/database-url.ts); migrations run through scripts/db-migrate.ts, which works offline.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/signoff.db" },
});

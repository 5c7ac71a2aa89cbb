import path from "node:path";

/**
 * Resolves a Prisma-style SQLite URL (`file:./data/signoff.db`) to an absolute file path, relative
 * to the working directory as Prisma does. `:memory:` is kept as is.
 */
export function sqliteFilePath(databaseUrl: string, cwd = process.cwd()): string {
  if (!databaseUrl.startsWith("file:")) {
    throw new Error(
      `DATABASE_URL must be a SQLite file URL such as file:./data/signoff.db (got "${databaseUrl}").`,
    );
  }
  const location = databaseUrl.slice("file:".length).split("?")[0];
  if (location === ":memory:") return location;
  return path.resolve(cwd, location);
}

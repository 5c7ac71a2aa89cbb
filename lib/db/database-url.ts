import path from "node:path";

/**
 * Where the data lives, from DATABASE_URL: a SQLite file (`file:./data/signoff.db`, the
 * embedded default) or a PostgreSQL server (`postgresql://user@host:5432/signoff`).
 */
export type DatabaseProvider = "sqlite" | "postgres";

export function databaseProvider(databaseUrl: string): DatabaseProvider {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return "postgres";
  if (databaseUrl.startsWith("file:")) return "sqlite";
  throw new Error(
    `DATABASE_URL must be a SQLite file URL such as file:./data/signoff.db or a PostgreSQL URL such as postgresql://signoff@localhost:5432/signoff (got "${redactedUrl(databaseUrl)}").`,
  );
}

/**
 * Resolves a Prisma-style SQLite URL (`file:./data/signoff.db`) to an absolute file path, relative
 * to the working directory as Prisma does. `:memory:` is kept as is.
 */
export function sqliteFilePath(databaseUrl: string, cwd = process.cwd()): string {
  if (!databaseUrl.startsWith("file:")) {
    throw new Error(
      `DATABASE_URL must be a SQLite file URL such as file:./data/signoff.db (got "${redactedUrl(databaseUrl)}").`,
    );
  }
  const location = databaseUrl.slice("file:".length).split("?")[0];
  if (location === ":memory:") return location;
  return path.resolve(cwd, location);
}

/**
 * The folder for files that belong with the data (staged uploads, a generated auth secret):
 * beside the SQLite file, or `./data/postgres/<database>` for a PostgreSQL one (so two databases
 * never share staged files); null for an in-memory database.
 */
export function dataDirectory(databaseUrl: string, cwd = process.cwd()): string | null {
  if (databaseProvider(databaseUrl) === "postgres") {
    const url = new URL(databaseUrl);
    const name = decodeURIComponent(url.pathname.slice(1)) || "postgres";
    const folder = `${url.hostname}-${url.port || "5432"}-${name}`.replace(/[^A-Za-z0-9._-]/g, "_");
    return path.resolve(cwd, "data", "postgres", folder);
  }
  const file = sqliteFilePath(databaseUrl, cwd);
  return file === ":memory:" ? null : path.dirname(file);
}

/** The URL without its password, for messages. */
export function redactedUrl(databaseUrl: string): string {
  return databaseUrl.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1***@");
}

import { inject } from "vitest";
import type { Db } from "@/lib/db/client";
import { openDatabase } from "./plans";
import {
  copyDatabase,
  type RunningServer,
  removeDataDir,
  type StartOptions,
  startServer,
} from "./server";

export interface ServerFixture {
  dataDir: string;
  server: RunningServer;
  /** A client on the same database file, for lookups and checks (reads). */
  db: Db;
  /** Kills the server if it still runs, closes the client and deletes the data. */
  dispose(): Promise<void>;
}

/** A production server on its own copy of the seeded database. */
export async function startServerWithFreshData(options?: StartOptions): Promise<ServerFixture> {
  const dataDir = await copyDatabase(inject("serverDataTemplate"));
  const fixture: ServerFixture = {
    dataDir,
    server: await startServer(dataDir, options),
    db: openDatabase(dataDir),
    async dispose() {
      await fixture.server.kill();
      await fixture.db.$disconnect();
      await removeDataDir(dataDir);
    },
  };
  return fixture;
}

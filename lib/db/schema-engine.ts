import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

/**
 * Prisma's schema engine compiled to WebAssembly, driven through the better-sqlite3 adapter (or
 * node-postgres for a PostgreSQL database).
 *
 * The Prisma CLI downloads a native schema engine on first use, which cannot happen without
 * internet; the wasm build ships on npm and reads and writes the same `_prisma_migrations` table,
 * so `prisma migrate deploy` stays interchangeable with this runner.
 */

type WasmModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
export type SchemaEngine = Awaited<ReturnType<WasmModule["SchemaEngine"]["new"]>>;

let loaded: Promise<WasmModule> | undefined;

async function loadWasm(): Promise<WasmModule> {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve("@prisma/schema-engine-wasm"));
  const bindings: WasmModule = await import(
    /* webpackIgnore: true */ path.join(packageDir, "schema_engine_bg.js")
  );
  const bytes = await readFile(path.join(packageDir, "schema_engine_bg.wasm"));
  const { instance } = await WebAssembly.instantiate(bytes, {
    "./schema_engine_bg.js": bindings as unknown as WebAssembly.ModuleImports,
  });
  const exports = instance.exports as unknown as { __wbindgen_start: () => void };
  (bindings as unknown as { __wbg_set_wasm: (wasm: unknown) => void }).__wbg_set_wasm(exports);
  exports.__wbindgen_start();
  return bindings;
}

export interface SchemaFile {
  path: string;
  content: string;
}

export interface OpenedSchemaEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes its connections: freeing alone leaves the file locked. */
  close(): Promise<void>;
}

/** A SQLite file (absolute path or `:memory:`), or a PostgreSQL database by URL. */
export type EngineTarget =
  | { provider: "sqlite"; path: string }
  | { provider: "postgres"; url: string };

/** Starts an engine for one database. */
export async function openSchemaEngine(
  target: EngineTarget,
  schemaFiles: SchemaFile[],
  log: (message: string) => void = () => {},
): Promise<OpenedSchemaEngine> {
  loaded ??= loadWasm();
  const { SchemaEngine } = await loaded;
  const factory =
    target.provider === "sqlite"
      ? new PrismaBetterSqlite3({ url: target.path })
      : new PrismaPg({ connectionString: target.url });
  const connections: { dispose(): Promise<void> }[] = [];
  const tracked = {
    provider: target.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const connection = await factory.connect();
      connections.push(connection);
      return connection;
    },
    connectToShadowDb: async () => {
      const connection = await factory.connectToShadowDb();
      connections.push(connection);
      return connection;
    },
  };
  const engine = await SchemaEngine.new(
    { datamodels: schemaFiles.map((file) => [file.path, file.content]) },
    log,
    bindMigrationAwareSqlAdapterFactory(tracked),
  );
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(connections.map((connection) => connection.dispose()));
    },
  };
}

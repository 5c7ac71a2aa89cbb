import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and wasm-backed server packages load from node_modules at run time, not the bundle.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@duckdb/node-api"],
  poweredByHeader: false,
  // `npm test` type-checks the whole project once (`tsc --noEmit`) before building; checking
  // again inside `next build` would only double the time.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;

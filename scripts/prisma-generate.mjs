// `prisma generate` from postinstall, offline.
//
// Prisma 7's client needs no engine, but the CLI downloads a native schema engine before
// generating. Generation never runs that engine, so where it cannot be downloaded (no route to
// binaries.prisma.sh) any existing executable stands in for it. Machines with internet keep the
// real download.
import { spawnSync } from "node:child_process";
import { lookup } from "node:dns/promises";

async function canReachPrismaBinaries() {
  try {
    await Promise.race([
      lookup("binaries.prisma.sh"),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 3000)),
    ]);
    return true;
  } catch {
    return false;
  }
}

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !(await canReachPrismaBinaries())) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);

import path from "node:path";
import { buildWhenChanged } from "../../scripts/lib.mjs";
import { catalogCsv, catalogRows } from "../data";
import { BENCH_DIR, type Measured, measure, REPO_ROOT, SERVER_ONLY_HOOK } from "../measure";

/**
 * Runs a child of bench/children that drives the production server (the build of the current
 * sources, built first when they changed) with the generated catalog: 1M rows, 100,000 quick.
 */
export async function measureServerChild(child: string, quick: boolean): Promise<Measured> {
  await buildWhenChanged({ root: REPO_ROOT });
  return measure(process.execPath, [
    "--conditions=react-server",
    "--import",
    SERVER_ONLY_HOOK,
    "--import",
    "tsx",
    path.join(BENCH_DIR, `children/${child}.ts`),
    catalogCsv(catalogRows(quick)),
  ]);
}

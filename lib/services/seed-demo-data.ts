import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { findDatasetByName } from "@/lib/db/datasets";
import { generateCatalog } from "@/prisma/seed/catalog";
import { createDataset } from "./create-dataset";

const SEED_ACTOR = "system:seed";
const DEMO_CATALOG_ROWS = 10_000;

interface SeedDataset {
  name: string;
  content: () => Promise<Uint8Array>;
}

const SEED_DATASETS: SeedDataset[] = [
  {
    name: "Seed products",
    content: () => readFile(path.resolve(process.cwd(), "prisma/seed/seed-products.csv")),
  },
  {
    name: "Demo catalog",
    content: async () => new TextEncoder().encode(generateCatalog(DEMO_CATALOG_ROWS)),
  },
];

/** Creates the demo datasets that do not exist yet; running it again changes nothing. */
export async function seedDemoData(): Promise<string[]> {
  const created: string[] = [];
  for (const seed of SEED_DATASETS) {
    if (await findDatasetByName(seed.name)) continue;
    await createDataset({
      name: seed.name,
      content: await seed.content(),
      actor: SEED_ACTOR,
      source: "seed",
    });
    created.push(seed.name);
  }
  return created;
}

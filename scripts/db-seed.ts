import { db } from "@/lib/db/client";
import { seedDemoData } from "@/lib/services/seed-demo-data";

const created = await seedDemoData();
console.log(
  created.length === 0 ? "Seed data already present." : `Seeded: ${created.join(", ")}.`,
);
await db().$disconnect();

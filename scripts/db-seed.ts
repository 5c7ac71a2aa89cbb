import { db } from "@/lib/db/client";
import { countUsers } from "@/lib/db/users";
import { env } from "@/lib/env";
import { ensureAdmin } from "@/lib/services/ensure-admin";
import { seedDemoData } from "@/lib/services/seed-demo-data";

const created = await seedDemoData();
console.log(created.length === 0 ? "Seed data already present." : `Seeded: ${created.join(", ")}.`);

const { SIGNOFF_ADMIN_EMAIL, SIGNOFF_ADMIN_PASSWORD } = env();
if (SIGNOFF_ADMIN_EMAIL && SIGNOFF_ADMIN_PASSWORD) {
  const admin = await ensureAdmin({ email: SIGNOFF_ADMIN_EMAIL, password: SIGNOFF_ADMIN_PASSWORD });
  console.log(
    admin === "created"
      ? `Admin account created: ${SIGNOFF_ADMIN_EMAIL}.`
      : `Admin account ${SIGNOFF_ADMIN_EMAIL} already exists (its password is unchanged).`,
  );
} else if ((await countUsers()) === 0) {
  console.log("No accounts yet: the first visit opens /setup to create the admin account.");
}
await db().$disconnect();

import { db } from "@/lib/db/client";

export const dynamic = "force-dynamic";

/** Liveness plus a database round trip, for the e2e server check and load balancers. */
export async function GET() {
  await db().$queryRaw`SELECT 1`;
  return Response.json({ ok: true });
}

import { withRoute } from "@/lib/auth/route";
import { cachedPreviewChanges } from "@/lib/services/preview-cache";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; hash: string }> };

/** The change set of a preview just run, for the diff table (see preview-cache.ts). */
export const GET = withRoute("plan.read", async (_request, _actor, { params }: Context) => {
  const { id, hash } = await params;
  const changes = cachedPreviewChanges(id, hash);
  if (!changes) {
    return Response.json(
      { error: "This preview is no longer held on the server. Preview the plan again." },
      { status: 404 },
    );
  }
  return Response.json(changes, { headers: { "cache-control": "private, no-store" } });
});

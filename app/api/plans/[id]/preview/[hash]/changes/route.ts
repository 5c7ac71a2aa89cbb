import { withRoute } from "@/lib/auth/route";
import { compute } from "@/lib/compute/pool";
import { pageRequest } from "@/lib/diff/change-pages";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; hash: string }> };

/**
 * A page of the change set of a preview just run (`?from=&limit=`, see lib/diff/change-pages.ts),
 * for the diff table (see preview-cache.ts).
 */
export const GET = withRoute("plan.read", async (request, _actor, { params }: Context) => {
  const { id, hash } = await params;
  const { from, limit } = pageRequest(new URL(request.url).searchParams);
  const body = await compute("previewChangePage", { planId: id, hash, from, limit });
  if (body === null) {
    return Response.json(
      { error: "This preview is no longer held on the server. Preview the plan again." },
      { status: 404 },
    );
  }
  return new Response(body, {
    headers: { "content-type": "application/json", "cache-control": "private, no-store" },
  });
});

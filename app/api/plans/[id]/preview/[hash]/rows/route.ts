import { withRoute } from "@/lib/auth/route";
import { compute } from "@/lib/compute/pool";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string; hash: string }> };

/** The whole rows a preview changes, for the diff table's "Full rows" view. */
export const GET = withRoute("plan.read", async (_request, _actor, { params }: Context) => {
  const { id, hash } = await params;
  const rows = await compute("previewChangedRows", { planId: id, hash });
  if (!rows) {
    return Response.json(
      { error: "This preview is no longer held on the server. Preview the plan again." },
      { status: 404 },
    );
  }
  return Response.json(rows, { headers: { "cache-control": "private, no-store" } });
});

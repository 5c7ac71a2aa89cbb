import { withRoute } from "@/lib/auth/route";
import { findExecution } from "@/lib/db/executions";
import { notFound } from "@/lib/http/download";
import { loadExecutionChangeColumns } from "@/lib/services/execution-diff";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** An execution's change set for the diff table (`RemoteDiffTable`), as `ChangeColumns`. */
export const GET = withRoute("history.read", async (_request, _actor, { params }: Context) => {
  const execution = await findExecution((await params).id);
  if (!execution) return notFound("That execution does not exist.");
  return Response.json(await loadExecutionChangeColumns(execution), {
    headers: { "cache-control": "private, no-store" },
  });
});

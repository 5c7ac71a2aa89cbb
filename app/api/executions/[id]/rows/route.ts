import { withRoute } from "@/lib/auth/route";
import { findExecution } from "@/lib/db/executions";
import { notFound } from "@/lib/http/download";
import { loadExecutionChangedRows } from "@/lib/services/execution-diff";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** The rows an execution changed, as they were before it, for the diff table's "Full rows". */
export const GET = withRoute("history.read", async (_request, _actor, { params }: Context) => {
  const execution = await findExecution((await params).id);
  const rows = execution ? await loadExecutionChangedRows(execution) : null;
  if (!rows) return notFound("That execution or its input version does not exist.");
  return Response.json(rows, { headers: { "cache-control": "private, no-store" } });
});

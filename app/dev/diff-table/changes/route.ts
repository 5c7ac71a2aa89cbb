import { cachedSyntheticChanges } from "@/components/diff-table/synthetic-changes";
import { withRoute } from "@/lib/auth/route";

/**
 * Development route: the synthetic change set of /dev/diff-table as JSON (`?n=` changes), or its
 * changed rows with `?part=rows`.
 */
export const dynamic = "force-dynamic";

/** The last body served, so repeated requests (a benchmark's warm-up and run) reuse it. */
let body: { key: string; json: string } | undefined;

export const GET = withRoute("dataset.read", async (request) => {
  const params = new URL(request.url).searchParams;
  const count = Math.min(Math.max(Number(params.get("n") ?? 1000) || 0, 0), 1_000_000);
  const part = params.get("part") === "rows" ? "rows" : "changes";
  const key = `${count}:${part}`;
  if (body?.key !== key) {
    const { changes, rows } = cachedSyntheticChanges(count);
    body = { key, json: JSON.stringify(part === "rows" ? rows : changes) };
  }
  return new Response(body.json, {
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
});

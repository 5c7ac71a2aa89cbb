import { cachedSyntheticChanges } from "@/components/diff-table/synthetic-changes";
import { withRoute } from "@/lib/auth/route";
import { changePage, pageRequest } from "@/lib/diff/change-pages";

/**
 * Development route: the synthetic change set of /dev/diff-table (`?n=` changes) in pages
 * (`&from=&limit=`, like a preview's changes route), or its changed rows with `?part=rows`.
 */
export const dynamic = "force-dynamic";

/**
 * The last bodies served, so repeated requests (a benchmark's warm-up and run) reuse them like a
 * stored preview.
 */
const bodies = new Map<string, string>();

// Admins only, like the page: building a large synthetic set is not free.
export const GET = withRoute("user.manage", async (request) => {
  const params = new URL(request.url).searchParams;
  const count = Math.min(Math.max(Number(params.get("n") ?? 1000) || 0, 0), 1_000_000);
  const part = params.get("part") === "rows" ? "rows" : "changes";
  const { from, limit } = pageRequest(params);
  const key = part === "rows" ? `${count}:rows` : `${count}:${from}:${limit}`;
  let body = bodies.get(key);
  if (body === undefined) {
    const { changes, rows } = cachedSyntheticChanges(count);
    body = JSON.stringify(part === "rows" ? rows : changePage(changes, from, limit));
    if (bodies.size >= 64) bodies.clear();
    bodies.set(key, body);
  }
  return new Response(body, {
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
});

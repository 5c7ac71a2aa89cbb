import { z } from "zod";
import { withRoute } from "@/lib/auth/route";
import { compute } from "@/lib/compute/pool";
import { errorHeaders, toAppError } from "@/lib/errors";
import { versionNumberParam } from "@/lib/http/route-params";
import { MAX_WINDOW_ROWS } from "@/lib/services/version-rows";

const querySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_WINDOW_ROWS).default(200),
  sort: z.string().min(1).optional(),
  dir: z.enum(["asc", "desc"]).default("asc"),
  q: z.string().max(200).optional(),
  col: z.string().min(1).optional(),
});

/** A window of a version's rows, sorted and filtered, for the dataset page's grid. */
export const GET = withRoute(
  "dataset.read",
  async (request, _actor, { params }: { params: Promise<{ id: string; number: string }> }) => {
    const { id, number } = await params;
    const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    const versionNumber = versionNumberParam(number);
    if (!parsed.success || versionNumber === null) {
      return Response.json(
        { ok: false, code: "invalid_input", error: "The row window query is not valid." },
        { status: 400 },
      );
    }
    const { offset, limit, sort, dir, q, col } = parsed.data;
    try {
      const window = await compute("versionRows", {
        datasetId: id,
        number: versionNumber,
        offset,
        limit,
        sort: sort ? { column: sort, direction: dir } : undefined,
        filter: q ? { text: q, column: col } : undefined,
      });
      return Response.json({ ok: true, data: window });
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === "internal") console.error(error);
      return Response.json(
        { ok: false, code: appError.code, error: appError.message },
        { status: appError.status, headers: errorHeaders(appError) },
      );
    }
  },
);

import { z } from "zod";
import { withRoute } from "@/lib/auth/route";
import { toAppError } from "@/lib/errors";
import { readJsonBody } from "@/lib/http/json-body";
import { type PlanDraftEvent, streamPlanDraft } from "@/lib/services/create-plan";

export const dynamic = "force-dynamic";

const draftRequestSchema = z.object({
  datasetId: z.string().min(1),
  instruction: z.string().trim().min(1, "Write an instruction first.").max(4000),
  planner: z.enum(["rules", "google", "openai-compatible"]).optional(),
});

type StreamLine = PlanDraftEvent | { type: "error"; message: string; code: string };

/**
 * Drafts a plan and streams the planner's progress as JSON lines, so the new-plan page can show
 * operations as an LLM produces them. The last line is `saved`, `refused` or `error`.
 */
export const POST = withRoute("plan.draft", async (request, actor) => {
  const parsed = draftRequestSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return Response.json(
      { ok: false, code: "invalid_input", error: z.prettifyError(parsed.error) },
      { status: 400 },
    );
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: StreamLine) =>
        controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        for await (const event of streamPlanDraft({ ...parsed.data, actor })) send(event);
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === "internal") console.error(error);
        send({ type: "error", message: appError.message, code: appError.code });
      } finally {
        controller.close();
      }
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
});

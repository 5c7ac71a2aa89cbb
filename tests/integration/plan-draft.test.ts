import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { createDataset } from "@/lib/services/create-dataset";
import { type PlanDraftEvent, streamPlanDraft } from "@/lib/services/create-plan";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));

/** Drafting a plan from an instruction, as the new-plan page does (offline: the rules planner). */
let temp: TempDb;
const author: Actor = { id: "user:author", name: "Author", role: "author" };
beforeAll(async () => {
  temp = await installTempDb();
}, 60_000);
afterAll(async () => {
  await temp.dispose();
});

const catalog = [
  "sku,name,category,price,status",
  ...Array.from(
    { length: 30 },
    (_, i) =>
      `S-${i},Item ${i},${["Hats", "Bags"][i % 2]},${(10 + i).toFixed(2)},${["open", "held"][i % 2]}`,
  ),
].join("\n");

async function draft(instruction: string, datasetId: string): Promise<PlanDraftEvent[]> {
  const events: PlanDraftEvent[] = [];
  for await (const event of streamPlanDraft({ datasetId, instruction, actor: author })) {
    events.push(event);
  }
  return events;
}

describe("drafting a plan", () => {
  it("keeps what the planner read differently from what was typed with the draft", async () => {
    const { datasetId } = await createDataset({
      name: "Draft notes",
      content: new TextEncoder().encode(`${catalog}\n`),
      actor: author.id,
    });
    const events = await draft("rasie hats 5% and set status to closed for bags", datasetId);
    const saved = events.find((event) => event.type === "saved");
    if (saved?.type !== "saved") throw new Error(`not saved: ${JSON.stringify(events)}`);
    expect(saved.notes).toEqual([
      'read "rasie" as "raise"',
      "“closed” is a new value: no row has it in status yet.",
    ]);
    const revision = await temp.db.planRevision.findFirstOrThrow({
      where: { planId: saved.planId },
    });
    // The plan page's revisions show the first one's note.
    expect(revision.note).toBe(
      'Drafted by the rules planner. Read "rasie" as "raise". “closed” is a new value: no row has it in status yet.',
    );
  });
});

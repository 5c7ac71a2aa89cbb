import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as executionChanges } from "@/app/api/executions/[id]/changes/route";
import { GET as executionRows } from "@/app/api/executions/[id]/rows/route";
import type { Actor } from "@/lib/auth/actor";
import { approvePlan } from "@/lib/services/approve-plan";
import { createDataset } from "@/lib/services/create-dataset";
import { createManualPlan } from "@/lib/services/create-plan";
import { cachedPreviewPage, cachedPreviewRows } from "@/lib/services/preview-cache";
import { previewPlan } from "@/lib/services/preview-plan";
import { findVersionRow, queryVersionRows } from "@/lib/services/version-rows";
import { installTempDb, type TempDb } from "../support/temp-db";

/**
 * A file that writes its prices with a decimal comma and its deposits with a euro sign: the
 * executor and the change records hold plain numbers, and every page that shows them is told how
 * the file writes them (`WrittenStyle`), or shows them so.
 */

const author: Actor = { id: "user:author", name: "Author", role: "author" };
const approver: Actor = { id: "user:approver", name: "Approver", role: "approver" };
const CSV = [
  "sku;name;price;deposit",
  "A1;Croissant;1,80;€ 2,00",
  "A2;Baguette;1,20;€ 1,50",
  "A3;Loaf;4,50;€ 12,00",
].join("\n");
const STYLES = {
  price: { decimalComma: true },
  deposit: { money: expect.objectContaining({ symbol: "€", decimal: "," }) },
};

let temp: TempDb;
let datasetId: string;
beforeAll(async () => {
  temp = await installTempDb();
  const content = new TextEncoder().encode(`${CSV}\n`);
  datasetId = (await createDataset({ name: "Bakery", content, actor: author.id })).datasetId;
});
afterAll(async () => {
  await temp.dispose();
});

describe("numbers as the file writes them", () => {
  it("tells the preview's pages, the approved diff and the version's rows how to show them", async () => {
    const { planId } = await createManualPlan({
      datasetId,
      actor: author,
      plan: {
        execution_id: "written_numbers_v1",
        created_at: "2026-01-01T00:00:00Z",
        source_instruction: "raise prices by 10%",
        operations: [
          {
            operation_id: "op_01",
            filter: {},
            action: { type: "percent_increase", column: "price", value: 10 },
          },
        ],
      },
    });
    const preview = await previewPlan({ planId, actor: author });
    if (!preview.ok) throw new Error(`preview failed: ${JSON.stringify(preview)}`);
    expect(preview.styles).toEqual(STYLES);

    // The values stay plain numbers (sorting and differences read them); the styles say how
    // the file writes them.
    const page = JSON.parse(cachedPreviewPage(planId, preview.previewHash, 0, 10) ?? "null");
    expect(page).toMatchObject({
      before: ["1.80", "1.20", "4.50"],
      after: ["1.98", "1.32", "4.95"],
    });
    expect(page.styles).toEqual(STYLES);
    expect(cachedPreviewRows(planId, preview.previewHash)?.styles).toEqual(STYLES);

    const approved = await approvePlan({
      planId,
      revisionId: preview.revisionId,
      previewHash: preview.previewHash,
      actor: approver,
    });
    const context = { params: Promise.resolve({ id: approved.id }) };
    const changes = await (await executionChanges(new Request("http://x/"), context)).json();
    expect(changes.styles).toEqual(STYLES);
    const rows = await (await executionRows(new Request("http://x/"), context)).json();
    expect(rows.styles).toEqual(STYLES);

    // A row's page shows it as the file has it, and its history with the same styles.
    const current = (await temp.db.dataset.findUniqueOrThrow({ where: { id: datasetId } }))
      .currentVersionId as string;
    expect(await findVersionRow(current, "sku", "A1")).toEqual({
      values: { sku: "A1", name: "Croissant", price: "1,98", deposit: "€ 2,00" },
      styles: STYLES,
    });

    // The version viewer shows the cells as the file has them.
    const window = await queryVersionRows({ datasetId, number: 2, offset: 0, limit: 10 });
    expect(window.rows.map((row) => row.cells)).toEqual([
      ["A1", "Croissant", "1,98", "€ 2,00"],
      ["A2", "Baguette", "1,32", "€ 1,50"],
      ["A3", "Loaf", "4,95", "€ 12,00"],
    ]);
  });
});

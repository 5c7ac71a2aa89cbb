import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The review flow of DESIGN.md steps 2–5 on the seeded "Seed products" dataset (7 rows), as an
// author who drafts and previews and an approver, in their own browser context, who approves.
test.use({ role: "author" });

async function draftPlan(page: Page, instruction: string) {
  await page.goto("/plans/new");
  // The label carries the current version ("Seed products (v2)"), which earlier tests move on.
  const dataset = page.getByLabel("Dataset");
  const value = await dataset
    .locator("option", { hasText: "Seed products" })
    .first()
    .getAttribute("value");
  await dataset.selectOption(value ?? "");
  await page.getByLabel("Instruction").fill(instruction);
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL((url: URL) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  return page.url();
}

async function preview(page: Page) {
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  await expect(page.getByRole("table", { name: "Changes" })).toBeVisible();
}

test("instruction → plan → edit in the form → graph and JSON agree → preview → approve → history", async ({
  page,
  pageAs,
}) => {
  const planUrl = await draftPlan(page, "Increase prices by 10% for all in-stock fitness products");

  // Change the percentage in the form; the JSON and the graph show the same plan.
  await page.getByRole("tab", { name: "Form" }).click();
  const card = page.getByTestId("operation-card-op_01");
  await card.getByLabel("Percent").fill("20");
  await card.getByLabel("Percent").blur();
  await page.getByRole("tab", { name: "JSON" }).click();
  await expect(page.getByLabel("Plan JSON")).toHaveValue(/"value": 20\b/);
  await page.getByRole("tab", { name: "Graph" }).click();
  await expect(page.getByTestId("graph-node-op_01")).toContainText("20%");
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByTestId("revision-2")).toBeVisible();

  // The preview shows exactly the two in-stock fitness rows, 20% up.
  await preview(page);
  const changes = page.getByRole("table", { name: "Changes" });
  await expect(page.getByText("Showing 2 of 2 changes")).toBeVisible();
  await expect(changes).toContainText("A101");
  await expect(changes).toContainText("35.99");
  await expect(changes).toContainText("A102");
  await expect(changes).toContainText("47.99");
  await expect(changes).not.toContainText("A103");

  // The author cannot approve their own revision (four-eyes); the approver can.
  await expect(page.getByRole("button", { name: "Approve…" })).toBeDisabled();
  const approver = await pageAs("approver");
  await approver.goto(planUrl);
  await preview(approver);
  await approver.getByRole("button", { name: "Approve…" }).click();
  const dialog = approver.getByRole("dialog", { name: "Approve plan" });
  await expect(dialog).toContainText("2");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(approver.getByTestId("result-summary")).toContainText("created version v2");

  await approver.getByRole("link", { name: "View in history" }).click();
  await expect(
    approver.getByText("Increase prices by 10% for all in-stock fitness products").first(),
  ).toBeVisible();
  await approver.goto("/history");
  await expect(approver.getByRole("table").first()).toContainText(
    "Increase prices by 10% for all in-stock fitness products",
  );
});

test("a plan approved elsewhere first makes this tab's approval stale; a double click approves once", async ({
  pageAs,
}) => {
  const author = await pageAs("author");
  const first = await draftPlan(author, "Set all yoga products to $15");
  const second = await draftPlan(author, "Mark accessories as out of stock");

  const tabA = await pageAs("approver");
  await tabA.goto(first);
  await preview(tabA);
  const tabB = await pageAs("approver");
  await tabB.goto(second);
  await preview(tabB);

  // Tab B approves its plan first, with a double click on the dialog's button.
  await tabB.getByRole("button", { name: "Approve…" }).click();
  await tabB
    .getByRole("dialog", { name: "Approve plan" })
    .getByRole("button", { name: "Approve" })
    .dblclick();
  await expect(tabB.getByTestId("result-summary")).toBeVisible();
  await tabB.goto("/history");
  await expect(
    tabB.getByRole("row").filter({ hasText: "Mark accessories as out of stock" }),
  ).toHaveCount(1);

  // Tab A still shows its preview of the old version: approving it is refused as stale.
  await tabA.getByRole("button", { name: "Approve…" }).click();
  const dialog = tabA.getByRole("dialog", { name: "Approve plan" });
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog).toContainText("moved on since this preview");
  await expect(dialog).toContainText("Preview again");
});

test("graph: drawing an edge writes depends_on; a cycle is refused", async ({ page }) => {
  await draftPlan(
    page,
    "Increase in-stock fitness prices by 15% and mark all accessories as out of stock",
  );

  // Make the two operations independent in the JSON view: no edge between them.
  await page.getByRole("tab", { name: "JSON" }).click();
  const json = page.getByLabel("Plan JSON");
  const plan = JSON.parse(await json.inputValue());
  plan.operations[1].depends_on = [];
  await json.fill(JSON.stringify(plan, null, 2));

  await page.getByRole("tab", { name: "Graph" }).click();
  const first = page.getByTestId("graph-node-op_01");
  const second = page.getByTestId("graph-node-op_02");
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);

  // Drawing op_01 → op_02 makes op_02 depend on op_01.
  await first
    .locator(".react-flow__handle.source")
    .dragTo(second.locator(".react-flow__handle.target"));
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);
  await page.getByRole("tab", { name: "JSON" }).click();
  expect(JSON.parse(await json.inputValue()).operations[1].depends_on).toEqual(["op_01"]);

  // Drawing op_02 → op_01 would close a cycle: refused, and the plan is unchanged.
  await page.getByRole("tab", { name: "Graph" }).click();
  await second
    .locator(".react-flow__handle.source")
    .dragTo(first.locator(".react-flow__handle.target"));
  await expect(page.getByRole("tabpanel").getByRole("alert")).toContainText(/cycle/i);
  await page.getByRole("tab", { name: "JSON" }).click();
  const after = JSON.parse(await json.inputValue());
  expect(after.operations[0].depends_on ?? []).not.toContain("op_02");
});

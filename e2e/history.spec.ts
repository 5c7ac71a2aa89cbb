import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The history explorer in the browser, on a dataset this file uploads itself (enough rows that
 * the profile lists the categories, so the rules planner can place "fitness"): an execution is
 * found by one of the row keys it changed and the filter survives a reload; then the execution is
 * reverted through the normal review, and the dataset's bytes are those of the version before it.
 */
test.use({ role: "author" });
test.describe.configure({ mode: "serial" });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const datasetName = `History ${stamp}`;
const changedKey = `H${stamp}-1`;
const untouchedKey = `H${stamp}-3`;
const original = Buffer.from(
  [
    "sku,category,price,in_stock",
    `H${stamp}-1,fitness,29.99,true`,
    `H${stamp}-2,fitness,39.99,true`,
    `H${stamp}-3,yoga,19.99,false`,
    `H${stamp}-4,yoga,24.99,true`,
    `H${stamp}-5,fitness,49.99,false`,
    `H${stamp}-6,yoga,9.99,true`,
    "",
  ].join("\n"),
);

let datasetPath = "";
let executionPath = "";

async function preview(page: Page) {
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  await expect(page.getByRole("button", { name: "Approve…" })).toBeVisible();
}

async function approve(page: Page) {
  await preview(page);
  await page.getByRole("button", { name: "Approve…" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved and applied")).toBeVisible();
}

test("find an execution by a row key it changed; the filter is kept in the URL across a reload", async ({
  page,
  pageAs,
}) => {
  // An author uploads a dataset and drafts a plan on it; an approver approves it.
  await page.goto("/datasets/upload");
  await page
    .getByTestId("upload-drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name: "history.csv", mimeType: "text/csv", buffer: original });
  await page.getByLabel("Dataset name").fill(datasetName);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  datasetPath = new URL(page.url()).pathname;

  await page.locator('a[href^="/plans/new?dataset="]').click();
  await page.waitForURL(/\/plans\/new\?dataset=/);
  await expect(page.getByLabel("Dataset")).toHaveValue(datasetPath.split("/").pop() ?? "");
  await page.getByLabel("Instruction").fill("Increase prices by 10% for fitness products");
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  await preview(page);
  const approver = await pageAs("approver");
  await approver.goto(page.url());
  await approve(approver);

  // The history, filtered by a row key the execution changed.
  await page.goto("/history");
  await page.getByLabel("Row key changed").fill(changedKey);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]key=${changedKey}(&|$)`));
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(datasetName);
  await expect(rows).toContainText("Increase prices by 10% for fitness products");
  await expect(rows.getByTestId("execution-status")).toHaveText("Completed");
  await expect(page.getByTestId("history-count")).toHaveText("1–1 of 1");

  await page.reload();
  await expect(page.getByLabel("Row key changed")).toHaveValue(changedKey);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(datasetName);

  // Sorting keeps the filter; a key the execution did not change finds nothing.
  await page.getByRole("link", { name: "Rows", exact: true }).click();
  await expect(page).toHaveURL(/sort=rows/);
  await expect(page).toHaveURL(new RegExp(`key=${changedKey}`));
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Row key changed").fill(untouchedKey);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No executions match these filters")).toBeVisible();

  // The row's own history lists the change.
  await page.goto(`${datasetPath}/rows/${changedKey}`);
  await expect(page.getByTestId("row-history")).toContainText("29.99");
  await expect(page.getByTestId("row-history")).toContainText("32.99");

  await page.goto(`/history?key=${changedKey}`);
  await rows.getByRole("link").first().click();
  await page.waitForURL(/\/executions\/[^/]+$/);
  executionPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("audit-timeline")).toContainText("Applied");
});

test("revert an execution and approve the inverse plan: the dataset's bytes are the version before it", async ({
  pageAs,
}) => {
  expect(executionPath).not.toBe("");
  const approver = await pageAs("approver");
  await approver.goto(executionPath);
  await approver.getByRole("button", { name: "Revert…" }).click();
  await approver.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  const planUrl = approver.url();

  // Another approver (four eyes) previews and approves the revert.
  const admin = await pageAs("admin");
  await admin.goto(planUrl);
  await approve(admin);

  const datasetId = datasetPath.split("/").pop();
  const current = await admin.request.get(
    `/api/datasets/${datasetId}/versions/3/download?format=exact`,
  );
  expect(current.ok()).toBe(true);
  expect(Buffer.compare(await current.body(), original)).toBe(0);

  await admin.goto(executionPath);
  await expect(admin.getByTestId("execution-status").first()).toHaveText("Reverted");
  await expect(admin.getByTestId("reverted-notice")).toBeVisible();
  await admin.goto(`/history?status=reverted&key=${changedKey}`);
  await expect(admin.getByTestId("history-row")).toHaveCount(1);
});

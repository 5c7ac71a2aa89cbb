import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Formulas and text actions in the browser, on a shop table this file uploads: a formula read
 * from the instruction is edited in the form (a broken one is flagged at its field as it is
 * typed), previewed, approved and reverted to the original bytes; then every text action and
 * the yes/no flip is built in the form, previewed, approved and reverted the same way, and so are
 * a rank and a comparison with each brand's own average.
 */
test.use({ role: "author" });
test.describe.configure({ mode: "serial" });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const key = (n: number) => `F${stamp}-${n}`;
const original = Buffer.from(
  [
    "sku,title,brand,supplier,description,cost,price,on_sale",
    `${key(1)},oak chair,Acme,Woodworks Ltd,,10.00,19.99,yes`,
    `${key(2)},PINE DESK,Birch,Timber Ltd,"  solid   pine ",25.50,49.00,no`,
    `${key(3)},ash stool,Acme,Stools Inc,Sturdy,4.00,12.00,no`,
    `${key(4)},elm shelf,Cedar,Woodworks Ltd,,7.25,15.50,yes`,
    "",
  ].join("\n"),
);

let datasetPath = "";
/** The dataset's current version: each approval and each revert makes the next. */
let currentVersion = 1;

async function draft(page: Page, instruction: string) {
  await page.goto(`/plans/new?dataset=${datasetPath.split("/").pop()}`);
  await page.getByLabel("Instruction").fill(instruction);
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  await page.getByRole("tab", { name: "Form" }).click();
}

async function saveAndPreview(page: Page) {
  await page.getByRole("button", { name: "Save revision" }).click();
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  await expect(page.getByRole("table", { name: "Changes" })).toBeVisible();
}

async function approve(page: Page) {
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  await page.getByRole("button", { name: "Approve…" }).click();
  const dialog = page.getByRole("dialog");
  // Each warning of the preview is ticked on its own.
  for (const box of await dialog.getByRole("checkbox").all()) await box.check();
  await dialog.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(page.getByText("Approved and applied")).toBeVisible();
}

/**
 * An approver approves the plan at `planUrl`, reverts the execution, and an admin approves the
 * revert: the version the revert makes must be the uploaded file, byte for byte.
 */
async function approveAndRevert(
  planUrl: string,
  pageAs: (role: "approver" | "admin") => Promise<Page>,
) {
  const approver = await pageAs("approver");
  await approver.goto(planUrl);
  await approve(approver);
  await approver.getByRole("link", { name: "View in history" }).click();
  await approver.waitForURL(/\/executions\/[^/]+$/);
  await approver.getByRole("button", { name: "Revert…" }).click();
  await approver.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  const admin = await pageAs("admin");
  await admin.goto(approver.url());
  await approve(admin);

  currentVersion += 2;
  const datasetId = datasetPath.split("/").pop();
  const current = await admin.request.get(
    `/api/datasets/${datasetId}/versions/${currentVersion}/download?format=exact`,
  );
  expect(current.ok()).toBe(true);
  expect(Buffer.compare(await current.body(), original)).toBe(0);
}

test("a formula from the instruction, edited in the form, approved and reverted byte for byte", async ({
  page,
  pageAs,
}) => {
  await page.goto("/datasets/upload");
  await page
    .getByTestId("upload-drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name: "shop.csv", mimeType: "text/csv", buffer: original });
  await page.getByLabel("Dataset name").fill(`Shop ${stamp}`);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  datasetPath = new URL(page.url()).pathname;

  await draft(page, "Set price to cost × 1.4");
  const card = page.getByTestId("operation-card-op_01");
  const expression = card.getByLabel("Expression", { exact: true });
  await expect(expression).toHaveValue("cost * 1.4");
  await expect(page.getByText("Set price to cost × 1.4 for every row.").first()).toBeVisible();

  // A broken formula is flagged at its field while it is typed; a fixed one clears the flag.
  await expression.fill("cost *");
  await expect(card).toContainText("the expression ends where a value was expected");
  await expression.fill("cost * 2");
  await expect(card).not.toContainText("the expression ends where a value was expected");
  await saveAndPreview(page);
  const changes = page.getByRole("table", { name: "Changes" });
  for (const [row, after] of [
    [key(1), "20.00"],
    [key(2), "51.00"],
    [key(3), "8.00"],
    [key(4), "14.50"],
  ]) {
    await expect(changes.getByRole("row").filter({ hasText: row })).toContainText(after);
  }

  await approveAndRevert(page.url(), pageAs);
});

test("every text action and the yes/no flip: built in the form, previewed, approved and reverted", async ({
  page,
  pageAs,
}) => {
  test.setTimeout(240_000);
  expect(datasetPath).not.toBe("");
  const cases: Array<{
    type: string;
    fill: (card: ReturnType<Page["getByTestId"]>) => Promise<void>;
    row: string;
    after: string;
  }> = [
    {
      type: "Replace text",
      fill: async (c) => {
        await c.getByLabel("Text column", { exact: true }).selectOption("supplier");
        await c.getByLabel("Find", { exact: true }).fill("Ltd");
        await c.getByLabel("Replace with", { exact: true }).fill("Limited");
      },
      row: key(1),
      after: "Woodworks Limited",
    },
    {
      type: "Tidy spaces",
      fill: async (c) => {
        await c.getByLabel("Text column", { exact: true }).selectOption("description");
      },
      row: key(2),
      after: "solid pine",
    },
    {
      type: "Change capitals",
      fill: async (c) => {
        await c.getByLabel("Text column", { exact: true }).selectOption("title");
        await c.getByLabel("Write as", { exact: true }).selectOption("title");
      },
      row: key(2),
      after: "Pine Desk",
    },
    {
      type: "Add text before",
      fill: async (c) => {
        await c.getByLabel("Text column", { exact: true }).selectOption("title");
        await c.getByLabel("Text before", { exact: true }).fill("NEW ");
      },
      row: key(3),
      after: "NEW ash stool",
    },
    {
      type: "Add text after",
      fill: async (c) => {
        await c.getByLabel("Text column", { exact: true }).selectOption("title");
        await c.getByLabel("Text after", { exact: true }).fill(" (sale)");
      },
      row: key(4),
      after: "elm shelf (sale)",
    },
    {
      type: "Build text from columns",
      fill: async (c) => {
        await c.getByLabel("Text column", { exact: true }).selectOption("description");
        await c.getByLabel("Template", { exact: true }).fill("{brand} {title}");
      },
      row: key(3),
      after: "Acme ash stool",
    },
    {
      type: "Fill empty cells",
      fill: async (c) => {
        await c.getByLabel("Column", { exact: true }).selectOption("description");
        await c.getByLabel(/^Value for empty cells/).fill("Coming soon");
      },
      row: key(4),
      after: "Coming soon",
    },
    {
      type: "Flip yes/no",
      fill: async (c) => {
        await c.getByLabel("Yes/no column", { exact: true }).selectOption("on_sale");
      },
      row: key(1),
      after: "no",
    },
  ];
  for (const { type, fill, row, after } of cases) {
    // A plan of its own for each: an approved plan is closed to edits.
    await draft(page, "Uppercase the titles");
    const card = page.getByTestId("operation-card-op_01");
    await expect(card.getByLabel("Write as", { exact: true })).toHaveValue("upper");
    await card.getByLabel("Type", { exact: true }).selectOption({ label: type });
    await fill(card);
    await saveAndPreview(page);
    await expect(
      page.getByRole("table", { name: "Changes" }).getByRole("row").filter({ hasText: row }),
    ).toContainText(after);
    await page.getByRole("button", { name: "Submit for approval" }).click();
    await approveAndRevert(page.url(), pageAs);
  }
});

test("a rank read from the instruction is edited in the form, previewed, approved and reverted", async ({
  page,
  pageAs,
}) => {
  expect(datasetPath).not.toBe("");
  await draft(page, "Raise the 2 cheapest by $1");
  const card = page.getByTestId("operation-card-op_01");
  await expect(card.getByLabel("How many", { exact: true })).toHaveValue("2");
  await expect(card.getByLabel("By column", { exact: true })).toHaveValue("price");
  await card.getByLabel("How many", { exact: true }).fill("1");
  await saveAndPreview(page);
  const changes = page.getByRole("table", { name: "Changes" });
  await expect(changes).toContainText(key(3));
  await expect(changes).not.toContainText(key(4));
  await approveAndRevert(page.url(), pageAs);
});

test("a comparison with each brand's own average is previewed, approved and reverted", async ({
  page,
  pageAs,
}) => {
  expect(datasetPath).not.toBe("");
  await draft(page, "Cut prices that are above their brand's average by 10%");
  // The average is worked out per brand in its own operation, which the cut depends on.
  await expect(page.getByTestId("operation-card-group_figure")).toBeVisible();
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  const changes = page.getByRole("table", { name: "Changes" });
  // Acme averages 15.995: only its 19.99 chair is above; Birch and Cedar have one row each.
  await expect(changes.getByRole("row").filter({ hasText: key(1) })).toContainText("17.99");
  await expect(changes).not.toContainText(key(3));
  await approveAndRevert(page.url(), pageAs);
});

test("a comparison with another column of the row is read, switched in the form, previewed, approved and reverted", async ({
  page,
  pageAs,
}) => {
  expect(datasetPath).not.toBe("");
  await draft(page, "Raise price by $1 where price is above cost");
  const card = page.getByTestId("operation-card-op_01");
  await expect(card.getByLabel("Compare with")).toHaveValue("column");
  await expect(card.getByLabel("Value", { exact: true })).toHaveValue("cost");
  await expect(page.getByText("for rows where price is over its cost").first()).toBeVisible();
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  const changes = page.getByRole("table", { name: "Changes" });
  for (const n of [1, 2, 3, 4]) await expect(changes).toContainText(key(n));

  // Switched to a value, the same condition compares every price with 15.
  await card.getByLabel("Compare with").selectOption("value");
  await card.getByLabel("Value", { exact: true }).fill("15");
  await card.getByLabel("Value", { exact: true }).blur();
  await saveAndPreview(page);
  await expect(changes.getByRole("row").filter({ hasText: key(4) })).toContainText("16.50");
  await expect(changes).not.toContainText(key(3));
  await approveAndRevert(page.url(), pageAs);
});

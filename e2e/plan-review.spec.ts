import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The review flow (instruction, plan, edit, preview, approve) on the seeded "Seed products" dataset (7 rows), as an
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
  // What it does to the numbers: two prices up, none down, by 6.00 and 8.00.
  await expect(dialog).toContainText("price: 2 up, 0 down, net +14.00");
  // The edit from 10% to 20% differs from the instruction: the dialog repeats the warning and
  // approving needs it acknowledged.
  await expect(dialog).toContainText("the instruction reads as: raises price by 10%");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(dialog.getByText("Tick every warning to confirm you read it.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: /the instruction reads as/ }).check();
  await dialog.getByLabel(/^Comment/).fill("Checked with the buyer: 20% is right.");
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(approver.getByTestId("result-summary")).toContainText("created version v2");

  await approver.getByRole("link", { name: "View in history" }).click();
  await expect(approver.getByTestId("approval-comment")).toContainText(
    "Checked with the buyer: 20% is right.",
  );
  await expect(
    approver.getByText("Increase prices by 10% for all in-stock fitness products").first(),
  ).toBeVisible();

  // The execution's audit CSV, downloaded as a user does: one line per changed cell, with the
  // author, the approver, the comment and the versions.
  await approver.locator("summary", { hasText: "Downloads" }).click();
  const [download] = await Promise.all([
    approver.waitForEvent("download"),
    approver.getByTestId("download-audit.csv").click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const auditCsv = await readFile(await download.path(), "utf8");
  const [header, ...lines] = auditCsv.trimEnd().split(/\r?\n/);
  expect(header).toBe(
    "execution_id,instruction,dataset,version_before,version_after,status,author,approver,approved_at,override_reason,approval_comment,row_key,column,before,after",
  );
  expect(lines).toHaveLength(2);
  expect(lines.map((line) => line.split(",").slice(-4).join(","))).toEqual([
    "A101,price,29.99,35.99",
    "A102,price,39.99,47.99",
  ]);
  expect(lines[0]).toContain("Checked with the buyer: 20% is right.");
  expect(lines[0]).toContain("e2e.test");
  expect(lines[0]).toMatch(/,(\d+),(\d+),completed,/);

  await approver.goto("/history");
  await expect(approver.getByTestId("history-comment").first()).toContainText(
    "Checked with the buyer: 20% is right.",
  );
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

test("form: typing keeps focus, errors show at their field, operations are duplicated, moved, removed and added", async ({
  page,
}) => {
  await draftPlan(
    page,
    "Increase in-stock fitness prices by 15% and mark all accessories as out of stock",
  );
  await page.getByRole("tab", { name: "Form" }).click();
  const first = page.getByTestId("operation-card-op_01");

  // Each keystroke reaches the draft, and the form is not reset under the cursor.
  const description = first.getByLabel("Description");
  await description.fill("");
  await description.pressSequentially("Fitness up");
  await expect(description).toBeFocused();
  await expect(description).toHaveValue("Fitness up");

  // A value that is not a number is an error at its field; the panel's link focuses it.
  const percent = first.getByLabel("Percent");
  await percent.fill("abc");
  await expect(percent).toHaveAttribute("aria-invalid", "true");
  await expect(first.getByText(/must be a number/)).toBeVisible();
  await page
    .getByRole("region", { name: "Validation" })
    .getByRole("button", { name: /operations\[0\]\.action\.value/ })
    .click();
  await expect(percent).toBeFocused();
  await percent.fill("12");
  await expect(percent).not.toHaveAttribute("aria-invalid", "true");
  await expect(first.getByText(/must be a number/)).toHaveCount(0);

  // Duplicate op_01, move op_02 above the copy, remove op_01, add a new operation.
  await page.getByRole("button", { name: "Duplicate op_01" }).click();
  const copy = page.getByTestId("operation-card-op_01_copy");
  await expect(copy.getByLabel("Percent")).toHaveValue("12");
  await page.getByRole("button", { name: "Move op_02 up" }).click();
  await page.getByRole("button", { name: "Remove op_01", exact: true }).click();
  await expect(first).toHaveCount(0);
  await page.getByRole("button", { name: "Add operation" }).first().click();
  await expect(page.getByTestId("operation-card-op_03").getByLabel("Operation id")).toBeFocused();
  await expect(page.getByRole("heading", { name: /^Operations/ })).toContainText("(3)");

  // The JSON holds the same plan; an edit there shows in the form.
  await page.getByRole("tab", { name: "JSON" }).click();
  const json = page.getByLabel("Plan JSON");
  const plan = JSON.parse(await json.inputValue());
  expect(
    plan.operations.map((operation: { operation_id: string }) => operation.operation_id),
  ).toEqual(["op_02", "op_01_copy", "op_03"]);
  expect(plan.operations[1].action.value).toBe(12);
  expect(plan.operations[1].description).toBe("Fitness up");
  plan.operations[0].description = "Written in JSON";
  await json.fill(JSON.stringify(plan, null, 2));
  await page.getByRole("tab", { name: "Form" }).click();
  await expect(page.getByTestId("operation-card-op_02").getByLabel("Description")).toHaveValue(
    "Written in JSON",
  );
});

test("form: cleared fields leave the plan, a suggestion applies, the graph's card edits the same plan, discard resets the form", async ({
  page,
}) => {
  await draftPlan(
    page,
    "Increase in-stock fitness prices by 15% and mark all accessories as out of stock",
  );
  const json = page.getByLabel("Plan JSON");
  const readPlan = async () => {
    await page.getByRole("tab", { name: "JSON" }).click();
    const plan = JSON.parse(await json.inputValue());
    await page.getByRole("tab", { name: "Form" }).click();
    return plan;
  };

  // A misspelt category from the JSON is an error at the categories field, with its fix.
  await page.getByRole("tab", { name: "JSON" }).click();
  const drafted = JSON.parse(await json.inputValue());
  drafted.operations[0].filter.categories = ["fitnes"];
  await json.fill(JSON.stringify(drafted, null, 2));
  await page.getByRole("tab", { name: "Form" }).click();
  const first = page.getByTestId("operation-card-op_01");
  await first.getByRole("button", { name: "Use “fitness”" }).click();
  await expect(first.getByRole("button", { name: "Use “fitness”" })).toHaveCount(0);

  // Clearing a field removes it from the plan, and an emptied options object goes with it.
  await first.getByLabel("Description").fill("");
  await first.getByLabel("Round to decimals").fill("");
  await page.getByLabel("Max rows changed").fill("5");
  await page.getByLabel("Max rows changed").fill("");
  await first.getByRole("button", { name: "Remove shortcut In stock" }).click();
  let plan = await readPlan();
  expect(plan.operations[0].filter).toEqual({ categories: ["fitness"] });
  expect(plan.operations[0]).not.toHaveProperty("description");
  expect(plan.operations[0]).not.toHaveProperty("options");
  expect(plan).not.toHaveProperty("guards");
  await expect(first.getByLabel("Description")).toHaveValue("");

  // A shortcut, a group of conditions and a top-N choice are added from the filter's own controls.
  await first.getByLabel("Add a shortcut").selectOption("in_stock");
  await first.getByRole("button", { name: "“None of” condition" }).click();
  await first.getByRole("button", { name: "Only the highest or lowest" }).click();
  plan = await readPlan();
  expect(plan.operations[0].filter).toMatchObject({ categories: ["fitness"], in_stock: true });
  expect(plan.operations[0].filter.none).toHaveLength(1);
  expect(plan.operations[0].filter.top).toBeDefined();
  await first.getByRole("button", { name: "Remove shortcut In stock" }).click();
  await first
    .getByRole("button", { name: /remove condition/i })
    .first()
    .click();
  await first.getByRole("button", { name: "Remove highest or lowest" }).click();
  plan = await readPlan();
  expect(plan.operations[0].filter).toEqual({ categories: ["fitness"] });

  // Renaming an operation renames the references to it.
  await page
    .getByTestId("operation-card-op_02")
    .getByRole("button", { name: "Choose operations…" })
    .click();
  const id = first.getByLabel("Operation id");
  await id.fill("fitness_up");
  await id.press("Enter");
  plan = await readPlan();
  expect(plan.operations[1].depends_on).toEqual(["fitness_up"]);

  // The card the graph opens edits the same plan.
  await page.getByRole("tab", { name: "Graph" }).click();
  await page.getByTestId("graph-node-op_02").click();
  await page
    .getByRole("region", { name: "Edit op_02" })
    .getByLabel("In stock (column: in_stock)")
    .selectOption("true");
  plan = await readPlan();
  expect(plan.operations[1].action.value).toBe(true);

  // Discarding puts the saved plan back in the form.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByTestId("operation-card-op_01").getByLabel("Description")).not.toHaveValue(
    "",
  );
  await expect(
    page.getByTestId("operation-card-op_01").getByLabel("Round to decimals"),
  ).toHaveValue("2");
});

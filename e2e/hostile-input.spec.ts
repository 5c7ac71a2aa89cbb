import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * HTML and script in column names, cell values, a dataset's name and a plan's instruction and
 * description are shown as text on every page that shows them: the upload review, the dataset,
 * the plan's form, graph and JSON views, the preview's diff table, the execution and the history.
 *
 * The pages carry a nonce CSP, which would stop an injected inline script or event handler on its
 * own; so besides `window.__xss` and dialogs, each page is checked for the injected elements
 * themselves and for CSP violations, either of which means markup got through as markup.
 */
test.use({ role: "author" });

const SCRIPT = "<script>window.__xss=1</script>";
const IMAGE = '<img src=x onerror="window.__xss=1">';
const SVG = "<svg onload=alert(1)>";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Records dialogs and CSP violations from the first script on every page of this tab. */
async function watch(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    // Injected markup shows up as a blocked inline script or event handler. (zod probes for
    // eval once per page, which the CSP also blocks: that one is not about markup.)
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.blockedURI === "inline") {
        violations.push(`${event.violatedDirective}: ${event.sample}`);
      }
    });
  });
  return dialogs;
}

/** Nothing ran, nothing was injected as an element, and the literal text is on the page. */
async function expectShownAsText(page: Page, dialogs: string[], texts: string[]) {
  for (const text of texts) {
    await expect(
      page.getByText(text, { exact: false }).filter({ visible: true }).first(),
    ).toBeVisible();
  }
  const state = await page.evaluate(() => ({
    xss: typeof (window as unknown as { __xss?: unknown }).__xss,
    injectedScripts: [...document.querySelectorAll("script")].filter(
      (script) => script.textContent?.trim() === "window.__xss=1",
    ).length,
    injectedElements: document.querySelectorAll('img[src="x"], img[onerror], svg[onload]').length,
    violations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  }));
  expect(state).toEqual({
    xss: "undefined",
    injectedScripts: 0,
    injectedElements: 0,
    violations: [],
  });
  expect(dialogs).toEqual([]);
}

test("HTML and script in a dataset and a plan are shown as text on every page", async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const dialogs = await watch(page);
  const datasetName = `Hostile ${SCRIPT} ${stamp()}`;

  // Upload: a column named <script>, one named <img>, cells holding both.
  const csv = [
    `sku,${quoted(SCRIPT)},${quoted(IMAGE)},price`,
    `A1,${quoted(IMAGE)},${quoted(SVG)},10.00`,
    `A2,${quoted(SCRIPT)},plain,20.00`,
    "",
  ].join("\n");
  await page.goto("/datasets/upload");
  await page
    .getByTestId("upload-drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name: "hostile.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("heading", { name: "Review hostile.csv" })).toBeVisible();
  await expectShownAsText(page, dialogs, [SCRIPT, IMAGE]);
  await page.getByLabel("Dataset name").fill(datasetName);
  await page.getByLabel("Key column").selectOption("sku");
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  const datasetUrl = page.url();
  await expect(page.getByRole("heading", { name: datasetName, level: 1 })).toBeVisible();
  await expectShownAsText(page, dialogs, [datasetName, SCRIPT, IMAGE, SVG]);

  // A plan by hand whose instruction and description are markup, writing markup into a cell.
  const instruction = `Rewrite A1 ${SCRIPT} ${IMAGE}`;
  await page.goto("/plans/new");
  const dataset = page.getByLabel("Dataset");
  const value = await dataset
    .locator("option", { hasText: datasetName })
    .first()
    .getAttribute("value");
  await dataset.selectOption(value ?? "");
  await page.getByLabel("Instruction").fill(instruction);
  await page.getByRole("button", { name: "Write the plan by hand" }).click();
  await page.waitForURL((url: URL) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  const planUrl = page.url();

  await page.getByRole("tab", { name: "JSON" }).click();
  const json = page.getByLabel("Plan JSON");
  const plan = JSON.parse(await json.inputValue());
  plan.execution_id = `hostile_${stamp()}`;
  plan.operations = [
    {
      operation_id: "op_01",
      description: IMAGE,
      filter: { skus: ["A1"] },
      action: { type: "set_value", column: SCRIPT, value: `${SVG} after` },
    },
  ];
  await json.fill(JSON.stringify(plan, null, 2));
  await page.getByRole("button", { name: "Save revision" }).click();
  await expect(page.getByTestId("revision-2")).toBeVisible();

  await page.reload();
  await expectShownAsText(page, dialogs, [instruction]);
  await page.getByRole("tab", { name: "Form" }).click();
  await expect(page.getByTestId("operation-card-op_01").getByLabel("Description")).toHaveValue(
    IMAGE,
  );
  await expectShownAsText(page, dialogs, [instruction]);
  await page.getByRole("tab", { name: "Graph" }).click();
  await expect(page.getByTestId("graph-node-op_01")).toBeVisible();
  await expectShownAsText(page, dialogs, [instruction]);
  await page.getByRole("tab", { name: "JSON" }).click();
  // In the JSON text the description is a JSON string: quotes escaped, nothing else changed.
  expect(await json.inputValue()).toContain(`"description": ${JSON.stringify(IMAGE)}`);
  await expectShownAsText(page, dialogs, [instruction]);

  // The preview's diff table: the column named <script>, the cell going from <img> to <svg>.
  await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  const changes = page.getByRole("table", { name: "Changes" });
  await expect(changes).toBeVisible();
  await expect(changes).toContainText(SCRIPT);
  await expect(changes).toContainText(IMAGE);
  await expect(changes).toContainText(`${SVG} after`);
  await expectShownAsText(page, dialogs, [instruction]);

  // An approver applies it; the execution and the history show the same text.
  const approver = await pageAs("approver");
  const approverDialogs = await watch(approver);
  await approver.goto(planUrl);
  await approver.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  await expect(approver.getByRole("table", { name: "Changes" })).toBeVisible();
  await approver.getByRole("button", { name: "Approve…" }).click();
  await approver
    .getByRole("dialog", { name: "Approve plan" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(approver.getByTestId("result-summary")).toContainText("created version v2");
  await approver.getByRole("link", { name: "View in history" }).click();
  await approver.waitForURL(/\/executions\//);
  await expectShownAsText(approver, approverDialogs, [instruction, datasetName, SCRIPT]);

  await approver.goto("/history");
  await expectShownAsText(approver, approverDialogs, [instruction]);

  await page.goto(datasetUrl);
  await expectShownAsText(page, dialogs, [datasetName, SCRIPT, `${SVG} after`]);
});

test("a plan file over 2 MB is refused before it is read", async ({ page }) => {
  await page.goto("/plans/new");
  await page.getByLabel("Instruction").fill("Too large an import");
  await page.getByRole("button", { name: "Write the plan by hand" }).click();
  await page.waitForURL((url: URL) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  await page.getByRole("tab", { name: "JSON" }).click();
  const json = page.getByLabel("Plan JSON");
  const before = await json.inputValue();
  await page.getByLabel("Plan file to import").setInputFiles({
    name: "huge.json",
    mimeType: "application/json",
    buffer: Buffer.alloc(2 * 1024 * 1024 + 1, " "),
  });
  await expect(page.getByRole("alert").filter({ hasText: "huge.json" })).toHaveText(
    "huge.json is larger than 2 MB, the most a plan file can be. Nothing was imported.",
  );
  await expect(json).toHaveValue(before);
});

test("a server action body over the 2 MB limit is refused before the action runs", async ({
  page,
  baseURL,
}) => {
  // The action's id comes from the build; the request is what the plan page's save sends.
  const manifest = JSON.parse(
    readFileSync(
      path.resolve(
        test.info().project.testDir,
        "..",
        ".next",
        "server",
        "server-reference-manifest.json",
      ),
      "utf8",
    ),
  ) as { node: Record<string, { exportedName?: string; filename?: string }> };
  const actionId = Object.entries(manifest.node).find(
    ([, entry]) =>
      entry.exportedName === "savePlanRevisionAction" && entry.filename === "lib/actions/plans.ts",
  )?.[0];
  expect(actionId).toBeTruthy();

  await page.goto("/");
  const save = (paddingBytes: number) =>
    page.request.post("/plans/unknown", {
      headers: {
        "next-action": actionId ?? "",
        "content-type": "text/plain;charset=UTF-8",
        origin: baseURL ?? "",
      },
      data: JSON.stringify([
        { planId: "unknown", plan: { padding: "x".repeat(paddingBytes) }, note: "size" },
      ]),
    });

  // Just under the limit the action runs and answers (here: no such plan) ...
  const under = await save(1024 * 1024);
  expect(under.status()).toBe(200);
  expect(await under.text()).toContain("That plan does not exist.");
  // ... just over it the request is turned away (proxy.ts answers 413 from the declared length;
  // without one, Next stops reading past the limit) and the action never runs.
  const over = await save(2 * 1024 * 1024 + 1024);
  expect(over.ok()).toBe(false);
  expect(await over.text()).not.toContain("That plan does not exist.");
});

import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The main pages at a phone's width (390 px) and at a desktop's, a plan under review and an
 * execution among them: the page itself never scrolls sideways (wide tables scroll inside
 * themselves), and axe finds no serious or critical accessibility violation.
 */
test.use({ role: "approver" });

const PAGES = ["/", "/plans", "/history", "/datasets/upload", "/account"];

for (const width of [390, 1280]) {
  test(`the main pages at ${width} px: no sideways scroll, no serious accessibility problem`, async ({
    page,
    pageAs,
  }) => {
    // An approval, then nine pages each checked by axe: about 50 s on two cores, too near the
    // default minute.
    test.setTimeout(150_000);
    // A plan under review and an execution: an author drafts and previews, this approver approves.
    const author = await pageAs("author");
    await author.goto("/plans/new");
    const demo = author.getByLabel("Dataset").locator("option", { hasText: "Demo catalog" });
    await author.getByLabel("Dataset").selectOption((await demo.getAttribute("value")) ?? "");
    await author.getByLabel("Instruction").fill("Raise prices by 1% for all yoga products");
    await author.getByRole("button", { name: "Draft plan" }).click();
    await author.waitForURL(/\/plans\/(?!new)[^/]+$/);
    const planPath = new URL(author.url()).pathname;
    await page.goto(planPath);
    await page.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
    await page.getByRole("button", { name: "Approve…" }).click();
    for (const box of await page.getByRole("dialog").getByRole("checkbox").all()) await box.check();
    await page.getByRole("dialog").getByRole("button", { name: "Approve", exact: true }).click();
    await page.getByRole("link", { name: "View in history" }).click();
    await page.waitForURL(/\/executions\/[^/]+$/);
    const executionPath = new URL(page.url()).pathname;

    await page.setViewportSize({ width, height: 844 });
    // A dataset page too: the first dataset on the home page.
    await page.goto("/");
    const dataset = await page.getByTestId("dataset-link").first().getAttribute("href");
    for (const path of [...PAGES, dataset ?? "/", planPath, executionPath]) {
      await checkPage(page, path);
    }
    // The admin's page of accounts, whose table holds a select per row.
    const admin = await pageAs("admin");
    await admin.setViewportSize({ width, height: 844 });
    await checkPage(admin, "/admin/users");
  });
}

async function checkPage(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect({ path, overflow }).toEqual({ path, overflow: 0 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
  expect({ path, serious }).toEqual({ path, serious: [] });
}

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The plans page and the approval queue: an author's plan, previewed and submitted, is in their
 * own "Awaiting approval" list, waits for an approver on the home page and behind the navigation's badge, and
 * the "waiting for me" filter lives in the URL.
 */
test.use({ role: "author" });

async function draftAndPreview(page: Page, instruction: string): Promise<string> {
  await page.goto("/plans/new");
  const demo = page.getByLabel("Dataset").locator("option", { hasText: "Demo catalog" });
  await page.getByLabel("Dataset").selectOption((await demo.getAttribute("value")) ?? "");
  await page.getByLabel("Instruction").fill(instruction);
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL(/\/plans\/(?!new)[^/]+$/);
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(page.getByRole("button", { name: "Approve…" })).toBeVisible();
  await page.getByRole("button", { name: "Submit for approval" }).click();
  await expect(page.getByTestId("submitted-notice")).toBeVisible();
  return new URL(page.url()).pathname;
}

test("a submitted plan waits for an approver, on the home page and in the plans queue", async ({
  page,
  pageAs,
}) => {
  const planPath = await draftAndPreview(page, "Lower prices by 4% for all recovery products");

  await page.goto("/plans?mine=1");
  await expect(page.getByRole("link", { name: "Awaiting approval" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.locator(`a[href="${planPath}"]`)).toBeVisible();
  await expect(page.locator(`a[href="${planPath}"]`).locator("xpath=ancestor::tr")).toContainText(
    "Awaiting approval",
  );

  const approver = await pageAs("approver");
  await approver.goto("/");
  const waiting = approver.getByRole("region", { name: /wait(s)? for your approval/ });
  await expect(waiting.locator(`a[href="${planPath}"]`)).toBeVisible();
  await expect(
    approver.getByRole("navigation", { name: "Main" }).getByText("waiting for your approval"),
  ).toBeAttached();

  await approver
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /Plans/ })
    .click();
  await approver.getByLabel("Only plans waiting for me").check();
  await approver.getByRole("button", { name: "Apply filters" }).click();
  await approver.waitForURL(/waiting=1/);
  await expect(approver.locator(`a[href="${planPath}"]`)).toBeVisible();
  await approver.reload();
  await expect(approver.getByLabel("Only plans waiting for me")).toBeChecked();
  await expect(approver.getByTestId("plans-count")).toContainText("of");
});

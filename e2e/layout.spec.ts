import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

/**
 * The main pages at a phone's width (390 px) and at a desktop's: the page itself never scrolls
 * sideways (wide tables scroll inside themselves), and axe finds no serious or critical
 * accessibility violation.
 */
test.use({ role: "approver" });

const PAGES = ["/", "/plans", "/history", "/datasets/upload", "/account"];

for (const width of [390, 1280]) {
  test(`the main pages at ${width} px: no sideways scroll, no serious accessibility problem`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    // A dataset page too: the first dataset on the home page.
    await page.goto("/");
    const dataset = await page.getByTestId("dataset-link").first().getAttribute("href");
    for (const path of [...PAGES, dataset ?? "/"]) {
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
  });
}

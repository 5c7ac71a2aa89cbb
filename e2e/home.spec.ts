import { expect, test } from "./fixtures";

test("the home page lists the seeded datasets", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Datasets" })).toBeVisible();

  const seed = page.getByRole("row").filter({ hasText: "Seed products" });
  await expect(seed.getByTestId("dataset-rows")).toHaveText("7");
  const demo = page.getByRole("row").filter({ hasText: "Demo catalog" });
  await expect(demo.getByTestId("dataset-rows")).toHaveText("10,000");

  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("History");
});

import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3200";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [w, h, tag] of [[1280, 900, "desktop"], [390, 844, "mobile"]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await context.newPage();
  await page.goto(base + "/sign-in");
  await page.getByLabel("Email").fill("admin@e2e.test");
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
  for (const [path, name] of [["/plans/new", "new-plan"], ["/history", "history"], ["/plans", "plans"], ["/admin/users", "users"]]) {
    await page.goto(base + path);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/tmp/shot-${name}-${tag}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();

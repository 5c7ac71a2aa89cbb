import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3200";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
const page = await context.newPage();
await page.goto(base + "/sign-in");
await page.getByLabel("Email").fill("admin@e2e.test");
await page.getByLabel("Password").fill("e2e-password-123");
await page.getByRole("button", { name: /sign in/i }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
for (const path of ["/admin/users", "/plans/new", "/history", "/plans"]) {
  await page.goto(base + path);
  await page.waitForLoadState("networkidle");
  const r = await page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
      const b = el.getBoundingClientRect();
      if (b.right > window.innerWidth + 1) out.push(el.tagName + "." + (el.className?.toString?.() ?? "").slice(0, 60) + " " + Math.round(b.right));
    }
    return { sw: document.documentElement.scrollWidth, out: out.slice(0, 5) };
  });
  console.log(path, JSON.stringify(r));
}
await browser.close();

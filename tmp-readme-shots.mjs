import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3200";
const out = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
async function signIn(email) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("e2e-password-123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/sign-in"));
  return page;
}
const author = await signIn("author@e2e.test");
async function draft(instruction) {
  await author.goto(`${base}/plans/new`);
  const dataset = author.getByLabel("Dataset");
  const value = await dataset.locator("option", { hasText: "Seed products" }).first().getAttribute("value");
  await dataset.selectOption(value ?? "");
  await author.getByLabel("Instruction").fill(instruction);
  await author.getByRole("button", { name: "Draft plan" }).click();
  await author.waitForURL((u) => /^\/plans\/(?!new$)[^/]+$/.test(u.pathname));
  await author.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
  await author.getByRole("table", { name: "Changes" }).waitFor();
  await author.getByRole("button", { name: "Submit for approval" }).click();
  await author.waitForTimeout(1500);
  return author.url();
}
const planUrl = await draft("Increase prices by 60% for all in-stock fitness products");
await draft("Mark accessories as out of stock");
const approver = await signIn("approver@e2e.test");
await approver.goto(`${base}/plans?waiting=1`);
await approver.waitForTimeout(800);
await approver.screenshot({ path: `${out}/plans-queue.png` });
await approver.goto(planUrl);
await approver.getByRole("button", { name: /^Preview (changes|again)$/ }).click();
await approver.getByRole("table", { name: "Changes" }).waitFor();
await approver.getByRole("button", { name: "Approve…" }).click();
const dialog = approver.getByRole("dialog", { name: "Approve plan" });
await dialog.waitFor();
await approver.waitForTimeout(500);
await approver.screenshot({ path: `${out}/approve-dialog.png` });
await browser.close();

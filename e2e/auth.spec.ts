import type { Page, Request } from "@playwright/test";
import { E2E_USERS, expect, signInThroughForm, test } from "./fixtures";

/**
 * People and permissions in the browser: signing in and out, the four-eyes rule between an
 * author and an approver in two browser contexts, and a viewer who cannot upload or approve even
 * by calling the endpoints directly.
 */

/** Collects Content-Security-Policy violations and page errors while a test runs. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) {
      problems.push(message.text());
    }
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function draftPlan(page: Page, instruction: string): Promise<string> {
  await page.goto("/plans/new");
  // The demo catalog, whatever its version: other specs count on "Seed products" staying at v1.
  const demo = page.getByLabel("Dataset").locator("option", { hasText: "Demo catalog" });
  await page.getByLabel("Dataset").selectOption((await demo.getAttribute("value")) ?? "");
  await page.getByLabel("Instruction").fill(instruction);
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL(/\/plans\/(?!new)[^/]+$/);
  return new URL(page.url()).pathname;
}

async function runPreview(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(page.getByRole("button", { name: "Approve…" })).toBeVisible();
}

test.describe("signing in", () => {
  test.use({ role: null });

  test("a signed-out visitor is sent to sign in, and comes back to the page they asked for", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto("/history");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fhistory$/);
    await expect(page.getByRole("heading", { name: "Sign in to Signoff" })).toBeVisible();

    await page.getByLabel("Email").fill(E2E_USERS.author.email);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "That email and password do not match an account." }),
    ).toBeVisible();

    await signInThroughForm(page, "author");
    await expect(page).toHaveURL(/\/history$/);
    const user = page.getByTestId("signed-in-user");
    await expect(user).toContainText(E2E_USERS.author.name);
    await expect(user).toContainText("Author");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(problems).toEqual([]);
  });

  test("session cookies are http-only and pages carry the security headers", async ({ page }) => {
    const response = await page.goto("/sign-in");
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).not.toContain("unsafe-eval");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");

    await signInThroughForm(page, "viewer");
    await expect(page.getByTestId("signed-in-user")).toContainText("Viewer");
    const session = (await page.context().cookies()).find((cookie) =>
      cookie.name.endsWith("better-auth.session_token"),
    );
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
  });
});

test.describe("four eyes", () => {
  test.use({ role: "author" });

  test("an author drafts and previews; an approver approves in another browser; a viewer's direct call is refused", async ({
    page,
    pageAs,
  }) => {
    const problems = watchConsole(page);
    const planPath = await draftPlan(
      page,
      "Increase prices by 10% for all in-stock accessories products",
    );
    await runPreview(page);
    // The author's own Approve button is disabled, and says why.
    await expect(page.getByRole("button", { name: "Approve…" })).toBeDisabled();
    await expect(
      page.getByText("This needs an approver account (or higher); yours is author."),
    ).toBeVisible();

    const approver = await pageAs("approver");
    const approverProblems = watchConsole(approver);
    await approver.goto(planPath);
    await expect(approver.getByTestId("signed-in-user")).toContainText(E2E_USERS.approver.name);
    await runPreview(approver);
    await expect(approver.getByRole("button", { name: "Approve…" })).toBeEnabled();
    await approver.getByRole("button", { name: "Approve…" }).click();
    const approveCall = approver.waitForRequest((request) => isServerAction(request));
    await approver
      .getByRole("dialog")
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    const captured = await approveCall;
    await expect(approver.getByText("Approved and applied")).toBeVisible();
    await expect(approver.getByText(`Approved by ${E2E_USERS.approver.name}`)).toBeVisible();

    // A viewer replays the very request the approver's browser sent: refused before anything runs.
    const viewer = await pageAs("viewer");
    const replay = await viewer.request.post(captured.url(), {
      headers: {
        "next-action": captured.headers()["next-action"],
        "content-type": captured.headers()["content-type"] ?? "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: new URL(captured.url()).origin,
      },
      data: captured.postData() ?? "",
    });
    expect(await replay.text()).toContain('"code":"forbidden"');

    expect(problems).toEqual([]);
    expect(approverProblems).toEqual([]);
  });

  test("an approver cannot approve the plan they wrote", async ({ pageAs }) => {
    const approver = await pageAs("approver");
    await draftPlan(approver, "Discount apparel by 15%, never below $10");
    await runPreview(approver);
    await expect(approver.getByRole("button", { name: "Approve…" })).toBeDisabled();
    await expect(
      approver.getByText(
        "You wrote a revision of this plan; another approver must approve it (four-eyes rule).",
      ),
    ).toBeVisible();
  });
});

test.describe("a viewer", () => {
  test.use({ role: "viewer" });

  test("cannot reach uploading, by the page or by posting to its endpoint", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Datasets" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Upload CSV" })).toHaveCount(0);

    await page.goto("/datasets/upload");
    await expect(page).toHaveURL(/\/forbidden\?permission=dataset\.upload$/);
    await expect(
      page.getByText("This needs an author account (or higher); yours is viewer."),
    ).toBeVisible();

    const upload = await page.request.post("/api/datasets/upload", {
      headers: { "content-type": "text/csv", "x-file-name": "sneaky.csv" },
      data: "sku,price\nX1,1.00\n",
    });
    expect(upload.status()).toBe(403);
    expect(await upload.json()).toMatchObject({ ok: false, code: "forbidden" });
  });
});

test.describe("an admin", () => {
  test.use({ role: "admin" });

  test("adds a user who can then sign in with the first password", async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
    const form = page.getByRole("form", { name: "Add a user" });
    await form.getByLabel("Name").fill("Nia New");
    await form.getByLabel("Email").fill("nia@e2e.test");
    await form.getByLabel("Role").selectOption("approver");
    await form.getByRole("button", { name: "Generate a strong password" }).click();
    await form.getByRole("button", { name: "Add user" }).click();
    const password = await page.getByTestId("created-password").textContent();
    expect(password).toMatch(/^\S{16}$/);
    await expect(page.getByRole("row").filter({ hasText: "nia@e2e.test" })).toBeVisible();

    // A fresh browser for Nia, signed out (tests' contexts otherwise start as the test's role).
    const context = await browser.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
    });
    const nia = await context.newPage();
    await nia.goto("/sign-in");
    await nia.getByLabel("Email").fill("nia@e2e.test");
    await nia.getByLabel("Password").fill(password ?? "");
    await nia.getByRole("button", { name: "Sign in" }).click();
    await expect(nia.getByTestId("signed-in-user")).toContainText("Approver");
    await context.close();
  });
});

function isServerAction(request: Request): boolean {
  return request.method() === "POST" && Boolean(request.headers()["next-action"]);
}

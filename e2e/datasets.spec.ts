import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Datasets in the browser: upload a CSV, review its profile, confirm it; a malformed file is
 * refused with its line and stores nothing; the exact download returns the uploaded bytes and the
 * spreadsheet download neutralises formulas.
 */
test.use({ role: "author" });

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function chooseFile(page: Page, name: string, content: string | Buffer) {
  await page.goto("/datasets/upload");
  await page
    .getByTestId("upload-drop-zone")
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });
}

async function uploadAndConfirm(page: Page, datasetName: string, content: Buffer) {
  await chooseFile(page, "catalog.csv", content);
  await expect(page.getByRole("heading", { name: "Review catalog.csv" })).toBeVisible();
  await page.getByLabel("Dataset name").fill(datasetName);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  await expect(page.getByRole("heading", { name: datasetName, level: 1 })).toBeVisible();
}

async function datasetCount(page: Page): Promise<number> {
  await page.goto("/");
  return page.getByTestId("dataset-link").count();
}

test("upload a CSV, review the profile, change the key column, confirm: the dataset appears", async ({
  page,
}) => {
  const name = `Uploaded ${stamp()}`;
  const csv = [
    "code,sku,name,category,price,in_stock",
    'C1,S-1,"Mat, blue",fitness,29.99,true',
    "C2,S-2,Ball,yoga,19.50,false",
    "C3,S-3,Band,fitness,5.00,true",
    "",
  ].join("\r\n");
  await chooseFile(page, "catalog.csv", csv);

  await expect(page.getByRole("heading", { name: "Review catalog.csv" })).toBeVisible();
  await expect(page.getByTestId("upload-summary")).toContainText("3 rows · 6 columns");
  await expect(page.getByTestId("profile-column")).toHaveCount(6);
  const priceRow = page.getByTestId("profile-column").filter({ hasText: "price" });
  await expect(priceRow).toContainText("number");
  await expect(priceRow).toContainText("5.00 – 29.99");
  // The profile proposes sku; the user keys on code instead.
  const key = page.getByLabel("Key column");
  await expect(key).toHaveValue("sku");
  await key.selectOption("code");
  await expect(
    page.getByTestId("profile-column").filter({ hasText: "code" }).getByText("key"),
  ).toBeVisible();
  await expect(page.getByLabel("Price column")).toHaveValue("price");
  await expect(page.getByLabel("Dataset name")).toHaveValue("Catalog");
  await page.getByLabel("Dataset name").fill(name);
  await page.getByRole("button", { name: "Create dataset" }).click();

  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("key column code")).toBeVisible();
  await expect(page.getByTestId("grid-count")).toHaveText("3 rows");
  await expect(page.getByTestId("grid-row").first()).toContainText("Mat, blue");
  await expect(page.getByTestId("version-row")).toHaveCount(1);
  await expect(page.getByTestId("version-row")).toContainText("Upload");

  await page.goto("/");
  await expect(page.getByTestId("dataset-link").filter({ hasText: name })).toBeVisible();

  // The same name again is refused with a clear message, on the name field.
  await chooseFile(page, "catalog.csv", csv);
  await page.getByLabel("Dataset name").fill(name);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await expect(
    page.getByText(`A dataset named "${name}" already exists. Pick another name.`),
  ).toBeVisible();
  await expect(page.getByLabel("Dataset name")).toHaveAttribute("aria-invalid", "true");
});

test("a malformed CSV is refused with the line and what is wrong, and no dataset is created", async ({
  page,
}) => {
  const before = await datasetCount(page);

  await chooseFile(
    page,
    "broken.csv",
    "sku,price,in_stock\nA1,1.00,true\nA2,2.00\nA3,3.00,false\n",
  );
  const problem = page.getByTestId("upload-problem");
  await expect(problem).toContainText("broken.csv can’t be used (line 3)");
  await expect(problem).toContainText("Line 3 has 2 fields; the header has 3.");
  await expect(problem).toContainText("Nothing was stored.");

  await chooseFile(page, "quotes.csv", 'sku,name\nA1,"Mat\nA2,Ball\n');
  await expect(problem).toContainText("closing quote is missing");
  await expect(problem).toContainText("line 2");

  await chooseFile(page, "dupes.csv", "sku,price\nA1,1\nA1,2\n");
  await expect(problem).toContainText("Line 3: key 'A1' already appears on line 2.");

  // The drop zone is still there to try another file; nothing was created.
  await expect(page.getByText("Drop a CSV file here")).toBeVisible();
  expect(await datasetCount(page)).toBe(before);
});

test("the exact download is byte-identical to the upload; the spreadsheet download neutralises formulas", async ({
  page,
}) => {
  const name = `Bytes ${stamp()}`;
  // A BOM, CRLF and LF endings, quoting styles, non-ASCII text and a formula-like cell.
  const content = Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from(
      'sku,name,price,note\r\nK1,"Café ""noir""",-4.50,=HYPERLINK("http://x")\nK2,Thé,  7.0 ,"multi\r\nline"\r\nK3,Zoë,1e3,@SUM(A1)\r\n',
      "utf8",
    ),
  ]);
  await uploadAndConfirm(page, name, content);

  await page.getByText("Download v1").first().click();
  const exact = page.waitForEvent("download");
  await page.getByTestId("download-exact").first().click();
  const exactFile = await exact;
  expect(exactFile.suggestedFilename()).toMatch(/^bytes-[a-z0-9]+-v1\.csv$/);
  expect(Buffer.compare(await readFile(await exactFile.path()), content)).toBe(0);

  // The menu stays open after the first download.
  const safe = page.waitForEvent("download");
  await page.getByTestId("download-spreadsheet").first().click();
  const safeFile = await safe;
  expect(safeFile.suggestedFilename()).toMatch(/-v1-for-spreadsheets\.csv$/);
  const text = (await readFile(await safeFile.path())).toString("utf8");
  expect(text).toContain(`'=HYPERLINK(""http://x"")`);
  expect(text).toContain("'@SUM(A1)");
  expect(text).toContain("-4.50");
  expect(text).not.toContain("'-4.50");
});

test("a semicolon export with decimal commas: read as its columns and numbers, the key explained, the download its own bytes", async ({
  page,
}) => {
  const name = `Export ${stamp()}`;
  const csv = Buffer.from(
    ["region;ref;price", "EU;R1;2,50", "EU;R2;10,00", "US;R3;4,25", ""].join("\r\n"),
  );
  await chooseFile(page, "export.csv", csv);
  await expect(page.getByRole("heading", { name: "Review export.csv" })).toBeVisible();
  await expect(page.getByTestId("upload-summary")).toContainText(
    "3 rows · 3 columns · semicolon-separated",
  );
  const priceRow = page.getByTestId("profile-column").filter({ hasText: "price" });
  await expect(priceRow).toContainText("number");
  // The first column repeats, so another keys the rows, and the review says so.
  await expect(page.getByLabel("Key column")).toHaveValue("ref");
  await expect(page.getByText("The first column, “region”, repeats")).toBeVisible();
  await page.getByLabel("Dataset name").fill(name);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  await expect(page.getByText("key column ref")).toBeVisible();

  await page.getByText("Download v1").first().click();
  const download = page.waitForEvent("download");
  await page.getByTestId("download-exact").first().click();
  const file = await download;
  expect(Buffer.compare(await readFile(await file.path()), csv)).toBe(0);

  // Pages show the numbers as the file writes them, with a comma.
  await expect(page.getByText("10,00", { exact: true })).toBeVisible();
  const datasetId = new URL(page.url()).pathname.split("/").pop();
  await page.goto(`/plans/new?dataset=${datasetId}`);
  await page.getByLabel("Instruction").fill("Raise prices by 10%");
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  await page.getByRole("button", { name: "Preview changes" }).click();
  await expect(page.getByText("2,75").first()).toBeVisible();
  await expect(page.getByText("+0,25").first()).toBeVisible();
  await expect(page.getByText("R1 2,50 → 2,75 (+0,25)")).toBeVisible();
  await expect(page.getByText("2.75")).toHaveCount(0);
});

test("a file read with the wrong separator is read again with the one chosen, and keeps it", async ({
  page,
}) => {
  const name = `Tie ${stamp()}`;
  // Comma and semicolon both split every line in two: the file alone says comma.
  await chooseFile(page, "tie.csv", "name;price,eur\nOak;12,50\nPine;7,25\n");
  await expect(page.getByTestId("upload-summary")).toContainText("comma-separated");
  await page.getByLabel("Separated by").selectOption("semicolon");
  await expect(page.getByTestId("upload-summary")).toContainText("semicolon-separated");
  await expect(page.getByTestId("profile-column").filter({ hasText: "price,eur" })).toContainText(
    "number",
  );
  await page.getByLabel("Dataset name").fill(name);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  // Read with commas, the first column would have been "name;price".
  await expect(page.getByText("2 columns · key column name")).toBeVisible();
});

test("Excel's trailing comma and a line of spaces are kept; results keep each column's precision, and a change rounding swallows is named", async ({
  page,
}) => {
  const name = `Ratios ${stamp()}`;
  const csv = Buffer.from("sku,ratio,stock,\nA1,0.980268513777,2,\n   \nA2,0.5,40,\n");
  await chooseFile(page, "ratios.csv", csv);
  await expect(page.getByTestId("upload-summary")).toContainText("2 rows");
  await page.getByLabel("Dataset name").fill(name);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  const datasetId = new URL(page.url()).pathname.split("/").pop();
  const exact = await page.request.get(
    `/api/datasets/${datasetId}/versions/1/download?format=exact`,
  );
  expect(Buffer.compare(await exact.body(), csv)).toBe(0);

  for (const [instruction, expected] of [
    // 0.980268513777 × 1.1 = 1.0782953651547: the column's twelve places, not two.
    ["Raise the ratio by 10%", "1.078295365155"],
    ["Raise stock by 10%", "stays as it was"],
  ]) {
    await page.goto(`/plans/new?dataset=${datasetId}`);
    await page.getByLabel("Instruction").fill(instruction);
    await page.getByRole("button", { name: "Draft plan" }).click();
    await page.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
    await page.getByRole("button", { name: "Preview changes" }).click();
    await expect(page.getByText(expected).first()).toBeVisible();
  }
  await expect(page.getByText(/stays as it was.*\(A1\)/)).toBeVisible();
});

test("a shop export with dollar prices: the prices are numbers the planner and the preview work with", async ({
  page,
}) => {
  const name = `Dollars ${stamp()}`;
  const csv = Buffer.from(
    'sku,category,price\nA1,kitchen,$12.50\nA2,kitchen,"$1,250.00"\nB1,lamps,$45.99\n',
  );
  await chooseFile(page, "dollars.csv", csv);
  await expect(page.getByTestId("profile-column").filter({ hasText: "price" })).toContainText(
    "number",
  );
  await page.getByLabel("Dataset name").fill(name);
  await page.getByRole("button", { name: "Create dataset" }).click();
  await page.waitForURL((url) => /^\/datasets\/(?!upload$)[^/]+$/.test(url.pathname));
  const datasetId = new URL(page.url()).pathname.split("/").pop();

  await page.goto(`/plans/new?dataset=${datasetId}`);
  await page.getByLabel("Instruction").fill("Raise kitchen prices by 5%");
  await page.getByRole("button", { name: "Draft plan" }).click();
  await page.waitForURL((url) => /^\/plans\/(?!new$)[^/]+$/.test(url.pathname));
  await page.getByRole("button", { name: "Preview changes" }).click();
  // 1,250.00 + 5%: worked out on the number, shown as the file writes amounts.
  await expect(page.getByText("$1,312.50").first()).toBeVisible();
  await expect(page.getByText("$13.13").first()).toBeVisible();
  await expect(page.getByText("A2 $1,250.00 → $1,312.50 (+62.50)")).toBeVisible();
});

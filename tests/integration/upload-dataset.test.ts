import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/datasets/upload/route";
import { loadVersionContentById } from "@/lib/db/dataset-versions";
import { readProfile } from "@/lib/db/datasets";
import { AppError } from "@/lib/errors";
import { confirmUpload, stageUpload } from "@/lib/services/upload-dataset";
import { listStaged } from "@/lib/services/upload-staging";
import { installTempDb, type TempDb } from "../support/temp-db";

let temp: TempDb;
beforeAll(async () => {
  temp = await installTempDb();
  // The staging area sits beside the database; the limit is tiny so "too large" is cheap to hit.
  process.env.DATABASE_URL = temp.url;
  process.env.SIGNOFF_MAX_UPLOAD_MB = "0.001"; // 1,048 bytes
});
afterAll(async () => {
  await temp.dispose();
});

const ACTOR = "test:uploader";

function streamOf(bytes: Uint8Array, chunk = 7): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

function stage(content: string | Uint8Array, limitBytes = 1_000_000) {
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return stageUpload({ body: streamOf(bytes), fileName: "products.csv", limitBytes, actor: ACTOR });
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function expectNothingStored() {
  expect(await listStaged()).toEqual([]);
  expect(await temp.db.dataset.count()).toBe(0);
}

describe("bad files are refused with the line and what is wrong, and nothing is stored", () => {
  it.each([
    ["an empty file", "", "empty_file", null, /empty/],
    ["a file of blank lines", "\n\n\r\n", "empty_file", null, /empty/],
    [
      "a ragged row",
      "sku,price,in_stock\nA1,1.00,true\nA2,2.00\nA3,3.00,false\n",
      "ragged_row",
      3,
      /Line 3 has 2 fields; the header has 3/,
    ],
    [
      "an unterminated quote",
      'sku,name\nA1,"Mat\nA2,Ball\n',
      "unterminated_quote",
      2,
      /Line 2: a quoted field starts here but its closing quote is missing/,
    ],
    [
      "a duplicate key",
      "sku,price\nA1,1\nA2,2\nA1,3\n",
      "duplicate_key",
      4,
      /Line 4: key 'A1' already appears on line 2/,
    ],
    [
      "an empty key",
      "sku,price\nA1,1\n,2\n",
      "empty_key",
      3,
      /Line 3: the key column 'sku' is empty/,
    ],
    [
      "a duplicate column name",
      "sku,price,price\nA1,1,2\n",
      "duplicate_header",
      1,
      /column 'price' appears twice/,
    ],
  ])("%s", async (_label, content, csvCode, line, message) => {
    const error = await rejection(stage(content));
    expect(error.code).toBe("invalid_csv");
    expect(error.detail).toMatchObject({ csvCode, line });
    expect(error.message).toMatch(message);
    await expectNothingStored();
  });

  it("a file that is not UTF-8, naming the line", async () => {
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode("sku,name\nA1,Mat\nA2,Caf"),
      0xe9, // "é" in Latin-1
      0x0a,
    ]);
    const error = await rejection(stage(latin1));
    expect(error.detail).toMatchObject({ csvCode: "not_utf8", line: 3 });
    expect(error.message).toMatch(/Line 3 is not valid UTF-8/);
    await expectNothingStored();
  });

  it("a file over the limit, reading no further than the limit", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode("A1,1.00\n".repeat(100)));
      },
    });
    const error = await rejection(
      stageUpload({ body: endless, fileName: "big.csv", limitBytes: 2_000, actor: ACTOR }),
    );
    expect(error.code).toBe("too_large");
    expect(error.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    await expectNothingStored();
  });

  it("the route answers 413 before reading a body whose declared length is over the limit", async () => {
    const response = await POST(
      new Request("http://localhost/api/datasets/upload", {
        method: "POST",
        headers: { "content-length": "5000", "x-file-name": "big.csv" },
        body: "sku\n",
      }),
      {},
    );
    expect(response.status).toBe(413);
    const body = await response.json();
    expect(body).toMatchObject({ ok: false, code: "too_large" });
    expect(body.error).toMatch(/over the upload limit/);
    await expectNothingStored();
  });

  it("the route reports a bad file as 400 with the line", async () => {
    const response = await POST(
      new Request("http://localhost/api/datasets/upload", {
        method: "POST",
        headers: { "x-file-name": encodeURIComponent("bad file.csv") },
        body: "sku,price\nA1,1\nA2\n",
      }),
      {},
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      code: "invalid_csv",
      detail: { line: 3, csvCode: "ragged_row" },
    });
    await expectNothingStored();
  });
});

describe("a good upload", () => {
  const csv =
    "sku,category,price,sale_price,in_stock\nA1,fitness,10.00,9.00,true\nA2,yoga,20.00,18.00,false\n";

  it("is profiled and staged, then created with the user's key and shorthand picks", async () => {
    const staged = await stage(csv);
    expect(staged.rowCount).toBe(2);
    expect(staged.suggestedName).toBe("Products");
    expect(staged.profile.keyColumn).toBe("sku");
    expect(staged.keyCandidates).toContain("sku");
    expect(staged.profile.ambiguousShorthand?.price).toEqual(["price", "sale_price"]);
    expect(staged.shorthandCandidates.price).toEqual(["price", "sale_price"]);
    expect(await listStaged()).toHaveLength(1);

    const created = await confirmUpload({
      token: staged.token,
      name: "  Products  ",
      keyColumn: "sku",
      shorthand: { price: "sale_price", category: null },
      actor: ACTOR,
    });
    expect(await listStaged()).toEqual([]);
    const dataset = await temp.db.dataset.findUniqueOrThrow({
      where: { id: created.datasetId },
      include: { currentVersion: true },
    });
    expect(dataset.name).toBe("Products");
    const profile = JSON.parse(dataset.profileJson);
    expect(profile.shorthand).toEqual({ key: "sku", stock: "in_stock", price: "sale_price" });
    expect(profile.ambiguousShorthand).toBeUndefined();
    expect(Buffer.from(dataset.currentVersion?.content ?? []).toString()).toBe(csv);
    expect(dataset.currentVersion?.source).toBe("upload");
  });

  it("refuses a name that is taken, keeping the staged file for another try", async () => {
    const staged = await stage(csv);
    const error = await rejection(
      confirmUpload({
        token: staged.token,
        name: "Products",
        keyColumn: "sku",
        shorthand: {},
        actor: ACTOR,
      }),
    );
    expect(error.code).toBe("conflict");
    expect(error.message).toMatch(/already exists/);
    expect(await listStaged()).toHaveLength(1);
    await confirmUpload({
      token: staged.token,
      name: "Products 2",
      keyColumn: "sku",
      shorthand: {},
      actor: ACTOR,
    });
    expect(await listStaged()).toEqual([]);
  });

  it("refuses a key column whose values repeat, with the line", async () => {
    const staged = await stage("sku,category\nA1,fitness\nA2,fitness\n");
    const error = await rejection(
      confirmUpload({
        token: staged.token,
        name: "Keyed",
        keyColumn: "category",
        shorthand: {},
        actor: ACTOR,
      }),
    );
    expect(error.code).toBe("invalid_csv");
    expect(error.detail).toMatchObject({ csvCode: "duplicate_key", line: 3 });
  });

  it("refuses an unknown or already used token", async () => {
    const error = await rejection(
      confirmUpload({
        token: "00000000-0000-4000-8000-000000000000",
        name: "Ghost",
        keyColumn: "sku",
        shorthand: {},
        actor: ACTOR,
      }),
    );
    expect(error.code).toBe("not_found");
  });

  it("reads a file with the separator chosen by hand, and the dataset keeps it", async () => {
    // Comma and semicolon both split every line in two, so the file alone says comma; the
    // header means "price,eur", written with decimal commas.
    const file = "name;price,eur\nOak;12,50\nPine;7,25\n";
    expect((await stage(file)).delimiter).toBe(",");

    const bytes = new TextEncoder().encode(file);
    const staged = await stageUpload({
      body: streamOf(bytes),
      fileName: "prices.csv",
      limitBytes: 1_000_000,
      actor: ACTOR,
      delimiter: ";",
    });
    expect(staged.delimiter).toBe(";");
    expect(staged.profile.columns.map((c) => [c.name, c.type])).toEqual([
      ["name", "text"],
      ["price,eur", "number"],
    ]);
    const created = await confirmUpload({
      token: staged.token,
      name: "Semicolons",
      keyColumn: "name",
      shorthand: {},
      actor: ACTOR,
    });
    const dataset = await temp.db.dataset.findUniqueOrThrow({ where: { id: created.datasetId } });
    expect(readProfile(dataset.profileJson).delimiter).toBe(";");
    const version = await loadVersionContentById(created.versionId);
    expect(version?.delimiter).toBe(";");
  });

  it("the route takes the separator by name, and refuses one it does not know", async () => {
    const send = (delimiter: string) =>
      POST(
        new Request("http://localhost/api/datasets/upload", {
          method: "POST",
          headers: { "x-file-name": "p.csv", "x-delimiter": delimiter },
          body: "name;price\nOak;12\n",
        }),
        {},
      );
    const bad = await send("colon");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, code: "invalid_input" });
    const good = await send("semicolon");
    expect(await good.json()).toMatchObject({ ok: true, data: { delimiter: ";" } });
  });
});

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionResult } from "@/lib/actions/server-action";
import { checkDatabaseIntegrity } from "@/lib/db/integrity";
import { CONDITION_OPS, NUMERIC_ACTION_TYPES } from "@/lib/plan/schema";
import { type ServerFixture, startServerWithFreshData } from "./support/fixture";
import { callAction, postAction, type Session, signIn, uploadCsv } from "./support/http";
import { datasetIdByName, draftPlan, priceIncreasePlan } from "./support/plans";

/**
 * Hostile input through the real server path (a few hundred cases each; the in-process fuzz
 * tests run thousands): mutated and random plans through the plan editor's save action, mutated
 * CSV files through the upload route. Each is either accepted or refused with a clear message,
 * never a server error.
 */
const SEED = 8_2026;
const RUNS = 300;
/** fast-check stops (and fails) a property still running after this, shrinking included. */
const PROPERTY_TIME_LIMIT_MS = 120_000;

let fixture: ServerFixture;
let author: Session;
let planId: string;

beforeAll(async () => {
  fixture = await startServerWithFreshData({ env: { SIGNOFF_MAX_UPLOAD_MB: "1" } });
  author = await signIn(fixture.server, "author");
  const datasetId = await datasetIdByName(fixture.db, "Seed products");
  planId = await draftPlan(fixture.server, author, datasetId, priceIncreasePlan("fuzz_base_plan"));
});
afterAll(async () => {
  await fixture?.dispose();
});

const hostileText = fc.constantFrom(
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  '\'; DROP TABLE "Execution"; --',
  "${price}",
  "$1",
  "$@0",
  "__proto__",
  "constructor",
  "\u0000",
  "\ud800",
  "🧨".repeat(50),
  "x".repeat(20_000),
  '=HYPERLINK("http://example.com")',
);
const text = fc.oneof(fc.string({ maxLength: 40 }), hostileText);
const scalar = fc.oneof(
  text,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1),
);
const number = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true }));

/** Mostly what the schema expects, sometimes anything: most plans fail in one or two places. */
function mostly<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown>;
function mostly<T, U>(valid: fc.Arbitrary<T>, otherwise: fc.Arbitrary<U>): fc.Arbitrary<T | U>;
function mostly(valid: fc.Arbitrary<unknown>, otherwise: fc.Arbitrary<unknown> = scalar) {
  return fc.oneof({ arbitrary: valid, weight: 40 }, { arbitrary: otherwise, weight: 1 });
}

const columns = mostly(fc.constantFrom("sku", "category", "price", "in_stock", "name"), text);
const condition = fc.record(
  {
    column: columns,
    op: mostly(fc.constantFrom(...CONDITION_OPS), text),
    value: fc.oneof(scalar, fc.array(scalar, { maxLength: 4 })),
  },
  { requiredKeys: ["column", "op"] },
);
const filter = fc.record(
  {
    categories: mostly(
      fc.array(mostly(fc.constantFrom("fitness", "yoga"), text), { maxLength: 3 }),
    ),
    in_stock: mostly(fc.boolean()),
    skus: mostly(
      fc.array(fc.oneof(fc.constantFrom("A101", "B201", "C302"), text), { maxLength: 3 }),
    ),
    price_gte: mostly(number),
    price_lte: mostly(number),
    all: mostly(fc.array(condition, { maxLength: 3 })),
    any: mostly(fc.array(condition, { maxLength: 3 })),
    none: mostly(fc.array(condition, { maxLength: 2 })),
  },
  { requiredKeys: [] },
);
const numericValue = mostly(number, fc.oneof(fc.constantFrom("${rate}", "${missing}"), scalar));
const action = fc.oneof(
  fc.record(
    {
      type: mostly(fc.constantFrom(...NUMERIC_ACTION_TYPES, "set_price"), text),
      value: numericValue,
      column: columns,
    },
    { requiredKeys: ["type", "value"] },
  ),
  fc.record({ type: fc.constant("set_value"), column: columns, value: scalar }),
  fc.record({ type: fc.constant("set_stock"), value: mostly(fc.boolean()) }),
  fc.record({
    type: fc.constant("aggregate"),
    fn: mostly(fc.constantFrom("avg", "min", "max", "sum", "count", "median"), text),
    column: columns,
    result_variable: mostly(fc.constantFrom("rate", "avg_price"), text),
  }),
  fc.record({
    type: fc.constant("restore_values"),
    column: columns,
    values: fc.dictionary(text, mostly(text), { minKeys: 1, maxKeys: 3 }),
  }),
);
const operation = fc.record(
  {
    description: mostly(text),
    depends_on: mostly(fc.array(fc.constantFrom("op_1", "op_2", "op_9"), { maxLength: 2 })),
    filter: mostly(filter),
    action,
    options: mostly(
      fc.record(
        {
          round_to: mostly(fc.integer({ min: 0, max: 6 })),
          min_value: mostly(fc.integer({ min: -100, max: 0 })),
          max_value: mostly(fc.integer({ min: 1, max: 1000 })),
          ending: mostly(fc.constantFrom(0.99, 0.95, 0), number),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ["filter", "action"] },
);
/** Operations numbered op_1, op_2… (sometimes renamed to anything, duplicates included). */
const operations = fc
  .array(fc.tuple(operation, mostly(fc.constant(null), text)), { minLength: 0, maxLength: 6 })
  .map((list) =>
    list.map(([op, renamed], index) => ({ operation_id: renamed ?? `op_${index + 1}`, ...op })),
  );
/** Plans in the shape of the format with random contents: some valid, most not quite. */
const structuredPlan = fc.record(
  {
    format_version: mostly(fc.constant(1)),
    execution_id: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/), text),
    created_at: mostly(fc.constant("2026-11-22T00:00:00.000Z"), text),
    source_instruction: mostly(text),
    variables: mostly(
      fc.dictionary(mostly(fc.constantFrom("rate", "cap"), text), mostly(fc.oneof(number, text)), {
        maxKeys: 3,
      }),
    ),
    guards: mostly(
      fc.record(
        {
          max_rows_changed: mostly(fc.nat()),
          max_change_percent: mostly(fc.double({ min: 0, noNaN: true })),
          min_value: mostly(fc.integer({ min: -100, max: 0 })),
          max_value: mostly(fc.integer({ min: 1, max: 1000 })),
        },
        { requiredKeys: [] },
      ),
    ),
    operations: mostly(
      operations.filter((list) => list.length > 0),
      operations,
    ),
  },
  { requiredKeys: ["execution_id", "created_at", "source_instruction", "operations"] },
);

/** A valid plan with one part replaced, removed or added: the edits a person or a bug makes. */
const mutatedPlan = fc
  .tuple(
    fc.constantFrom<unknown>(priceIncreasePlan("fuzz_mutated_1"), {
      execution_id: "fuzz_mutated_2",
      created_at: "2026-11-22T00:00:00.000Z",
      source_instruction: "Raise fitness prices by 10%, never above 60",
      operations: [
        {
          operation_id: "op_01",
          filter: { categories: ["fitness"], in_stock: true },
          action: { type: "percent_increase", value: 10 },
          options: { max_price: 60 },
        },
        {
          operation_id: "op_02",
          depends_on: ["op_01"],
          filter: { all: [{ column: "price", op: "between", value: [10, 20] }] },
          action: { type: "set_value", column: "in_stock", value: false },
        },
      ],
    }),
    fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), scalar, fc.constant(undefined)),
  )
  .map(([base, path, replacement]) => replaceAtPath(structuredClone(base), path, replacement));

function replaceAtPath(value: unknown, path: number[], replacement: unknown): unknown {
  if (path.length === 0 || typeof value !== "object" || value === null) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[path[0] % keys.length];
  const record = value as Record<string, unknown>;
  if (path.length === 1 && replacement === undefined) delete record[key];
  else record[key] = replaceAtPath(record[key], path.slice(1), replacement);
  return value;
}

/**
 * Plans as the editor sends them: JSON documents (plain objects; what JSON cannot hold, such as
 * NaN or a missing value, arrives as JSON would carry it).
 */
const anyPlan = fc
  .oneof(
    { arbitrary: structuredPlan, weight: 6 },
    { arbitrary: mutatedPlan, weight: 3 },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
    { arbitrary: operations, weight: 1 },
  )
  .map((plan) =>
    plan === undefined
      ? plan
      : // A `__proto__` key cannot be sent: React's encoder drops it, as the browser's would.
        JSON.parse(JSON.stringify(plan), (key, value) => (key === "__proto__" ? undefined : value)),
  );

/** File names as a browser reports them: at most 255 characters of well-formed text. */
const fileName = fc
  .oneof(fc.constant("products.csv"), fc.string({ maxLength: 80 }), hostileText)
  .filter((name) => name.length <= 255 && name.isWellFormed());

/** A refusal the person can act on: a known code and a message, never the internal error. */
function expectClearRefusal(result: { ok: false; code: string; error: string }) {
  expect(result.code).not.toBe("internal");
  expect(result.error.trim().length).toBeGreaterThan(0);
  expect(result.error).not.toMatch(/Something went wrong|\[object Object\]|undefined/);
}

describe("hostile input against the production server", () => {
  it(`${RUNS} mutated and random plans through savePlanRevisionAction: accepted or clearly refused, never a server error`, async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        anyPlan,
        fc.option(
          mostly(
            fc.string({ maxLength: 100 }),
            fc.oneof(hostileText, fc.string({ minLength: 501 })),
          ),
          { nil: undefined },
        ),
        async (plan, note) => {
          // callAction throws on anything but an RSC answer with status 200 (a 5xx included).
          const result: ActionResult<{ revisionId: string; number: number }> = await callAction(
            fixture.server,
            author,
            {
              page: `/plans/${planId}`,
              action: "savePlanRevisionAction",
              input: { planId, plan, note },
            },
          );
          if (result.ok) {
            accepted += 1;
            expect(result.data.revisionId).toEqual(expect.any(String));
          } else {
            expect(["invalid_plan", "invalid_input"]).toContain(result.code);
            expectClearRefusal(result);
          }
        },
      ),
      {
        numRuns: RUNS,
        seed: SEED,
        interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS,
        markInterruptAsFailure: true,
      },
    );
    console.log(`plan fuzz: ${accepted} of ${RUNS} plans accepted as revisions`);
    const revisions = await fixture.db.planRevision.count({ where: { planId } });
    // Revision 1 is the starter plan and 2 the base plan; each accepted plan added one.
    expect(revisions).toBe(2 + accepted);
  });

  it(`${RUNS} mutated CSV files through the upload route: staged or refused with a 4xx and a message, never a 5xx`, async () => {
    const base = [
      "sku,category,price,in_stock",
      "A101,fitness,29.99,true",
      'A102,"fitness, indoor",39.99,true',
      'B201,yoga,"19.99",false',
      "C301,accessories,9.99,yes",
    ].join("\n");
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.nat({ max: 12 }),
      insert: fc.oneof(
        fc.constantFrom('"', ",", "\n", "\r\n", "\r", "\uFEFF", "\u0000", "sku", '""', "\\"),
        hostileText,
        fc.string({ maxLength: 8 }),
      ),
    });
    const mutatedCsv = fc
      .array(edit, { minLength: 1, maxLength: 5 })
      .map((edits) =>
        edits.reduce((csv, { at, remove, insert }) => {
          const position = at % (csv.length + 1);
          return csv.slice(0, position) + insert + csv.slice(position + remove);
        }, base),
      )
      .map((csv) => new TextEncoder().encode(csv));
    const generatedCsv = fc
      .tuple(
        fc.array(fc.oneof(text, fc.constantFrom("sku", "id", "price")), {
          minLength: 0,
          maxLength: 6,
        }),
        fc.array(fc.array(fc.oneof(text, scalar.map(String)), { maxLength: 7 }), {
          maxLength: 20,
        }),
        fc.constantFrom("\n", "\r\n", "\r"),
      )
      .map(([header, rows, newline]) =>
        new TextEncoder().encode([header, ...rows].map((row) => row.join(",")).join(newline)),
      );
    const anyFile = fc.oneof(
      { arbitrary: mutatedCsv, weight: 5 },
      { arbitrary: generatedCsv, weight: 3 },
      { arbitrary: fc.uint8Array({ maxLength: 2_000 }), weight: 1 },
    );

    let staged = 0;
    await fc.assert(
      fc.asyncProperty(anyFile, fileName, async (bytes, name) => {
        const answer = await uploadCsv(fixture.server, author, bytes, name);
        expect(answer.status).toBeLessThan(500);
        if (answer.body.ok) {
          staged += 1;
          expect(answer.status).toBe(200);
          expect(answer.body.data?.token).toEqual(expect.any(String));
        } else {
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(["invalid_csv", "invalid_input", "too_large"]).toContain(answer.body.code);
          expectClearRefusal(answer.body as { ok: false; code: string; error: string });
        }
      }),
      {
        numRuns: RUNS,
        seed: SEED,
        interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS,
        markInterruptAsFailure: true,
      },
    );
    console.log(`upload fuzz: ${staged} of ${RUNS} files staged`);
    expect(staged).toBeGreaterThan(0);
    expect(staged).toBeLessThan(RUNS);
  });

  it("refuses oversized bodies with a 413 and a message: a 3 MB server action call, a 2 MB upload over a 1 MB limit", async () => {
    const action = await postAction(fixture.server, author, {
      page: `/plans/${planId}`,
      action: "savePlanRevisionAction",
      input: { planId, plan: priceIncreasePlan("fuzz_oversized"), note: "x".repeat(3 << 20) },
    });
    expect(action.status).toBe(413);
    expect(await action.json()).toMatchObject({ ok: false, code: "too_large" });

    const upload = await uploadCsv(
      fixture.server,
      author,
      new TextEncoder().encode(`sku,price\n${"A1,1.00\n".repeat(300_000)}`),
    );
    expect(upload).toMatchObject({ status: 413, body: { ok: false, code: "too_large" } });
    expect(upload.body.error).toMatch(/over the upload limit of 1 MB/);
  });

  it("has no benchmark pages in the production build, not even for an admin", async () => {
    const admin = await signIn(fixture.server, "admin");
    for (const page of ["/dev/diff-table?n=10", "/dev/diff-table/changes?n=10"]) {
      const response = await fetch(`${fixture.server.url}${page}`, {
        headers: { cookie: admin.cookie },
        redirect: "manual",
      });
      expect(response.status, page).toBe(404);
    }
  });

  it("leaves the database intact", async () => {
    const report = await checkDatabaseIntegrity(fixture.db);
    expect(report.problems).toEqual([]);
  });
});

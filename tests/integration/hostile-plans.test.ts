import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { savePlanRevisionAction, validatePlanAction } from "@/lib/actions/plans";
import { LOCAL_OPERATOR } from "@/lib/auth/actor";
import { executionPlanSchema } from "@/lib/plan/schema";
import { createDataset } from "@/lib/services/create-dataset";
import { createManualPlan } from "@/lib/services/create-plan";
import { installTempDb, type TempDb } from "../support/temp-db";

vi.mock("next/headers", () => import("../support/next-headers"));
vi.mock("next/cache", () => import("../support/next-cache"));

/**
 * Hostile plan JSON through the two server actions that take a plan from the browser. Whatever
 * arrives — seed plans with fields dropped, duplicated or retyped, huge and non-finite numbers,
 * prototype keys, deep nesting, megabyte strings, dependency cycles, or any JSON at all — the
 * actions answer with a result, never a throw; a refusal carries a message; nothing reaches
 * Object.prototype; and only plans that match the schema become revisions.
 *
 * Runs as the local operator (SIGNOFF_AUTH=off in vitest), on a real SQLite file.
 */

const fixtures = path.resolve(__dirname, "..", "..", "..", "shared", "fixtures");
const SEED_PLANS = [
  "seed-plan-fitness-10pct.json",
  "seed-plan-minimal.json",
  "seed-plan-mixed.json",
].map((file) => JSON.parse(readFileSync(path.join(fixtures, file), "utf8")) as unknown);

let temp: TempDb;
let planId: string;

beforeAll(async () => {
  temp = await installTempDb();
  const { datasetId } = await createDataset({
    name: "Seed products",
    content: readFileSync(path.join(fixtures, "seed-products.csv")),
    actor: "system:test",
  });
  ({ planId } = await createManualPlan({
    datasetId,
    plan: SEED_PLANS[0],
    actor: LOCAL_OPERATOR,
  }));
});
afterAll(async () => {
  await temp.dispose();
});

// ---------------------------------------------------------------------------------------------
// Hostile values and mutations

const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

/** Builds `{"__proto__": …}` the way JSON.parse does: an own property, not a prototype change. */
function withOwnKey(key: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return object;
}

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 3_000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = "bottom";
    for (let level = 0; level < depth; level++) value = asArray ? [value] : { nested: value };
    return value;
  });

const numberish = fc.constantFrom(
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "-0",
  "0x10",
  "1_000",
  " 10 ",
  "",
  "10%",
  "${}",
  "${__proto__}",
  "${constructor}",
  "${toString}",
  "${hasOwnProperty}",
  "${price}",
);

const hugeNumber = fc.constantFrom(
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
);

const text = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "'; DROP TABLE plans; --",
    "\u0000",
    "\uD800",
    "\u202Etxt.exe",
    "op_01",
    "fitness",
    "A101",
    ...PROTOTYPE_KEYS,
  ),
  fc
    .tuple(fc.constantFrom("a", "é", "😀", "\u0000"), fc.integer({ min: 10_000, max: 50_000 }))
    .map(([unit, times]) => unit.repeat(times)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hugeNumber,
  numberish,
  text,
  fc.constantFrom(null, undefined, true, false, 0, 1, -1, [], {}),
  fc.bigInt(),
  fc.date({ noInvalidDate: false }),
  deepNesting,
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => withOwnKey(key, { polluted: true })),
  fc.jsonValue({ maxDepth: 3 }),
);

type Json = unknown;
type Path = (string | number)[];

/** Mutations reach this deep; below it a value (deep nesting included) is kept as it is. */
const MUTABLE_DEPTH = 8;

/** Copies the mutable levels of a value, keeping own `__proto__` keys as own keys. */
function cloneLevels(value: Json, depth = 0): Json {
  if (depth >= MUTABLE_DEPTH) return value;
  if (Array.isArray(value)) return value.map((element) => cloneLevels(element, depth + 1));
  if (
    value === null ||
    typeof value !== "object" ||
    Object.getPrototypeOf(value) !== Object.prototype
  )
    return value;
  const copy: Record<string, unknown> = {};
  for (const [key, element] of Object.entries(value)) {
    Object.defineProperty(copy, key, {
      value: cloneLevels(element, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Every path into the mutable levels of a value, the root included. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  const found: Path[] = [prefix];
  if (prefix.length >= MUTABLE_DEPTH) return found;
  if (Array.isArray(value)) {
    value.forEach((element, index) => {
      found.push(...pathsOf(element, [...prefix, index]));
    });
  } else if (value !== null && typeof value === "object") {
    for (const [key, element] of Object.entries(value)) {
      found.push(...pathsOf(element, [...prefix, key]));
    }
  }
  return found;
}

function parentOf(root: Json, at: Path): Record<string | number, unknown> | undefined {
  let node = root as Record<string | number, unknown> | undefined;
  for (const segment of at.slice(0, -1)) {
    if (node === null || typeof node !== "object") return undefined;
    node = node[segment] as Record<string | number, unknown> | undefined;
  }
  return node !== null && typeof node === "object" ? node : undefined;
}

type Mutation =
  | { kind: "drop"; pick: number }
  | { kind: "retype"; pick: number; value: unknown }
  | { kind: "duplicate"; pick: number }
  | { kind: "addKey"; pick: number; key: string; value: unknown }
  | { kind: "cycle"; length: number; self: boolean };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("drop" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("retype" as const), pick: fc.nat(), value: hostileValue }),
  fc.record({ kind: fc.constant("duplicate" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("addKey" as const),
    pick: fc.nat(),
    key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })),
    value: hostileValue,
  }),
  fc.record({
    kind: fc.constant("cycle" as const),
    length: fc.integer({ min: 1, max: 4 }),
    self: fc.boolean(),
  }),
);

/** Applies a mutation to a copy of a plan, at a path chosen by `pick`. */
function mutate(plan: Json, change: Mutation): Json {
  const root = { plan: cloneLevels(plan) };
  const paths = pathsOf(root.plan).map((at) => ["plan", ...at] as Path);
  const at = paths[("pick" in change ? change.pick : 0) % paths.length];
  const parent = parentOf(root, at);
  const key = at[at.length - 1];
  switch (change.kind) {
    case "drop":
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else if (parent) delete parent[key];
      break;
    case "retype":
      if (parent) parent[key] = change.value;
      break;
    case "duplicate":
      if (Array.isArray(parent)) parent.splice(Number(key), 0, cloneLevels(parent[key]));
      else if (parent) parent[`${key}`.length > 0 ? `${key}_copy` : "copy"] = parent[key];
      break;
    case "addKey": {
      const target = parent?.[key];
      if (target !== null && typeof target === "object" && !Array.isArray(target)) {
        Object.defineProperty(target, change.key, {
          value: change.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      break;
    }
    case "cycle": {
      // Operations that depend on each other in a ring (or on themselves).
      const operations = (root.plan as { operations?: unknown })?.operations;
      if (!Array.isArray(operations) || operations.length === 0) break;
      const first = operations[0];
      while (operations.length < change.length && first && typeof first === "object") {
        operations.push({
          ...(cloneLevels(first) as Record<string, unknown>),
          operation_id: `op_c${operations.length}`,
        });
      }
      const ids = operations.map((operation, index) =>
        operation && typeof operation === "object" && "operation_id" in operation
          ? operation.operation_id
          : `op_${index}`,
      );
      operations.forEach((operation, index) => {
        if (!operation || typeof operation !== "object") return;
        const next = change.self ? index : (index + 1) % operations.length;
        (operation as Record<string, unknown>).depends_on = [ids[next]];
      });
      break;
    }
  }
  return root.plan;
}

const mutatedPlan = fc
  .tuple(fc.constantFrom(...SEED_PLANS), fc.array(mutation, { minLength: 1, maxLength: 4 }))
  .map(([seed, changes]) => changes.reduce<Json>(mutate, seed));

/** Random JSON, also as text through JSON.parse so `__proto__` arrives as an own key. */
const randomJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) =>
      JSON.parse(
        JSON.stringify(value).replaceAll('"a"', '"__proto__"').replaceAll('"b"', '"constructor"'),
      ),
    ),
  fc
    .dictionary(fc.constantFrom(...PROTOTYPE_KEYS, "execution_id", "operations"), fc.jsonValue(), {
      maxKeys: 5,
    })
    .map((value) => JSON.parse(JSON.stringify(value))),
);

// ---------------------------------------------------------------------------------------------
// What every answer must look like

type Result = { ok: true; data: unknown } | { ok: false; error: string; code: string };

function expectWellFormed(result: unknown): asserts result is Result {
  expect(result).toBeTypeOf("object");
  const answer = result as Record<string, unknown>;
  if (answer.ok === true) {
    expect(answer).toHaveProperty("data");
  } else {
    expect(answer.ok).toBe(false);
    expect(answer.error).toBeTypeOf("string");
    expect((answer.error as string).trim()).not.toBe("");
    expect(answer.code).not.toBe("internal");
  }
}

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

function expectPrototypeUntouched() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

async function revisionCount(): Promise<number> {
  return temp.db.planRevision.count({ where: { planId } });
}

async function checkValidate(plan: unknown): Promise<void> {
  const result = await validatePlanAction({ planId, plan });
  expectWellFormed(result);
  // Validation is never refused for the plan's content: the answer is the list of issues.
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const { issues } = result.data;
  expect(Array.isArray(issues)).toBe(true);
  for (const issue of issues) {
    expect(Array.isArray(issue.path)).toBe(true);
    expect(issue.message).toBeTypeOf("string");
    expect((issue.message as string).trim()).not.toBe("");
  }
  if (!executionPlanSchema.safeParse(plan).success) {
    expect(issues.some((issue) => issue.severity === "error")).toBe(true);
  }
  expectPrototypeUntouched();
}

async function checkSave(plan: unknown): Promise<void> {
  const before = await revisionCount();
  const result = await savePlanRevisionAction({ planId, plan, note: "fuzz" });
  expectWellFormed(result);
  const after = await revisionCount();
  const matchesSchema = executionPlanSchema.safeParse(plan).success;
  expect({ saved: result.ok, matchesSchema }).toEqual({
    saved: matchesSchema,
    matchesSchema,
  });
  // A save identical to the latest revision is acknowledged without a new revision.
  const added = result.ok && !(result.data as { unchanged?: boolean }).unchanged;
  expect(after).toBe(added ? before + 1 : before);
  expectPrototypeUntouched();
}

// ---------------------------------------------------------------------------------------------

describe("hostile plan JSON through validatePlanAction and savePlanRevisionAction", () => {
  it("the seed plans themselves are valid and save", async () => {
    for (const plan of SEED_PLANS) {
      const result = await validatePlanAction({ planId, plan });
      expect(result).toMatchObject({ ok: true });
      await checkSave(plan);
    }
  });

  it("mutated seed plans: a result every time, a message on refusal, never saved unless they match the schema", async () => {
    const before = await revisionCount();
    await fc.assert(
      fc.asyncProperty(mutatedPlan, async (plan) => {
        await checkValidate(plan);
        await checkSave(plan);
      }),
      { numRuns: 1_000 },
    );
    // Some mutations leave a valid plan (a dropped description, a duplicated category): the
    // saving path was exercised too, not only refusals.
    expect(await revisionCount()).toBeGreaterThan(before);
  }, 60_000);

  it("random JSON values: the same", async () => {
    await fc.assert(
      fc.asyncProperty(randomJson, async (plan) => {
        await checkValidate(plan);
        await checkSave(plan);
      }),
      { numRuns: 600 },
    );
  }, 60_000);

  it("a BigInt is described and a megabyte string is quoted in part, not echoed whole", async () => {
    const seed = SEED_PLANS[0] as { operations: Record<string, unknown>[] };
    const plan = {
      ...seed,
      execution_id: "x".repeat(1_000_000),
      operations: [{ ...seed.operations[0], action: { type: "set_price", value: 10n } }],
    };
    const result = await savePlanRevisionAction({ planId, plan });
    expect(result).toMatchObject({ ok: false, code: "invalid_plan" });
    const error = result.ok ? "" : result.error;
    expect(error).toMatch(/\(1000000 characters\)/);
    expect(error).toMatch(/big integer 10/);
    expect(error.length).toBeLessThan(2_000);
  });

  it("prototype keys at every level are refused as unknown fields, never merged", async () => {
    const seed = SEED_PLANS[0] as { operations: Record<string, unknown>[] };
    const cases = [
      `{"__proto__": {"polluted": true}, ${JSON.stringify(seed).slice(1)}`,
      JSON.stringify({
        ...seed,
        operations: [{ ...seed.operations[0], options: { round_to: 2 } }],
      }).replace('"round_to"', '"__proto__":{"polluted":true},"round_to"'),
      JSON.stringify(seed).replace(
        '"categories"',
        '"constructor":{"prototype":{"polluted":true}},"categories"',
      ),
    ];
    for (const text of cases) {
      const plan = JSON.parse(text);
      const validated = await validatePlanAction({ planId, plan });
      expect(validated.ok).toBe(true);
      const issues = validated.ok ? validated.data.issues : [];
      expect(issues.some((issue) => issue.code === "unknown_field")).toBe(true);
      const before = await revisionCount();
      const saved = await savePlanRevisionAction({ planId, plan });
      expect(saved).toMatchObject({ ok: false, code: "invalid_plan" });
      expect(await revisionCount()).toBe(before);
      expectPrototypeUntouched();
    }
  });
});

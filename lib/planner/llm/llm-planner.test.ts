import fs from "node:fs";
import path from "node:path";
import type { LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { APICallError, simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/dataset/csv";
import { profileDataset } from "@/lib/dataset/profile";
import { validatePlan } from "@/lib/plan/validate";
import { createPlanner } from "../index";
import type { PlannerResult, PlanStreamEvent } from "../types";
import { createLlmPlanner } from "./llm-planner";
import { type ModelPlan, toExecutionPlan } from "./model-plan";

const SEED = path.resolve(__dirname, "../../../tests/fixtures/seed-products.csv");
const profile = profileDataset(parseCsv(new Uint8Array(fs.readFileSync(SEED))));
const NOW = new Date("2026-01-01T00:00:00Z");
const INSTRUCTION = "Increase prices by 10% for all in-stock fitness products";

const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 40, text: 40, reasoning: undefined },
};

function condition(column: string, value: string) {
  return { column, op: "eq" as const, value, values: null, compare_column: null };
}

function operation(category: string, percent: string): ModelPlan["operations"][number] {
  return {
    description: `Increase price by ${percent}% for in-stock ${category} products.`,
    filter: {
      all: [condition("category", category), condition("in_stock", "true")],
      any: [],
      none: [],
      top: null,
      versus_group: null,
    },
    action: { type: "percent_increase", column: "price", value: percent, replacement: null },
    options: { round_to: 2, min_value: null, max_value: null, ending: null },
  };
}

function answer(operations: ModelPlan["operations"], unplaced: string[] = []): string {
  const plan: ModelPlan = {
    operations,
    guards: { max_rows_changed: null, max_change_percent: null },
    unplaced,
  };
  return JSON.stringify(plan);
}

const VALID = answer([operation("fitness", "10")]);
/** Schema-valid, but "fitnes" is not a category of the dataset. */
const WRONG_CATEGORY = answer([operation("fitnes", "10")]);
/** Not the model schema at all. */
const NOT_A_PLAN = '{"plan": "raise fitness"}';

function generated(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: undefined },
    usage: USAGE,
    warnings: [],
  };
}

function streamed(text: string, pieces = 8) {
  const size = Math.ceil(text.length / pieces);
  const chunks: LanguageModelV3StreamPart[] = [{ type: "text-start", id: "t" }];
  for (let at = 0; at < text.length; at += size) {
    chunks.push({ type: "text-delta", id: "t", delta: text.slice(at, at + size) });
  }
  chunks.push(
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage: USAGE },
  );
  return { stream: simulateReadableStream({ chunks }) };
}

function planner(
  model: MockLanguageModelV3,
  options: { maxRepairs?: number; timeoutMs?: number } = {},
) {
  return createLlmPlanner({
    kind: "google",
    model,
    modelId: "gemini-2.5-flash",
    maxRetries: 0,
    clock: () => NOW,
    ...options,
  });
}

/** The text of every message the model received on call `index`. */
function promptText(model: MockLanguageModelV3, index: number): string {
  return JSON.stringify(model.doGenerateCalls[index]?.prompt ?? model.doStreamCalls[index]?.prompt);
}

async function collect(events: AsyncIterable<PlanStreamEvent>): Promise<PlanStreamEvent[]> {
  const all: PlanStreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

function expectFailure(result: PlannerResult) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.plan)}`);
  return result;
}

describe("LLM planner", () => {
  it("returns a valid first answer as a validated plan with usage", async () => {
    const model = new MockLanguageModelV3({ doGenerate: [generated(VALID)] });
    const result = await planner(model).plan({ instruction: INSTRUCTION, profile, now: NOW });

    if (!result.ok) throw new Error(result.reason);
    expect(result.plan).toMatchObject({
      source_instruction: INSTRUCTION,
      created_at: "2026-01-01T00:00:00Z",
      operations: [
        {
          operation_id: "op_01",
          filter: {
            all: [
              { column: "category", op: "eq", value: "fitness" },
              { column: "in_stock", op: "eq", value: true },
            ],
          },
          action: { type: "percent_increase", column: "price", value: 10 },
          options: { round_to: 2 },
        },
      ],
    });
    expect(result.plan.execution_id).toMatch(/^plan_[a-z0-9_]+_v1$/);
    expect(result).toMatchObject({
      planner: "google",
      model: "gemini-2.5-flash",
      usage: { attempts: 1, inputTokens: 100, outputTokens: 40, totalTokens: 140 },
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);

    expect(model.doGenerateCalls).toHaveLength(1);
    const call = model.doGenerateCalls[0];
    expect(call.temperature).toBe(0);
    expect(call.responseFormat?.type).toBe("json");
    const prompt = promptText(model, 0);
    for (const fact of [
      "Key column: sku",
      "category (text)",
      '\\"accessories\\"',
      "A101,fitness,29.99,true",
      INSTRUCTION,
    ]) {
      expect(prompt).toContain(fact);
    }
  });

  it("sends validation errors back and returns the repaired plan", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [generated(WRONG_CATEGORY), generated(VALID)],
    });
    const result = await planner(model).plan({ instruction: INSTRUCTION, profile, now: NOW });

    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.operations[0].filter.all?.[0]).toEqual({
      column: "category",
      op: "eq",
      value: "fitness",
    });
    expect(result.usage).toEqual({
      attempts: 2,
      inputTokens: 200,
      outputTokens: 80,
      totalTokens: 280,
    });
    expect(model.doGenerateCalls).toHaveLength(2);
    const repair = model.doGenerateCalls[1].prompt;
    expect(repair.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(repair.at(-2))).toContain("fitnes");
    expect(JSON.stringify(repair.at(-1))).toMatch(
      /no category \\"fitnes\\".*did you mean \\"fitness\\"/,
    );
  });

  it("repairs an answer that does not match the plan's JSON schema", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [generated(NOT_A_PLAN), generated(VALID)],
    });
    const result = await planner(model).plan({ instruction: INSTRUCTION, profile, now: NOW });

    expect(result.ok).toBe(true);
    expect(JSON.stringify(model.doGenerateCalls[1].prompt.at(-1))).toContain(
      "did not match the plan's JSON schema",
    );
  });

  it("fails with the last errors when the answer stays invalid", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [generated(WRONG_CATEGORY), generated(WRONG_CATEGORY)],
    });
    const failure = expectFailure(
      await planner(model, { maxRepairs: 1 }).plan({ instruction: INSTRUCTION, profile }),
    );

    expect(failure.code).toBe("invalid_plan");
    expect(failure.reason).toMatch(/still invalid after 1 repair: .*no category "fitnes"/);
    expect(failure.issues?.map((issue) => issue.code)).toContain("unknown_category");
    expect(failure.suggestion).toMatch(/rules planner/);
    expect(failure.usage?.attempts).toBe(2);
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("asks for at most two repairs by default", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: () => Promise.resolve(generated(WRONG_CATEGORY)),
    });
    const failure = expectFailure(await planner(model).plan({ instruction: INSTRUCTION, profile }));

    expect(failure.code).toBe("invalid_plan");
    expect(model.doGenerateCalls).toHaveLength(3);
  });

  it("refuses with the words the model could not place", async () => {
    const model = new MockLanguageModelV3({ doGenerate: [generated(answer([], ["on Tuesdays"]))] });
    const failure = expectFailure(
      await planner(model).plan({ instruction: `${INSTRUCTION} on Tuesdays`, profile }),
    );

    expect(failure).toMatchObject({ code: "unplaced", unplaced: ["on Tuesdays"] });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it.each([
    [429, /rate limiting requests \(HTTP 429\)/],
    [401, /rejected the API key \(HTTP 401\)/],
    [503, /internal error \(HTTP 503\)/],
  ])(
    "turns HTTP %i into a clear message that offers the rules planner",
    async (status, message) => {
      const model = new MockLanguageModelV3({
        doGenerate: () =>
          Promise.reject(
            new APICallError({
              message: "provider said no",
              url: "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash",
              requestBodyValues: {},
              statusCode: status,
            }),
          ),
      });
      const failure = expectFailure(
        await planner(model).plan({ instruction: INSTRUCTION, profile }),
      );

      expect(failure.code).toBe("provider");
      expect(failure.reason).toMatch(message);
      expect(failure.reason).toContain("gemini-2.5-flash");
      expect(failure.suggestion).toMatch(/SIGNOFF_PLANNER=rules/);
    },
  );

  it("reports an unreachable endpoint", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: () =>
        Promise.reject(
          new TypeError("fetch failed", {
            cause: new Error("connect ECONNREFUSED 127.0.0.1:11434"),
          }),
        ),
    });
    const failure = expectFailure(await planner(model).plan({ instruction: INSTRUCTION, profile }));

    expect(failure.reason).toMatch(/Could not reach .*ECONNREFUSED/);
  });

  it("reports a timeout", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) => {
          abortSignal?.addEventListener("abort", () => reject(abortSignal.reason));
        }),
    });
    const failure = expectFailure(
      await planner(model, { timeoutMs: 5 }).plan({ instruction: INSTRUCTION, profile }),
    );

    expect(failure).toMatchObject({ code: "provider" });
    expect(failure.reason).toMatch(/did not answer within/);
  });

  it("streams operations in order, then the final result", async () => {
    const text = answer([operation("fitness", "10"), operation("yoga", "5")]);
    const model = new MockLanguageModelV3({ doStream: [streamed(text, 24)] });
    const events = await collect(
      planner(model).stream({ instruction: INSTRUCTION, profile, now: NOW }),
    );

    const final = events.at(-1);
    expect(final?.type).toBe("final");
    expect(events.filter((event) => event.type === "final")).toHaveLength(1);
    const partials = events.filter((event) => event.type === "partial");
    expect(partials.length).toBeGreaterThan(1);
    const counts = partials.map((event) => event.operations.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts[0]).toBe(1);
    expect(counts.at(-1)).toBe(2);
    const ids = partials.at(-1)?.operations.map((op) => op.operation_id);
    expect(ids).toEqual(["op_01", "op_02"]);
    // The first operation is complete before the second one starts arriving.
    const firstWithTwo = partials.find((event) => event.operations.length === 2);
    expect(firstWithTwo?.operations[0].action).toEqual({
      type: "percent_increase",
      column: "price",
      value: 10,
    });

    if (final?.type !== "final" || !final.result.ok) throw new Error("expected a plan");
    expect(final.result.plan.operations.map((op) => op.description)).toEqual([
      "Increase price by 10% for in-stock fitness products.",
      "Increase price by 5% for in-stock yoga products.",
    ]);
    expect(final.result.usage?.attempts).toBe(1);
  });

  it("streams a repair between two attempts", async () => {
    const model = new MockLanguageModelV3({
      doStream: [streamed(WRONG_CATEGORY), streamed(VALID)],
    });
    const events = await collect(planner(model).stream({ instruction: INSTRUCTION, profile }));

    const kinds = events
      .map((event) => event.type)
      .filter((type, index, all) => type !== all[index - 1]);
    expect(kinds).toEqual(["partial", "repair", "partial", "final"]);
    const repair = events.find((event) => event.type === "repair");
    expect(repair).toMatchObject({ attempt: 1 });
    expect(repair?.type === "repair" && repair.issues.join(" ")).toContain("fitnes");
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it("streams a provider error as a final failure", async () => {
    const model = new MockLanguageModelV3({
      doStream: () =>
        Promise.reject(
          new APICallError({
            message: "quota",
            url: "https://example.invalid/v1",
            requestBodyValues: {},
            statusCode: 429,
          }),
        ),
    });
    const events = await collect(planner(model).stream({ instruction: INSTRUCTION, profile }));

    expect(events).toHaveLength(1);
    const [final] = events;
    if (final.type !== "final") throw new Error("expected the final event");
    expect(expectFailure(final.result).reason).toMatch(/HTTP 429/);
  });
});

describe("createPlanner", () => {
  it("uses the rules planner when no model is configured", async () => {
    const planner = createPlanner({ planner: "auto" });
    expect(planner.kind).toBe("rules");
    const result = await planner.plan({ instruction: INSTRUCTION, profile });
    expect(result.ok).toBe(true);
  });

  it("picks Google when a key is set, with the injected model", async () => {
    const model = new MockLanguageModelV3({ doGenerate: [generated(VALID)] });
    const planner = createPlanner(
      { googleApiKey: "test-key" },
      { languageModel: model, clock: () => NOW },
    );
    expect(planner).toMatchObject({ kind: "google", model: "gemini-2.5-flash" });
    const result = await planner.plan({ instruction: INSTRUCTION, profile });
    expect(result).toMatchObject({ ok: true, planner: "google" });
  });

  it("explains a missing key and offers the rules planner", async () => {
    const failure = expectFailure(
      await createPlanner({ planner: "google" }).plan({ instruction: INSTRUCTION, profile }),
    );
    expect(failure).toMatchObject({ code: "config", planner: "google" });
    expect(failure.reason).toMatch(/GOOGLE_GENERATIVE_AI_API_KEY/);
    expect(failure.suggestion).toMatch(/rules planner/);
  });

  it("explains a missing endpoint for openai-compatible", async () => {
    const failure = expectFailure(
      await createPlanner({ planner: "openai-compatible", model: "llama3.1" }).plan({
        instruction: INSTRUCTION,
        profile,
      }),
    );
    expect(failure.reason).toMatch(/SIGNOFF_OPENAI_BASE_URL/);
  });
});

/** A model answer of these operations, as the planner maps it onto a plan. */
function mapped(operations: ModelPlan["operations"], instruction = INSTRUCTION) {
  return toExecutionPlan(
    { operations, guards: { max_rows_changed: null, max_change_percent: null }, unplaced: [] },
    profile,
    { instruction, createdAt: NOW, existingExecutionIds: new Set() },
  );
}

function errorsOf(plan: ReturnType<typeof mapped>) {
  return validatePlan(plan, profile).issues.filter((issue) => issue.severity === "error");
}

describe("model answers with expressions and text actions", () => {
  it("map onto plan actions that validate against the dataset", () => {
    const base = operation("fitness", "10");
    const plan = mapped(
      [
        {
          ...base,
          action: {
            type: "set_expression",
            column: "price",
            value: "round(price * 1.4, 2)",
            replacement: null,
          },
        },
        {
          ...base,
          action: {
            type: "replace_text",
            column: "category",
            value: "fitness",
            replacement: "sport",
          },
        },
        {
          ...base,
          action: { type: "change_case", column: "category", value: "Upper", replacement: null },
        },
      ],
      INSTRUCTION,
    );
    expect(plan.operations.map((op) => op.action)).toEqual([
      { type: "set_expression", column: "price", expression: "round(price * 1.4, 2)" },
      { type: "replace_text", column: "category", find: "fitness", replace: "sport" },
      { type: "change_case", column: "category", case: "upper" },
    ]);
    expect(errorsOf(plan)).toEqual([]);
  });
});

describe("a model answer comparing rows with their own group", () => {
  it("becomes a per-group aggregate the operation depends on, and a condition on it", () => {
    const base = operation("fitness", "10");
    const plan = mapped(
      [
        {
          ...base,
          filter: {
            all: [],
            any: [],
            none: [],
            top: null,
            versus_group: {
              column: "price",
              op: "above",
              statistic: "average",
              group_by: "category",
            },
          },
          action: { type: "percent_decrease", column: "price", value: "5", replacement: null },
        },
      ],
      "cut prices above their category's average by 5%",
    );
    expect(plan.operations.map((op) => [op.operation_id, op.action.type, op.filter])).toEqual([
      ["group_figure_01", "aggregate", {}],
      [
        "op_01",
        "percent_decrease",
        { all: [{ column: "price", op: "gt", value: "${avg_by_group_01}" }] },
      ],
    ]);
    expect(errorsOf(plan)).toEqual([]);
  });
});

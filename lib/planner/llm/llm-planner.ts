import {
  generateText,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
  NoObjectGeneratedError,
  Output,
  streamText,
} from "ai";
import type { PlanIssue } from "@/lib/plan/issues";
import { validatePlan } from "@/lib/plan/validate";
import { DEFAULT_MAX_REPAIRS, DEFAULT_TIMEOUT_MS, RULES_FALLBACK_HINT } from "../config";
import { PLAN_SYSTEM_PROMPT, renderPlanPrompt, renderRepairPrompt } from "../prompts/plan-prompt";
import type {
  PartialOperation,
  Planner,
  PlannerOutcome,
  PlannerResult,
  PlannerUsage,
  PlanRequest,
  PlanStreamEvent,
} from "../types";
import { describeProviderError } from "./errors";
import { type ModelPlan, modelPlanSchema, partialOperations, toExecutionPlan } from "./model-plan";

/**
 * The LLM planner (docs/planner.md): AI SDK 6 structured output at temperature 0,
 * then validate-and-repair — the plan is checked against the schema and the dataset, and the
 * problems go back to the model for a corrected plan, up to `maxRepairs` times. Provider
 * failures become sentences that offer the rules planner.
 */

export interface LlmPlannerOptions {
  kind: "google" | "openai-compatible";
  model: LanguageModel;
  /** Shown in results and messages. */
  modelId: string;
  /** Corrected plans to ask for after an invalid one (default 2). */
  maxRepairs?: number;
  /** Per model call (default 60 s). */
  timeoutMs?: number;
  /** Retries of rate-limited or failed calls inside the AI SDK (default 2). */
  maxRetries?: number;
  /** For messages about unreachable endpoints. */
  baseUrl?: string;
  clock?: () => Date;
  elapsed?: () => number;
}

/** One model answer: the parsed output, or why there is none. */
interface ModelAnswer {
  output?: ModelPlan;
  /** The raw answer, sent back with the repair request. */
  text?: string;
  error?: unknown;
  usage?: LanguageModelUsage;
}

type ModelCall = (
  messages: ModelMessage[],
  abortSignal: AbortSignal | undefined,
) => AsyncGenerator<
  { type: "partial"; partial: unknown } | { type: "answer"; answer: ModelAnswer }
>;

export function createLlmPlanner(options: LlmPlannerOptions): Planner {
  const settings = {
    ...options,
    maxRepairs: options.maxRepairs ?? DEFAULT_MAX_REPAIRS,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? 2,
    clock: options.clock ?? (() => new Date()),
    elapsed: options.elapsed ?? (() => performance.now()),
  };
  const common = {
    model: options.model,
    system: PLAN_SYSTEM_PROMPT,
    output: Output.object({ schema: modelPlanSchema }),
    temperature: 0,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
  };

  const generate: ModelCall = async function* (messages, abortSignal) {
    try {
      const result = await generateText({ ...common, messages, abortSignal });
      yield {
        type: "answer",
        answer: { output: result.output, text: result.text, usage: result.totalUsage },
      };
    } catch (error) {
      yield { type: "answer", answer: failedAnswer(error) };
    }
  };

  const stream: ModelCall = async function* (messages, abortSignal) {
    let streamError: unknown;
    const result = streamText({
      ...common,
      messages,
      abortSignal,
      onError: ({ error }) => {
        streamError ??= error;
      },
    });
    try {
      for await (const partial of result.partialOutputStream) yield { type: "partial", partial };
    } catch (error) {
      streamError ??= error;
    }
    if (streamError !== undefined) {
      yield { type: "answer", answer: failedAnswer(streamError) };
      return;
    }
    try {
      const output = await result.output;
      yield {
        type: "answer",
        answer: { output, text: await result.text, usage: await result.totalUsage },
      };
    } catch (error) {
      yield { type: "answer", answer: failedAnswer(streamError ?? error) };
    }
  };

  return {
    kind: options.kind,
    model: options.modelId,
    async plan(request) {
      let final: PlannerResult | undefined;
      for await (const event of run(settings, request, generate)) {
        if (event.type === "final") final = event.result;
      }
      return final!;
    },
    stream(request) {
      return run(settings, request, stream);
    },
  };
}

function failedAnswer(error: unknown): ModelAnswer {
  if (NoObjectGeneratedError.isInstance(error))
    return { error, text: error.text, usage: error.usage };
  return { error };
}

type Settings = Required<Omit<LlmPlannerOptions, "baseUrl">> & Pick<LlmPlannerOptions, "baseUrl">;

/** What every result carries: the planner, its model, calls and tokens so far, time taken. */
type ResultFacts = Pick<PlannerResult, "planner" | "model" | "usage" | "latencyMs">;
/** A result short of those facts (they are added when it is given). */
type Outcome = PlannerOutcome<keyof ResultFacts>;

async function* run(
  settings: Settings,
  request: PlanRequest,
  call: ModelCall,
): AsyncGenerator<PlanStreamEvent> {
  const started = settings.elapsed();
  const usage: PlannerUsage = { attempts: 0 };
  const result = (outcome: Outcome): PlannerResult =>
    ({
      ...outcome,
      planner: settings.kind,
      model: settings.modelId,
      usage: { ...usage },
      latencyMs: Math.max(0, settings.elapsed() - started),
    }) as PlannerResult;
  const context: AnswerContext = {
    settings,
    request,
    createdAt: request.now ?? settings.clock(),
    existingExecutionIds: new Set(request.existingExecutionIds ?? []),
  };
  const messages: ModelMessage[] = [
    { role: "user", content: renderPlanPrompt(request.instruction, request.profile) },
  ];

  let issues: string[] = [];
  let planIssues: PlanIssue[] = [];
  for (let attempt = 0; attempt <= settings.maxRepairs; attempt++) {
    if (attempt > 0) yield { type: "repair", attempt, issues };
    const answer: ModelAnswer = yield* streamAnswer(call, messages, request);
    usage.attempts++;
    addUsage(usage, answer.usage);

    const verdict = judgeAnswer(answer, context);
    if ("outcome" in verdict) {
      yield { type: "final", result: result(verdict.outcome) };
      return;
    }
    ({ issues, planIssues } = verdict);
    messages.push(
      { role: "assistant", content: answer.text ?? JSON.stringify(answer.output ?? {}) },
      { role: "user", content: renderRepairPrompt(issues) },
    );
  }

  const repairs = settings.maxRepairs;
  yield {
    type: "final",
    result: result({
      ok: false,
      code: "invalid_plan",
      reason: `The model's plan was still invalid after ${repairs} ${repairs === 1 ? "repair" : "repairs"}: ${issues.join("; ")}`,
      unplaced: [],
      suggestion: RULES_FALLBACK_HINT,
      ...(planIssues.length > 0 ? { issues: planIssues } : {}),
    }),
  };
}

/** One model call: its partial plans as they stream (each new one once), then its answer. */
async function* streamAnswer(
  call: ModelCall,
  messages: ModelMessage[],
  request: PlanRequest,
): AsyncGenerator<PlanStreamEvent, ModelAnswer> {
  let answer: ModelAnswer = {};
  let shown = "";
  for await (const step of call(messages, request.abortSignal)) {
    if (step.type === "answer") {
      answer = step.answer;
      continue;
    }
    const operations: PartialOperation[] = partialOperations(step.partial, request.profile);
    const key = JSON.stringify(operations);
    if (operations.length > 0 && key !== shown) {
      shown = key;
      yield { type: "partial", operations };
    }
  }
  return answer;
}

interface AnswerContext {
  settings: Settings;
  request: PlanRequest;
  createdAt: Date;
  existingExecutionIds: Set<string>;
}

/**
 * What an answer settles: a result (a valid plan, a refusal, a provider failure), or the issues
 * to ask the model to repair.
 */
function judgeAnswer(
  answer: ModelAnswer,
  { settings, request, createdAt, existingExecutionIds }: AnswerContext,
): { outcome: Outcome } | { issues: string[]; planIssues: PlanIssue[] } {
  if (answer.error !== undefined && !NoObjectGeneratedError.isInstance(answer.error)) {
    const problem = describeProviderError(answer.error, {
      provider: settings.kind === "google" ? "Google Gemini" : "the OpenAI-compatible endpoint",
      model: settings.modelId,
      timeoutMs: settings.timeoutMs,
      baseUrl: settings.baseUrl,
    });
    return { outcome: { ok: false, code: "provider", unplaced: [], ...problem } };
  }
  if (answer.error !== undefined || !answer.output) {
    const cause = (answer.error as { cause?: unknown } | undefined)?.cause;
    const detail = cause instanceof Error ? cause.message.split("\n")[0] : "it was not valid JSON";
    return {
      issues: [`The answer did not match the plan's JSON schema: ${detail}`],
      planIssues: [],
    };
  }
  const output = answer.output;
  if (output.unplaced.length > 0) {
    return {
      outcome: {
        ok: false,
        code: "unplaced",
        reason: `The model could not place ${output.unplaced.map((word) => `“${word}”`).join(", ")} in a plan for this dataset, so nothing was planned.`,
        unplaced: output.unplaced,
        suggestion: RULES_FALLBACK_HINT.replace(
          "works offline",
          "may read it differently, and works offline",
        ),
      },
    };
  }
  if (output.operations.length === 0) {
    return {
      issues: [
        'The plan has no operations. Return at least one, or list the words you could not place in "unplaced".',
      ],
      planIssues: [],
    };
  }
  const plan = toExecutionPlan(output, request.profile, {
    instruction: request.instruction,
    createdAt,
    existingExecutionIds,
  });
  const validation = validatePlan(plan, request.profile, { knownKeys: request.knownKeys });
  if (validation.plan) {
    return {
      outcome: {
        ok: true,
        plan: validation.plan,
        unplaced: [],
        notes: [],
        warnings: validation.issues,
      },
    };
  }
  return {
    issues: validation.issues
      .filter((issue) => issue.severity === "error")
      .map((issue) => issue.message),
    planIssues: validation.issues,
  };
}

function addUsage(total: PlannerUsage, usage: LanguageModelUsage | undefined): void {
  if (!usage) return;
  const add = (current: number | undefined, extra: number | undefined) =>
    extra === undefined ? current : (current ?? 0) + extra;
  total.inputTokens = add(total.inputTokens, usage.inputTokens);
  total.outputTokens = add(total.outputTokens, usage.outputTokens);
  total.totalTokens = add(total.totalTokens, usage.totalTokens);
}

import type { LanguageModel } from "ai";
import { type PlannerConfig, RULES_FALLBACK_HINT, resolvePlannerConfig } from "./config";
import { createLlmPlanner } from "./llm/llm-planner";
import { createLanguageModel } from "./llm/providers";
import { createRulesPlanner } from "./rules/rules-planner";
import type { Planner, PlannerResult, PlanStreamEvent } from "./types";

/**
 * The planners' front door: `createPlanner(config)` picks the rules planner or an LLM planner
 * from a plain config object (see config.ts; `lib/env.ts` fills it from the environment), and
 * every caller — services, route handlers, the CLI — talks to the `Planner` interface only.
 */

export type { PlannerConfig } from "./config";
export { resolvePlannerConfig } from "./config";
export { createLlmPlanner, type LlmPlannerOptions } from "./llm/llm-planner";
export { createRulesPlanner } from "./rules/rules-planner";
export type * from "./types";

export interface PlannerOverrides {
  /** A language model to use instead of the configured provider (tests pass a mock). */
  languageModel?: LanguageModel;
  /** The clock for `created_at` when a request has no `now`. */
  clock?: () => Date;
}

export function createPlanner(
  config: PlannerConfig = {},
  overrides: PlannerOverrides = {},
): Planner {
  const resolved = resolvePlannerConfig(config);
  if (!resolved.ok) return unavailablePlanner(resolved.kind, resolved.problem, resolved.model);
  if (resolved.kind === "rules") return createRulesPlanner({ clock: overrides.clock });
  return createLlmPlanner({
    kind: resolved.kind,
    model: overrides.languageModel ?? createLanguageModel(resolved),
    modelId: resolved.model,
    maxRepairs: resolved.maxRepairs,
    timeoutMs: resolved.timeoutMs,
    baseUrl: resolved.kind === "openai-compatible" ? resolved.baseUrl : undefined,
    clock: overrides.clock,
  });
}

/** A planner that cannot run (missing key or endpoint): every request gets the reason. */
function unavailablePlanner(kind: Planner["kind"], problem: string, model?: string): Planner {
  const result = (): PlannerResult => ({
    ok: false,
    code: "config",
    reason: problem,
    unplaced: [],
    suggestion: RULES_FALLBACK_HINT,
    planner: kind,
    ...(model ? { model } : {}),
    latencyMs: 0,
  });
  return {
    kind,
    model,
    plan: async () => result(),
    async *stream(): AsyncGenerator<PlanStreamEvent> {
      yield { type: "final", result: result() };
    },
  };
}

import type { PlannerKind } from "./types";

/**
 * Planner configuration as plain data. `lib/env.ts` reads the environment
 * (`SIGNOFF_PLANNER`, `SIGNOFF_MODEL`, `SIGNOFF_OPENAI_BASE_URL`, `SIGNOFF_OPENAI_API_KEY`,
 * `SIGNOFF_PLANNER_MAX_REPAIRS`, `GOOGLE_GENERATIVE_AI_API_KEY`) and passes it here; nothing in
 * `lib/planner` touches `process.env`.
 */
export interface PlannerConfig {
  /** `auto` = google when a Google key is set, otherwise rules. */
  planner?: "auto" | PlannerKind;
  /** Model id: `gemini-2.5-flash` by default for google; required for openai-compatible. */
  model?: string;
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  googleApiKey?: string;
  /** Corrected plans to ask for after an invalid one (default 2, so at most 3 model calls). */
  maxRepairs?: number;
  /** Per model call (default 60 s). */
  timeoutMs?: number;
}

const DEFAULT_GOOGLE_MODEL = "gemini-2.5-flash";
export const DEFAULT_MAX_REPAIRS = 2;
export const DEFAULT_TIMEOUT_MS = 60_000;

export const RULES_FALLBACK_HINT =
  "The built-in rules planner works offline: set SIGNOFF_PLANNER=rules (or choose it for this plan).";

export type ResolvedPlannerConfig =
  | { ok: true; kind: "rules" }
  | {
      ok: true;
      kind: "google";
      model: string;
      apiKey: string;
      maxRepairs: number;
      timeoutMs: number;
    }
  | {
      ok: true;
      kind: "openai-compatible";
      model: string;
      baseUrl: string;
      apiKey?: string;
      maxRepairs: number;
      timeoutMs: number;
    }
  | { ok: false; kind: PlannerKind; model?: string; problem: string };

/** Which planner a configuration selects, and whether it has what it needs. */
export function resolvePlannerConfig(config: PlannerConfig = {}): ResolvedPlannerConfig {
  const choice = config.planner ?? "auto";
  const kind: PlannerKind =
    choice === "auto" ? (nonEmpty(config.googleApiKey) ? "google" : "rules") : choice;
  const maxRepairs = clampInt(config.maxRepairs ?? DEFAULT_MAX_REPAIRS, 0, 10);
  const timeoutMs = Math.max(1, config.timeoutMs ?? DEFAULT_TIMEOUT_MS);

  if (kind === "rules") return { ok: true, kind };

  if (kind === "google") {
    const model = nonEmpty(config.model) ?? DEFAULT_GOOGLE_MODEL;
    const apiKey = nonEmpty(config.googleApiKey);
    if (!apiKey) {
      return {
        ok: false,
        kind,
        model,
        problem: "The Google planner needs an API key: set GOOGLE_GENERATIVE_AI_API_KEY.",
      };
    }
    return { ok: true, kind, model, apiKey, maxRepairs, timeoutMs };
  }

  const baseUrl = nonEmpty(config.openaiBaseUrl);
  const model = nonEmpty(config.model);
  const missing = [
    baseUrl ? undefined : "SIGNOFF_OPENAI_BASE_URL (e.g. http://localhost:11434/v1 for Ollama)",
    model ? undefined : "SIGNOFF_MODEL (the model name the endpoint serves)",
  ].filter((item): item is string => item !== undefined);
  if (!baseUrl || !model) {
    return {
      ok: false,
      kind,
      model,
      problem: `The OpenAI-compatible planner needs ${missing.join(" and ")}.`,
    };
  }
  return {
    ok: true,
    kind,
    model,
    baseUrl,
    apiKey: nonEmpty(config.openaiApiKey),
    maxRepairs,
    timeoutMs,
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

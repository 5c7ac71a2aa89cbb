import "server-only";
import { env } from "@/lib/env";
import type { PlannerConfig } from "@/lib/planner/config";

/** The planner configuration from the environment; the only place it is read. */
export function plannerConfigFromEnv(): PlannerConfig {
  const e = env();
  return {
    planner: e.SIGNOFF_PLANNER,
    model: e.SIGNOFF_MODEL,
    openaiBaseUrl: e.SIGNOFF_OPENAI_BASE_URL,
    openaiApiKey: e.SIGNOFF_OPENAI_API_KEY,
    googleApiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
    maxRepairs: e.SIGNOFF_PLANNER_MAX_REPAIRS,
    timeoutMs: e.SIGNOFF_PLANNER_TIMEOUT_MS,
  };
}

/** The day plans are drafted on: SIGNOFF_TODAY when set (reproducible evaluations), else now. */
export function planningDay(): Date | undefined {
  const today = env().SIGNOFF_TODAY;
  return today === undefined ? undefined : new Date(`${today}T12:00:00Z`);
}

export interface PlannerChoice {
  /** The planner a draft uses unless the user picks another. */
  defaultKind: "rules" | "google" | "openai-compatible";
  /** Planners that are configured and can be picked. */
  available: ("rules" | "google" | "openai-compatible")[];
  model?: string;
}

/** What the new-plan page offers: the configured default and the planners that can run. */
export function describePlannerChoice(): PlannerChoice {
  const config = plannerConfigFromEnv();
  const available: PlannerChoice["available"] = ["rules"];
  if (config.googleApiKey) available.push("google");
  if (config.openaiBaseUrl && config.model) available.push("openai-compatible");
  const chosen = config.planner ?? "auto";
  const defaultKind = chosen === "auto" ? (config.googleApiKey ? "google" : "rules") : chosen;
  return { defaultKind, available: [...new Set([defaultKind, ...available])], model: config.model };
}

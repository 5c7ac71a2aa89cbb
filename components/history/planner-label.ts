const PLANNERS: Record<string, string> = {
  rules: "Rules",
  google: "Gemini",
  "openai-compatible": "OpenAI-compatible",
  manual: "By hand",
  revert: "Revert",
};

/** "openai-compatible" → "OpenAI-compatible"; unknown planners are shown as stored. */
export function plannerLabel(planner: string | null, source?: string): string {
  if (!planner) return source === "cli" ? "CLI" : "—";
  return PLANNERS[planner] ?? planner;
}

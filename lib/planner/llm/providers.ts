import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { ResolvedPlannerConfig } from "../config";

/**
 * The one place a provider is chosen. Keys come from the config object (read from the
 * environment by `lib/env.ts`), never from `process.env` here — which is why the Google key is
 * always passed explicitly, even though the provider could find it on its own.
 */
export function createLanguageModel(
  config: Extract<ResolvedPlannerConfig, { ok: true; kind: "google" | "openai-compatible" }>,
): LanguageModel {
  if (config.kind === "google") {
    return createGoogleGenerativeAI({ apiKey: config.apiKey })(config.model);
  }
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    // Ollama, llama.cpp and vLLM all accept a JSON schema in response_format.
    supportsStructuredOutputs: true,
    includeUsage: true,
  });
  return provider.chatModel(config.model);
}

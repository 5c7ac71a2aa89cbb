import {
  APICallError,
  LoadAPIKeyError,
  NoContentGeneratedError,
  NoOutputGeneratedError,
  NoSuchModelError,
  RetryError,
} from "ai";
import { RULES_FALLBACK_HINT } from "../config";

/**
 * Provider failures as sentences a person can act on. Every one offers the rules planner, which
 * needs no key and no network.
 */

export interface ProviderProblem {
  reason: string;
  suggestion: string;
}

export interface ProviderContext {
  provider: string;
  model: string;
  timeoutMs: number;
  baseUrl?: string;
}

export function describeProviderError(error: unknown, context: ProviderContext): ProviderProblem {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const who = `${context.provider} (${context.model})`;
  const problem = (reason: string): ProviderProblem => ({
    reason: reason.charAt(0).toUpperCase() + reason.slice(1),
    suggestion: RULES_FALLBACK_HINT,
  });

  if (isTimeout(cause)) {
    return problem(`${who} did not answer within ${Math.round(context.timeoutMs / 1000)} s.`);
  }
  if (isAbort(cause)) return problem("Planning was cancelled.");
  if (LoadAPIKeyError.isInstance(cause)) return problem(`${who} has no API key configured.`);
  if (NoSuchModelError.isInstance(cause)) return problem(`${who}: no such model.`);
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 401 || status === 403)
      return problem(`${who} rejected the API key (HTTP ${status}).`);
    if (status === 429) {
      const retries = RetryError.isInstance(error) ? ` after ${error.errors.length} tries` : "";
      return problem(
        `${who} is rate limiting requests (HTTP 429)${retries}; try again in a minute.`,
      );
    }
    if (status === 404)
      return problem(
        `${who} was not found at ${hostOf(cause.url)} (HTTP 404); check the model name.`,
      );
    if (status !== undefined && status >= 500) {
      return problem(`${who} had an internal error (HTTP ${status}); try again later.`);
    }
    if (status !== undefined)
      return problem(`${who} refused the request (HTTP ${status}): ${brief(cause.message)}`);
    return problem(
      `Could not reach ${who} at ${hostOf(cause.url)}: ${brief(networkMessage(cause))}`,
    );
  }
  if (NoContentGeneratedError.isInstance(cause) || NoOutputGeneratedError.isInstance(cause)) {
    return problem(`${who} returned no answer.`);
  }
  if (isNetworkError(cause)) {
    const where = context.baseUrl ? ` at ${hostOf(context.baseUrl)}` : "";
    return problem(`Could not reach ${who}${where}: ${brief(networkMessage(cause))}`);
  }
  const message = cause instanceof Error ? cause.message : String(cause);
  return problem(`${who} failed: ${brief(message)}`);
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "TimeoutError" || /timed? ?out/i.test(error.message))
  );
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

function isNetworkError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  return /fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|network/i.test(
    networkMessage(error),
  );
}

function networkMessage(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  const inner = cause instanceof Error ? ` (${cause.message})` : "";
  return `${error.message}${inner}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function brief(text: string): string {
  const line = text.split("\n")[0].trim();
  return line.length > 200 ? `${line.slice(0, 197)}…` : line;
}

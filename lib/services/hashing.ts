import "server-only";
import { createHash } from "node:crypto";
import type { ExecutionPlan } from "@/lib/plan/schema";

/** JSON with object keys sorted, so equal plans hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function planHash(plan: ExecutionPlan): string {
  return sha256Hex(canonicalJson(plan));
}

/**
 * What an approval is bound to (DESIGN.md step 4): this revision of the plan, with this content,
 * on this exact base version. Any edit or any move of the dataset changes it.
 */
export function previewHash(input: {
  revisionId: string;
  plan: ExecutionPlan;
  baseVersionSha256: string;
}): string {
  return sha256Hex(`${input.revisionId}\n${planHash(input.plan)}\n${input.baseVersionSha256}`);
}

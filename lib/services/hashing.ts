import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson } from "@/lib/plan/canonical";
import type { ExecutionPlan } from "@/lib/plan/schema";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function planHash(plan: ExecutionPlan): string {
  return sha256Hex(canonicalJson(plan));
}

/**
 * What an approval is bound to: this revision of the plan, with this content,
 * on this exact base version. Any edit or any move of the dataset changes it.
 */
export function previewHash(input: {
  revisionId: string;
  plan: ExecutionPlan;
  baseVersionSha256: string;
}): string {
  return sha256Hex(`${input.revisionId}\n${planHash(input.plan)}\n${input.baseVersionSha256}`);
}

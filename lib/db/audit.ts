import "server-only";
import type { Tx } from "./client";

export type AuditEventType =
  | "dataset.uploaded"
  | "dataset.seeded"
  | "plan.drafted"
  | "plan.edited"
  | "plan.restored"
  | "plan.previewed"
  | "plan.submitted"
  | "plan.rejected"
  | "execution.approved"
  | "execution.applied"
  | "execution.failed"
  | "execution.refused"
  | "execution.reverted"
  | "access.denied"
  | "user.created"
  | "user.role_changed"
  | "user.deactivated"
  | "user.reactivated"
  | "user.password_reset"
  | "user.password_changed"
  | "user.renamed";

export interface AuditEventInput {
  actor: string;
  type: AuditEventType;
  subjectType: "dataset" | "plan" | "execution" | "user" | "route";
  subjectId: string;
  datasetId?: string | null;
  planId?: string | null;
  executionId?: string | null;
  detail?: Record<string, unknown>;
}

export function recordAuditEvent(tx: Tx, event: AuditEventInput) {
  return tx.auditEvent.create({
    data: {
      actor: event.actor,
      type: event.type,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      datasetId: event.datasetId ?? null,
      planId: event.planId ?? null,
      executionId: event.executionId ?? null,
      detailJson: JSON.stringify(event.detail ?? {}),
    },
  });
}

/** Rewrites one event's detail: only the tally of anonymous refusals does (its count grows). */
export function updateAuditEventDetail(tx: Tx, id: string, detail: Record<string, unknown>) {
  return tx.auditEvent.update({ where: { id }, data: { detailJson: JSON.stringify(detail) } });
}

import "server-only";
import type { Permission, Role } from "@/lib/auth/permissions";
import { recordAuditEvent, updateAuditEventDetail } from "@/lib/db/audit";
import { db } from "@/lib/db/client";

export interface AccessDenied {
  /** The user's id, or "anonymous" when nobody was signed in. */
  actor: string;
  role?: Role;
  /** What was called: `action:<name>` or `<METHOD> <path>`. */
  target: string;
  permission?: Permission;
  reason: "unauthenticated" | "forbidden";
  /** The client address (X-Forwarded-For as scripts/serve.mjs sets it from the connection). */
  address?: string | null;
}

/**
 * Anonymous refusals are tallied per client address and minute: the first writes an event, the
 * rest raise its count. Anyone can send anonymous requests, and a row each would let them grow
 * the audit table without limit; a signed-in caller's refusals stay one event each.
 */
const TALLY_WINDOW_MS = 60_000;
const MAX_TALLIES = 10_000;

interface Tally {
  startedAt: number;
  count: number;
  /** The tally's event, once written (a promise, so a burst does not write it twice). */
  eventId: Promise<string | null>;
}

const tallies = new Map<string, Tally>();

/** Forgets the tallies: a test that counts events per call starts each call afresh. */
export function resetAccessDeniedTallies(): void {
  tallies.clear();
}

/**
 * Records a refused call as an `access.denied` audit event. Never throws: the caller is already
 * answering 401/403, and a failure to write the record must not turn that into a 500.
 */
export async function recordAccessDenied(denied: AccessDenied, now = Date.now()): Promise<void> {
  try {
    if (denied.actor === "anonymous") {
      await tallyAnonymous(denied, now);
      return;
    }
    await writeEvent(denied, {});
  } catch (error) {
    console.error("Could not record a denied call", error);
  }
}

async function tallyAnonymous(denied: AccessDenied, now: number): Promise<void> {
  const address = denied.address?.trim() || "unknown";
  const current = tallies.get(address);
  if (current && now - current.startedAt < TALLY_WINDOW_MS) {
    current.count += 1;
    const count = current.count;
    const eventId = await current.eventId;
    if (eventId) {
      await db().$transaction((tx) =>
        updateAuditEventDetail(tx, eventId, detailOf(denied, { address, count })),
      );
    }
    return;
  }
  if (tallies.size >= MAX_TALLIES) pruneTallies(now);
  const tally: Tally = {
    startedAt: now,
    count: 1,
    eventId: writeEvent(denied, { address, count: 1 }).catch((error) => {
      console.error("Could not record a denied call", error);
      return null;
    }),
  };
  tallies.delete(address);
  tallies.set(address, tally);
  await tally.eventId;
}

/** Drops finished windows, and the oldest tallies if a flood of addresses still fills the map. */
function pruneTallies(now: number): void {
  for (const [address, tally] of tallies) {
    if (now - tally.startedAt >= TALLY_WINDOW_MS || tallies.size >= MAX_TALLIES) {
      tallies.delete(address);
    }
  }
}

function detailOf(denied: AccessDenied, extra: Record<string, unknown>): Record<string, unknown> {
  return { reason: denied.reason, permission: denied.permission, role: denied.role, ...extra };
}

async function writeEvent(denied: AccessDenied, extra: Record<string, unknown>): Promise<string> {
  const event = await db().$transaction((tx) =>
    recordAuditEvent(tx, {
      actor: denied.actor,
      type: "access.denied",
      subjectType: "route",
      subjectId: denied.target,
      detail: detailOf(denied, extra),
    }),
  );
  return event.id;
}

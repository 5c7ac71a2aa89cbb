import "server-only";
import { recordAuditEvent } from "@/lib/db/audit";
import { db } from "@/lib/db/client";

/**
 * Records that a person is about to be renamed (better-auth's /update-user, which anyone may call
 * for themselves). Names are not unique and the history shows them, so a rename is evidence.
 * Nothing is recorded when the name stays as it is.
 */
export async function recordUserRename(options: {
  userId: string;
  newName: string;
  actor: string;
}): Promise<void> {
  await db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: options.userId },
      select: { name: true },
    });
    if (!user || user.name === options.newName) return;
    await recordAuditEvent(tx, {
      actor: options.actor,
      type: "user.renamed",
      subjectType: "user",
      subjectId: options.userId,
      detail: { from: user.name, to: options.newName },
    });
  });
}

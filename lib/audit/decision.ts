import { getDb, type Transaction } from "@/db/client";
import type { YaptureIdentity } from "@/lib/callers/identity";

import { recordAudit, type AuditEntry } from "./service";

/**
 * An administrator's decision on a listing, an update, a developer or a profile change: its state
 * change (under the row locks that change takes), its audit event, the email it queues and the
 * answer read back, in one transaction, so no decision is recorded without its change or its email.
 */
type Decision<Changed, Result> = {
  actor: YaptureIdentity;
  /** What the audit log calls the decision (`app.approve`) and what it acts on. */
  audit: Pick<AuditEntry, "action" | "targetType" | "targetId" | "developerId">;
  /**
   * Makes the change; says what the audit log keeps of the subject before and after, what changed,
   * and the developer account whose audit log shows it when only the change finds out (a listing's).
   */
  change: (
    tx: Transaction,
    now: Date,
  ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; changed: Changed; developerId?: string }>;
  /** Queues the email the decision sends, if any. */
  notify?: (tx: Transaction, changed: Changed) => Promise<unknown>;
  /** The decided subject as the administrators' answer shows it. */
  read: (tx: Transaction, changed: Changed) => Promise<Result>;
};

export async function decide<Changed, Result>({ actor, audit, change, notify, read }: Decision<Changed, Result>): Promise<Result> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { before, after, changed, developerId } = await change(tx, new Date());
    await recordAudit(tx, { actor, developerId, ...audit, before, after });
    await notify?.(tx, changed);
    return read(tx, changed);
  });
}

import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";

import { getDb } from "@/db/client";
import { apiKeys, developers, publisherMembers } from "@/db/schema";
import { repeatUntilAborted, startChore } from "@/lib/core/background-chores";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";
import { enqueueEmail } from "@/lib/email/outbox";
import { emitEvent } from "@/lib/events/emit";

// Seven days before a key expires its developer account is told, once: the account's contact and
// the member who made the key (while they are one). A rotated key is not (its successor replaces
// it), nor a revoked one. Claimed by a conditional update, so any number of processes share the
// sweep and each key is told about once.

export const NOTICE_BEFORE_MS = 7 * 24 * 60 * 60 * 1000;
const INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 100;

/** Queues the notices due at `now`; returns how many keys were told about. */
export async function sendKeyExpiryNotices(now = new Date()): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(
        and(
          isNull(apiKeys.revokedAt),
          isNull(apiKeys.expiryNoticeSentAt),
          isNull(apiKeys.rotatedToKeyId),
          gt(apiKeys.expiresAt, now),
          lte(apiKeys.expiresAt, new Date(now.getTime() + NOTICE_BEFORE_MS)),
        ),
      )
      .orderBy(asc(apiKeys.expiresAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const keys = await tx.update(apiKeys).set({ expiryNoticeSentAt: now }).where(inArray(apiKeys.id, due)).returning();
    for (const key of keys) {
      const { id, name, maskedKey, scopes, expiresAt } = key;
      await emitEvent(tx, {
        developerId: key.developerId,
        type: "api_key.expiring",
        data: { apiKey: { id, name, maskedKey, scopes, expiresAt: expiresAt!.toISOString() } },
      });
      const [account] = await tx.select().from(developers).where(eq(developers.id, key.developerId));
      const [maker] = key.createdByMemberId
        ? await tx.select().from(publisherMembers).where(eq(publisherMembers.id, key.createdByMemberId))
        : [];
      const recipients = new Map([[account!.email.toLowerCase(), account!.name]]);
      if (maker) recipients.set(maker.email.toLowerCase(), maker.name);
      for (const [to, developerName] of recipients) {
        await enqueueEmail({
          tx,
          to,
          type: "API_KEY_EXPIRING",
          developerName,
          keyName: key.name,
          maskedKey: key.maskedKey,
          expiresAt: key.expiresAt!,
        });
      }
    }
    return keys.length;
  });
}

export function runKeyExpiryNotices({ signal, intervalMs = INTERVAL_MS }: { signal: AbortSignal; intervalMs?: number }): Promise<void> {
  return repeatUntilAborted({
    name: "API key expiry notices",
    signal,
    intervalMs,
    work: async () => {
      const told = await sendKeyExpiryNotices();
      if (told > 0) log.info("API key expiry notices queued", { keys: told });
    },
  });
}

/** The notices in a server process that does the worker's work itself (EMAIL_DISPATCHER=in-process). */
export function startKeyExpiryNotices(): void {
  const config = env();
  if (config.isBuild || config.EMAIL_DISPATCHER !== "in-process") return;
  startChore("API key expiry notices", (signal) => runKeyExpiryNotices({ signal }));
}

import { performance } from "node:perf_hooks";

import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";

import { getDb, type Database } from "@/db/client";
import { emailOutbox, type OutboxEmail } from "@/db/schema";
import { log } from "@/lib/core/log";

import { LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from "./retry-policy";
import { SEND_TIMEOUT_MS, transportFromEnv, type EmailTransport } from "./transport";

export type DispatchOptions = {
  /** The clock for due dates, leases and backoff; the database's `now()` when omitted (tests move it forward). */
  now?: Date;
  batchSize?: number;
  transport?: EmailTransport;
  /** Shutting down: sends already started finish, the rest of the batch is handed back. */
  signal?: AbortSignal;
};

export type DispatchResult = {
  claimed: number;
  sent: number;
  /** Written to the log instead of sent (EMAIL_DELIVERY=log-only). */
  logged: number;
  retried: number;
  failed: number;
  /** Claimed but handed back unsent: the lease was about to run out, or the dispatcher is stopping. */
  released: number;
};

export const DEFAULT_BATCH_SIZE = 10;

// Stop starting sends this long before the lease ends, so a slow send still finishes inside it.
const LEASE_SAFETY_MS = SEND_TIMEOUT_MS + 5_000;

function clock(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function plus(at: SQL, ms: number): SQL {
  return sql`(${at} + ${Math.round(ms)}::integer * interval '1 millisecond')`;
}

/**
 * Claims up to `batchSize` due rows in one statement. SKIP LOCKED lets concurrent dispatchers each
 * take different rows; pushing next_attempt_at forward is the lease, and the incremented attempts
 * count is this claim's token for the conditional updates that settle the row.
 */
async function claimDueEmails(db: Database, at: SQL, batchSize: number): Promise<OutboxEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "PENDING"), lte(emailOutbox.nextAttemptAt, at)))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: plus(at, LEASE_MS) })
    .where(inArray(emailOutbox.id, due))
    .returning();
  // RETURNING has no order; send the oldest first.
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * Applies a change only while the row is still this claim's: PENDING with the attempts count the
 * claim set. A dispatcher whose lease ran out (and was re-claimed) changes nothing.
 */
async function settle(db: Database, row: OutboxEmail, changes: PgUpdateSetSource<typeof emailOutbox>): Promise<boolean> {
  const updated = await db
    .update(emailOutbox)
    .set(changes)
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.attempts, row.attempts), eq(emailOutbox.status, "PENDING")))
    .returning({ id: emailOutbox.id });
  if (updated.length === 0) log.warn("email outbox row was re-claimed before this dispatcher settled it", { id: row.id });
  return updated.length === 1;
}

/** One pass: claim due emails, send each outside any transaction, record the outcome. */
export async function dispatchDueEmails({
  now,
  batchSize = DEFAULT_BATCH_SIZE,
  transport,
  signal,
}: DispatchOptions = {}): Promise<DispatchResult> {
  if (signal?.aborted) return { claimed: 0, sent: 0, logged: 0, retried: 0, failed: 0, released: 0 };
  const db = await getDb();
  const at = clock(now);
  const claimedAt = performance.now();
  const claimed = await claimDueEmails(db, at, batchSize);
  const result: DispatchResult = { claimed: claimed.length, sent: 0, logged: 0, retried: 0, failed: 0, released: 0 };
  if (claimed.length === 0) return result;
  const sender = transport ?? transportFromEnv();

  for (const row of claimed) {
    if (signal?.aborted || performance.now() - claimedAt > LEASE_MS - LEASE_SAFETY_MS) {
      // Give the attempt back and make the row due at once rather than after the lease.
      if (await settle(db, row, { attempts: sql`${emailOutbox.attempts} - 1`, nextAttemptAt: at })) result.released += 1;
      continue;
    }
    const outcome = await sender.send({ id: row.id, type: row.type, to: row.to, subject: row.subject, html: row.html, text: row.text });
    if (outcome.ok && sender.kind === "log") {
      // Never delivered: LOGGED, with no sent time, so the email log cannot be read as "sent".
      if (await settle(db, row, { status: "LOGGED", lastError: null })) result.logged += 1;
    } else if (outcome.ok) {
      const changes = { status: "SENT" as const, sentAt: at, providerMessageId: outcome.messageId, lastError: null };
      if (await settle(db, row, changes)) result.sent += 1;
    } else if (!outcome.retryable || row.attempts >= MAX_ATTEMPTS) {
      if (await settle(db, row, { status: "FAILED", lastError: outcome.error })) {
        result.failed += 1;
        log.error("email failed, giving up", { id: row.id, type: row.type, attempts: row.attempts, error: outcome.error });
      }
    } else {
      const delayMs = retryDelayMs({ attempts: row.attempts, retryAfterMs: outcome.retryAfterMs });
      if (await settle(db, row, { lastError: outcome.error, nextAttemptAt: plus(at, delayMs) })) {
        result.retried += 1;
        log.warn("email failed, will retry", { id: row.id, type: row.type, attempts: row.attempts, delayMs, error: outcome.error });
      }
    }
  }
  return result;
}

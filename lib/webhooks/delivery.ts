import { performance } from "node:perf_hooks";

import { and, eq, sql, type SQL } from "drizzle-orm";

import { getDb, queryRows, type Database } from "@/db/client";
import { developerEvents, developers, webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { isPublicAddress } from "@/lib/assets/address-policy";
import { AssetFetchError, type FetchPolicy } from "@/lib/assets/safe-fetch";
import { postOnce } from "@/lib/assets/safe-post";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";
import { enqueueEmail } from "@/lib/email/outbox";

import { FAILING_FOR_MS, retryDelayMs } from "./retry-schedule";
import { signatureHeaders } from "./signature";
import { eventView } from "./views";

// The webhook worker's pass (docs/webhooks.md, "Delivery"): claim due deliveries, at most one in
// flight per endpoint, POST each signed event through the SSRF-safe sender, record the attempt and
// settle the delivery. Like the email outbox: any number of workers share the queue (SKIP LOCKED),
// and a claim's lease hands a delivery back if its worker dies.

const SEND_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is read and kept in the delivery log. */
const RESPONSE_EXCERPT_BYTES = 2_048;
const LEASE_MS = 60_000;
const DEFAULT_BATCH_SIZE = 20;

export type DeliveryOptions = {
  /** The clock for due dates, leases, signatures and backoff; the real one when omitted (tests move it). */
  now?: Date;
  batchSize?: number;
  timeoutMs?: number;
  /** Where deliveries may go; the deployment's (WEBHOOK_ALLOW_PRIVATE) when omitted. */
  policy?: Omit<FetchPolicy, "maxRedirects" | "timeoutMs" | "maxBytes">;
  /** The jitter of retries, in [0, 1). */
  random?: () => number;
};

export type DeliveryResult = { claimed: number; delivered: number; retried: number; failed: number; endpointsDisabled: number };

type Claimed = { id: string; endpoint_id: string; event_id: string; attempts: number };

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

function deliveryPolicy(overrides: DeliveryOptions["policy"], timeoutMs: number): Omit<FetchPolicy, "maxRedirects"> {
  const allowPrivate = env().webhookAllowPrivate;
  return {
    protocols: allowPrivate ? ["https:", "http:"] : ["https:"],
    isAllowedAddress: allowPrivate ? () => true : isPublicAddress,
    ...overrides,
    timeoutMs,
    maxBytes: RESPONSE_EXCERPT_BYTES,
  };
}

/**
 * Claims up to `batchSize` due deliveries in one statement: for each enabled endpoint with none in
 * flight (its row locked, so two workers never both pick it), its earliest due delivery whose app
 * has no earlier pending one (events of an app arrive in order). The lease is the claim.
 */
async function claimDue(db: Database, now: Date, batchSize: number): Promise<Claimed[]> {
  const due = (d: SQL) => sql`${d}.status = 'PENDING' and ${d}.next_attempt_at <= ${at(now)}`;
  return queryRows<Claimed>(
    db,
    sql`with ready as (
        select e.id from ${webhookEndpoints} e
        where e.enabled
          and exists (select 1 from ${webhookDeliveries} d where d.endpoint_id = e.id and ${due(sql`d`)})
          and not exists (select 1 from ${webhookDeliveries} busy where busy.endpoint_id = e.id and busy.status = 'PENDING'
            and busy.leased_until > ${at(now)})
        order by e.id
        limit ${batchSize}
        for update of e skip locked
      ), picked as (
        select (select d.id from ${webhookDeliveries} d
          where d.endpoint_id = ready.id and ${due(sql`d`)}
            and not exists (select 1 from ${webhookDeliveries} earlier where earlier.endpoint_id = d.endpoint_id
              and earlier.status = 'PENDING' and earlier.app_id is not distinct from d.app_id and earlier.position < d.position)
          order by d.position, d.created_at limit 1) as id
        from ready
      )
      update ${webhookDeliveries} set attempts = attempts + 1, leased_until = ${at(now)} + ${LEASE_MS}::integer * interval '1 millisecond'
      where id in (select id from picked where id is not null)
        -- Checked again on the row as it now is: a statement whose snapshot predates another
        -- worker's claim still picks that delivery, and must not take it a second time.
        and status = 'PENDING' and (leased_until is null or leased_until <= ${at(now)})
      returning id, endpoint_id, event_id, attempts`,
  );
}

type Outcome = { statusCode: number | null; error: string | null; excerpt: string | null; durationMs: number };

async function attempt(
  endpoint: WebhookEndpoint,
  event: typeof developerEvents.$inferSelect,
  now: Date,
  policy: Omit<FetchPolicy, "maxRedirects">,
): Promise<Outcome> {
  const body = JSON.stringify(eventView(event));
  const secrets = [endpoint.secret];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(endpoint.previousSecret);
  const headers = {
    "content-type": "application/json",
    "user-agent": "YaptureMarketplace-Webhooks/1.0",
    ...signatureHeaders({ id: event.id, at: now, body, secrets }),
  };
  const started = performance.now();
  try {
    const answer = await postOnce(endpoint.url, policy, { headers, body });
    const durationMs = Math.round(performance.now() - started);
    const redirect = answer.status >= 300 && answer.status < 400;
    return {
      statusCode: answer.status,
      error: redirect ? `redirected (HTTP ${answer.status}): redirects are not followed` : null,
      excerpt: answer.excerpt,
      durationMs,
    };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (error instanceof AssetFetchError) return { statusCode: null, error: error.message, excerpt: null, durationMs };
    throw error;
  }
}

/** Turns the endpoint off (once) and emails the account's contact why, in one transaction. */
async function disableEndpoint(db: Database, endpoint: WebhookEndpoint, reason: "gone" | "failing", now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!disabled) return false;
    const [account] = await tx.select().from(developers).where(eq(developers.id, endpoint.developerId));
    await enqueueEmail({
      tx,
      to: account!.email,
      type: "WEBHOOK_ENDPOINT_DISABLED",
      developerName: account!.name,
      url: endpoint.url,
      reason,
    });
    log.warn("webhook endpoint disabled", { endpointId: endpoint.id, reason });
    return true;
  });
}

/** Sends one claimed delivery and settles it; returns what became of it. */
async function deliverOne(
  db: Database,
  claimed: Claimed,
  { now, policy, random }: { now: Date; policy: Omit<FetchPolicy, "maxRedirects">; random: () => number },
): Promise<"delivered" | "retried" | "failed" | "released" | "disabled"> {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, event: developerEvents })
    .from(webhookEndpoints)
    .innerJoin(developerEvents, eq(developerEvents.id, claimed.event_id))
    .where(eq(webhookEndpoints.id, claimed.endpoint_id));
  if (!row) return "released";
  const outcome = await attempt(row.endpoint, row.event, now, policy);
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const gone = outcome.statusCode === 410;
  const delay = ok || gone ? null : retryDelayMs(claimed.attempts, random());
  const nextRetryAt = delay === null ? null : new Date(now.getTime() + delay);
  const failure = ok ? null : (outcome.error ?? `answered HTTP ${outcome.statusCode}`);

  const settled = await db.transaction(async (tx) => {
    const [delivery] = await tx
      .update(webhookDeliveries)
      .set(
        ok
          ? { status: "DELIVERED", deliveredAt: now, leasedUntil: null, lastError: null }
          : nextRetryAt
            ? { nextAttemptAt: nextRetryAt, leasedUntil: null, lastError: failure }
            : { status: "FAILED", leasedUntil: null, lastError: failure },
      )
      .where(
        and(
          eq(webhookDeliveries.id, claimed.id),
          eq(webhookDeliveries.attempts, claimed.attempts),
          eq(webhookDeliveries.status, "PENDING"),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    // Re-claimed after this worker's lease ran out: the other worker's try is the one on record.
    if (!delivery) return false;
    await tx.insert(webhookAttempts).values({
      deliveryId: claimed.id,
      endpointId: claimed.endpoint_id,
      attemptedAt: now,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: failure,
      responseExcerpt: outcome.excerpt,
      nextRetryAt,
    });
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: ok ? null : sql`coalesce(${webhookEndpoints.failingSince}, ${at(now)})` })
      .where(eq(webhookEndpoints.id, claimed.endpoint_id));
    return true;
  });
  if (!settled) return "released";
  if (ok) return "delivered";
  if (gone) return (await disableEndpoint(db, row.endpoint, "gone", now)) ? "disabled" : "failed";
  if (nextRetryAt) return "retried";
  // The schedule is spent: an endpoint that has failed everything for as long is turned off.
  const failingSince = row.endpoint.failingSince ?? now;
  if (now.getTime() - failingSince.getTime() >= FAILING_FOR_MS && (await disableEndpoint(db, row.endpoint, "failing", now)))
    return "disabled";
  return "failed";
}

/** One pass: claim due deliveries and send them all at once, each settled as soon as it is answered. */
export async function deliverDueWebhooks({
  now = new Date(),
  batchSize = DEFAULT_BATCH_SIZE,
  timeoutMs = SEND_TIMEOUT_MS,
  policy,
  random = Math.random,
}: DeliveryOptions = {}): Promise<DeliveryResult> {
  const db = await getDb();
  const claimed = await claimDue(db, now, batchSize);
  const result: DeliveryResult = { claimed: claimed.length, delivered: 0, retried: 0, failed: 0, endpointsDisabled: 0 };
  const sendPolicy = deliveryPolicy(policy, timeoutMs);
  const outcomes = await Promise.all(claimed.map((each) => deliverOne(db, each, { now, policy: sendPolicy, random })));
  for (const outcome of outcomes) {
    if (outcome === "delivered") result.delivered += 1;
    else if (outcome === "retried") result.retried += 1;
    else if (outcome === "failed") result.failed += 1;
    else if (outcome === "disabled") {
      result.failed += 1;
      result.endpointsDisabled += 1;
    }
  }
  return result;
}

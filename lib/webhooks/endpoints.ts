import { and, asc, eq, sql } from "drizzle-orm";

import { getDb, queryRows, type Executor } from "@/db/client";
import { countRows } from "@/db/paginate";
import { developers, webhookEndpoints, type WebhookEndpoint } from "@/db/schema";
import { ApiError, notFound } from "@/lib/core/errors";
import type { Access } from "@/lib/members/access";

import { appLimited } from "./event-access";
import { WEBHOOK_LIMITS, type CreateWebhookInput, type UpdateWebhookInput } from "./schemas";
import { newSigningSecret, ROTATION_OVERLAP_HOURS } from "./secrets";
import { assertWebhookUrl } from "./url-policy";

// A publisher's webhook endpoints. An endpoint receives the events of every app of the account, so
// only callers who reach every app manage them: a member or key limited to some apps is refused.

async function assertReachesEveryApp(db: Executor, access: Access): Promise<void> {
  const [row] = await queryRows<{ limited: boolean }>(db, sql`select ${appLimited(access)} as limited`);
  if (row?.limited) {
    throw new ApiError(
      "forbidden",
      "webhooks receive the events of every app of the account: a member or key limited to some apps cannot manage them",
    );
  }
}

const ofAccount = (access: Access, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.developerId, access.developerId))!;

/** One of the account's endpoints; anyone else's, or none, is 404. */
export async function getWebhook({ access, id }: { access: Access; id: string }, tx?: Executor): Promise<WebhookEndpoint> {
  const db = tx ?? (await getDb());
  await assertReachesEveryApp(db, access);
  const [endpoint] = await db.select().from(webhookEndpoints).where(ofAccount(access, id));
  if (!endpoint) throw notFound("webhook");
  return endpoint;
}

export async function listWebhooks(access: Access): Promise<WebhookEndpoint[]> {
  const db = await getDb();
  await assertReachesEveryApp(db, access);
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.developerId, access.developerId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

/** A new endpoint with a new secret, at most WEBHOOK_LIMITS.endpoints per account (counted under the account's row lock). */
export async function createWebhook({ access, input }: { access: Access; input: CreateWebhookInput }): Promise<WebhookEndpoint> {
  await assertWebhookUrl(input.url);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertReachesEveryApp(tx, access);
    await tx.select({ id: developers.id }).from(developers).where(eq(developers.id, access.developerId)).for("update");
    if ((await countRows(tx, webhookEndpoints, eq(webhookEndpoints.developerId, access.developerId))) >= WEBHOOK_LIMITS.endpoints) {
      throw new ApiError("conflict", `an account can have at most ${WEBHOOK_LIMITS.endpoints} webhook endpoints; delete one first`);
    }
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        developerId: access.developerId,
        url: input.url,
        description: input.description ?? null,
        eventTypes: input.eventTypes ?? null,
        enabled: input.enabled ?? true,
        secret: newSigningSecret(),
      })
      .returning();
    return endpoint!;
  });
}

/** Changes the fields sent. Turning an endpoint on again clears why the marketplace turned it off. */
export async function updateWebhook({
  access,
  id,
  input,
}: {
  access: Access;
  id: string;
  input: UpdateWebhookInput;
}): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await assertWebhookUrl(input.url);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await getWebhook({ access, id }, tx);
    const enabling = input.enabled === true && !current.enabled;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined && { url: input.url }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.eventTypes !== undefined && { eventTypes: input.eventTypes }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
        ...(enabling && { disabledReason: null, disabledAt: null, failingSince: null }),
        updatedAt: new Date(),
      })
      .where(ofAccount(access, id))
      .returning();
    return endpoint!;
  });
}

export async function deleteWebhook({ access, id }: { access: Access; id: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await getWebhook({ access, id }, tx);
    await tx.delete(webhookEndpoints).where(ofAccount(access, id));
  });
}

/**
 * A new secret; the one it replaces keeps signing beside it for ROTATION_OVERLAP_HOURS, so a
 * receiver can switch without losing a delivery. A secret replaced earlier than that stops at once.
 */
export async function rotateWebhookSecret({
  access,
  id,
  now = new Date(),
}: {
  access: Access;
  id: string;
  now?: Date;
}): Promise<WebhookEndpoint> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await getWebhook({ access, id }, tx);
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: webhookEndpoints.secret,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_HOURS * 3_600_000),
        secret: newSigningSecret(),
        updatedAt: now,
      })
      .where(ofAccount(access, id))
      .returning();
    return endpoint!;
  });
}

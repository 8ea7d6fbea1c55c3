import { and, desc, eq } from "drizzle-orm";

import { getDb } from "@/db/client";
import { developerEvents, webhookAttempts, webhookDeliveries } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { emitEvent } from "@/lib/events/emit";
import type { Access } from "@/lib/members/access";

import { getWebhook } from "./endpoints";

type Endpoint = { access: Access; id: string };

/** The endpoint's delivery log: its attempts, newest first, each with its event and the delivery's state. */
export async function listDeliveryAttempts({ access, id, limit }: Endpoint & { limit: number }) {
  await getWebhook({ access, id });
  const db = await getDb();
  return db
    .select({
      attempt: webhookAttempts,
      eventId: webhookDeliveries.eventId,
      eventType: developerEvents.type,
      deliveryStatus: webhookDeliveries.status,
    })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .innerJoin(developerEvents, eq(developerEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookAttempts.endpointId, id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(limit);
}
export type DeliveryAttemptRow = Awaited<ReturnType<typeof listDeliveryAttempts>>[number];

/** Sends one of the account's events to the endpoint again, as a new delivery due now (the same `webhook-id`). */
export async function redeliverEvent({ access, id, eventId }: Endpoint & { eventId: string }) {
  await getWebhook({ access, id });
  const db = await getDb();
  const [event] = await db
    .select()
    .from(developerEvents)
    .where(and(eq(developerEvents.id, eventId), eq(developerEvents.developerId, access.developerId)));
  if (!event || event.position === null) throw notFound("event");
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ endpointId: id, eventId, appId: event.appId, position: event.position })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: delivery!.id, eventId };
}

/** A `webhook.test` event for this endpoint only, delivered like any other once sequenced. */
export async function sendTestEvent({ access, id }: Endpoint) {
  const endpoint = await getWebhook({ access, id });
  const db = await getDb();
  const eventId = await db.transaction((tx) =>
    emitEvent(tx, {
      developerId: access.developerId,
      type: "webhook.test",
      data: { webhook: { id: endpoint.id, url: endpoint.url }, message: "A test event from the Yapture Marketplace." },
    }),
  );
  return { deliveryId: null, eventId };
}

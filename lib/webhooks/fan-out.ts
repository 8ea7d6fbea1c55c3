import { sql } from "drizzle-orm";

import type { Executor } from "@/db/client";
import { developerEvents, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { SequencedEvent } from "@/lib/events/sequencer";

/**
 * A delivery of each just-sequenced event to each enabled endpoint of its account that takes its
 * type, in the sequencer's transaction (so each is made once). A test event goes only to the
 * endpoint it names.
 */
export async function fanOutDeliveries(tx: Executor, events: SequencedEvent[]): Promise<void> {
  const ids = events.map((event) => event.id);
  await tx.execute(sql`insert into ${webhookDeliveries} (endpoint_id, event_id, app_id, position)
    select ${webhookEndpoints.id}, ${developerEvents.id}, ${developerEvents.appId}, ${developerEvents.position}
    from ${developerEvents} join ${webhookEndpoints} on ${webhookEndpoints.developerId} = ${developerEvents.developerId}
    where ${developerEvents.id} in (select unnest(${sql.param(ids)}::uuid[]))
      and ${webhookEndpoints.enabled}
      and (${webhookEndpoints.eventTypes} is null or ${developerEvents.type} = any(${webhookEndpoints.eventTypes}))
      and (${developerEvents.type} <> 'webhook.test' or ${developerEvents.data} -> 'webhook' ->> 'id' = ${webhookEndpoints.id}::text)`);
}

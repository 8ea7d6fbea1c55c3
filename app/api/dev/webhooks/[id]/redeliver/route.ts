import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { redeliverEvent } from "@/lib/webhooks/deliveries";
import { WEBHOOKS } from "@/lib/webhooks/operations";

// POST /api/dev/webhooks/:id/redeliver — send one of the account's events to the endpoint again.
export const { POST } = handle(WEBHOOKS.redeliver, async ({ access, params, body }) =>
  json(await redeliverEvent({ access, id: params.id, eventId: body.eventId }), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);

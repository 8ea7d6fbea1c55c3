import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { listDeliveryAttempts } from "@/lib/webhooks/deliveries";
import { WEBHOOKS } from "@/lib/webhooks/operations";
import { deliveryAttemptView } from "@/lib/webhooks/views";

// GET /api/dev/webhooks/:id/deliveries — the endpoint's delivery log, newest first.
export const { GET } = handle(WEBHOOKS.deliveries, async ({ access, params, query }) =>
  json({ data: (await listDeliveryAttempts({ access, id: params.id, limit: query.limit })).map(deliveryAttemptView) }),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods(["GET"]);

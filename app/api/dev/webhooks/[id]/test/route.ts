import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { sendTestEvent } from "@/lib/webhooks/deliveries";
import { WEBHOOKS } from "@/lib/webhooks/operations";

// POST /api/dev/webhooks/:id/test — a webhook.test event for this endpoint.
export const { POST } = handle(WEBHOOKS.test, async ({ access, params }) =>
  json(await sendTestEvent({ access, id: params.id }), { status: 202 }),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);

import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { rotateWebhookSecret } from "@/lib/webhooks/endpoints";
import { WEBHOOKS } from "@/lib/webhooks/operations";
import { webhookWithSecretView } from "@/lib/webhooks/views";

// POST /api/dev/webhooks/:id/rotate-secret — a new signing secret, shown once; the old one signs beside it for 24 hours.
export const { POST } = handle(WEBHOOKS.rotateSecret, async ({ access, params }) =>
  json(webhookWithSecretView(await rotateWebhookSecret({ access, id: params.id }))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);

import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import { WEBHOOKS } from "@/lib/webhooks/operations";
import { webhookView, webhookWithSecretView } from "@/lib/webhooks/views";

// GET /api/dev/webhooks — the account's webhook endpoints.
export const { GET } = handle(WEBHOOKS.list, async ({ access }) => json({ data: (await listWebhooks(access)).map(webhookView) }));

// POST /api/dev/webhooks — add an endpoint; the answer holds its signing secret, once.
export const { POST } = handle(WEBHOOKS.create, async ({ access, body: input }) =>
  json(webhookWithSecretView(await createWebhook({ access, input })), { status: 201 }),
);

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);

import { json, noContent, otherMethods } from "@/lib/http";
import { handle, type HandlerContext } from "@/lib/http/handle";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/webhooks/endpoints";
import { WEBHOOKS } from "@/lib/webhooks/operations";
import { webhookView } from "@/lib/webhooks/views";

// GET /api/dev/webhooks/:id — one endpoint.
export const { GET } = handle(WEBHOOKS.get, async ({ access, params }) => json(webhookView(await getWebhook({ access, id: params.id }))));

// PUT /api/dev/webhooks/:id — change an endpoint (partial); PATCH is its alias.
const update = async ({ access, params, body: input }: HandlerContext<typeof WEBHOOKS.update>) =>
  json(webhookView(await updateWebhook({ access, id: params.id, input })));
export const { PUT } = handle(WEBHOOKS.update, update);
export const { PATCH } = handle(WEBHOOKS.patch, update);

// DELETE /api/dev/webhooks/:id — delete an endpoint and its deliveries.
export const { DELETE } = handle(WEBHOOKS.delete, async ({ access, params }) => {
  await deleteWebhook({ access, id: params.id });
  return noContent();
});

export const { POST } = otherMethods(["GET", "PUT", "PATCH", "DELETE"]);

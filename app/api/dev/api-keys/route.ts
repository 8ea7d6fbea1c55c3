import { API_KEYS } from "@/lib/api-keys/operations";
import { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import { apiKeyView, createdApiKeyView } from "@/lib/api-keys/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// GET /api/dev/api-keys — the account's keys the caller may see, masked, newest first.
export const { GET } = handle(API_KEYS.list, async ({ access, member }) => {
  const keys = await listApiKeys({ access, member });
  const now = new Date();
  return json({ data: keys.map((key) => apiKeyView(key, now)) });
});

// POST /api/dev/api-keys — create a key; the only response that ever holds the full key.
export const { POST } = handle(API_KEYS.create, async ({ access, caller, member, body: input }) => {
  const { key, plaintext } = await createApiKey({ access, caller, member, input });
  return json(createdApiKeyView(key, plaintext), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);

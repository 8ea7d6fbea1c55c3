import { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import { apiKeyView, createdApiKeyView } from "@/lib/api-keys/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { API_KEYS } from "@/lib/api-keys/operations";

// GET /api/dev/api-keys — the caller's keys, masked, newest first.
export const { GET } = handle(API_KEYS.list, async ({ developer }) => {
  const keys = await listApiKeys(developer.id);
  const now = new Date();
  return json({ data: keys.map((key) => apiKeyView(key, now)) });
});

// POST /api/dev/api-keys — create a key; the only response that ever holds the full key.
export const { POST } = handle(API_KEYS.create, async ({ developer, caller, body: input }) => {
  const { key, plaintext } = await createApiKey({ developerId: developer.id, caller, input });
  return json(createdApiKeyView(key, plaintext), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);

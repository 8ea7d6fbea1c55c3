import { createApiKey, listApiKeys } from "@/lib/api-keys/service";
import { apiKeyView, createdApiKeyView } from "@/lib/api-keys/views";
import { withDeveloper } from "@/lib/http/with-developer";
import { json, otherMethods, readBody } from "@/lib/http";
import { createApiKeyBody } from "@/lib/validation/api-keys";

// GET /api/dev/api-keys — the caller's keys, masked, newest first.
export const GET = withDeveloper({ scope: null }, async ({ developer }) => {
  const keys = await listApiKeys(developer.id);
  const now = new Date();
  return json({ data: keys.map((key) => apiKeyView(key, now)) });
});

// POST /api/dev/api-keys — create a key; the only response that ever holds the full key.
export const POST = withDeveloper({ scope: null }, async ({ developer, caller, request }) => {
  const input = await readBody(request, createApiKeyBody);
  const { key, plaintext } = await createApiKey({ developerId: developer.id, caller, input });
  return json(createdApiKeyView(key, plaintext), { status: 201 });
});

export const { PUT, PATCH, DELETE } = otherMethods(["GET", "POST"]);

import { API_KEYS } from "@/lib/api-keys/operations";
import { rotateApiKey } from "@/lib/api-keys/service";
import { createdApiKeyView } from "@/lib/api-keys/views";
import { json, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// POST /api/dev/api-keys/:id/rotate — { overlapHours? }: a successor, shown once; the old key stops after the overlap.
export const { POST } = handle(API_KEYS.rotate, async ({ access, caller, member, params, body: { overlapHours } }) => {
  const { key, plaintext } = await rotateApiKey({ access, caller, member, keyId: params.id, overlapHours });
  return json(createdApiKeyView(key, plaintext), { status: 201 });
});

export const { GET, PUT, PATCH, DELETE } = otherMethods(["POST"]);

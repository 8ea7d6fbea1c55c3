import { revokeApiKey } from "@/lib/api-keys/service";
import { noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { API_KEYS } from "@/lib/api-keys/operations";

// DELETE /api/dev/api-keys/:id — revoke a key and the keys created with it; they stop working on the next request.
export const { DELETE } = handle(API_KEYS.revoke, async ({ developer, caller, params }) => {
  await revokeApiKey({ developerId: developer.id, keyId: params.id, caller });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);

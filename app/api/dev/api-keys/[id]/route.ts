import { API_KEYS } from "@/lib/api-keys/operations";
import { revokeApiKey } from "@/lib/api-keys/service";
import { noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";

// DELETE /api/dev/api-keys/:id — revoke a key and the keys created with it; they stop working on the next request.
export const { DELETE } = handle(API_KEYS.revoke, async ({ access, caller, member, params }) => {
  await revokeApiKey({ access, caller, member, keyId: params.id });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);

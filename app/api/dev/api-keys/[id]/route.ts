import { revokeApiKey } from "@/lib/api-keys/service";
import { withDeveloper } from "@/lib/http/with-developer";
import { noContent, otherMethods } from "@/lib/http";

// DELETE /api/dev/api-keys/:id — revoke a key and the keys created with it; they stop working on the next request.
export const DELETE = withDeveloper<{ id: string }>({ scope: null }, async ({ developer, caller, params }) => {
  await revokeApiKey({ developerId: developer.id, keyId: params.id, caller });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);

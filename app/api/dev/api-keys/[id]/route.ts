import { revokeApiKey } from "@/lib/api-keys/service";
import { withDeveloper } from "@/lib/auth/with-developer";
import { noContent, otherMethods } from "@/lib/http";

// DELETE /api/dev/api-keys/:id — revoke a key; it stops working on the next request.
export const DELETE = withDeveloper<{ id: string }>({ scope: null, requireVerified: true }, async ({ developer, params }) => {
  await revokeApiKey({ developerId: developer.id, keyId: params.id });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);

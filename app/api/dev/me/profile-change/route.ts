import { withDeveloper } from "@/lib/http/with-developer";
import { withdrawProfileChange } from "@/lib/developers/profile-changes";
import { noContent, otherMethods } from "@/lib/http";

// DELETE /api/dev/me/profile-change — the developer withdraws the change waiting for review; the public profile stays.
export const DELETE = withDeveloper({ scope: null }, async ({ caller, developer }) => {
  await withdrawProfileChange({ developerId: developer.id, caller });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);

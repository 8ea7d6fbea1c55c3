import { withdrawProfileChange } from "@/lib/developers/profile-changes";
import { noContent, otherMethods } from "@/lib/http";
import { handle } from "@/lib/http/handle";
import { PROFILE } from "@/lib/developers/operations";

// DELETE /api/dev/me/profile-change — the developer withdraws the change waiting for review; the public profile stays.
export const { DELETE } = handle(PROFILE.withdrawChange, async ({ caller, developer, access }) => {
  await withdrawProfileChange({ developerId: developer.id, caller, access });
  return noContent();
});

export const { GET, POST, PUT, PATCH } = otherMethods(["DELETE"]);
